// npm run bench -- <name> [args]: runs bench/<name>.ts. Without a name, lists them.
// Runs with the project's V8 flags (scripts/node-flags.mjs), as main does, so a bench that
// measures this process (main's side of an export) measures it as main runs.
import { existsSync, readdirSync } from 'node:fs';
import { withNodeFlags } from './node-flags.mjs';
import { runTs } from './run-ts.mjs';

await withNodeFlags();

const [name, ...args] = process.argv.slice(2);
const names = readdirSync('bench')
  .filter((f) => f.endsWith('.ts') && !f.startsWith('_'))
  .map((f) => f.slice(0, -3));
if (!name || !existsSync(`bench/${name}.ts`)) {
  console.error(`usage: npm run bench -- <name>\nbenchmarks: ${names.join(', ') || '(none yet)'}`);
  process.exit(name ? 2 : 0);
}
const mod = await runTs(`bench/${name}.ts`, args);
if (typeof mod.default === 'function') await mod.default(args);
