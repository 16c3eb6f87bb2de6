// npm run bench -- <name> [args]: runs bench/<name>.ts. Without a name, lists them.
import { existsSync, readdirSync } from 'node:fs';
import { runTs } from './run-ts.mjs';

const [name, ...args] = process.argv.slice(2);
const names = readdirSync('bench').filter((f) => f.endsWith('.ts') && !f.startsWith('_')).map((f) => f.slice(0, -3));
if (!name || !existsSync(`bench/${name}.ts`)) {
  console.error(`usage: npm run bench -- <name>\nbenchmarks: ${names.join(', ') || '(none yet)'}`);
  process.exit(name ? 2 : 0);
}
const mod = await runTs(`bench/${name}.ts`, args);
if (typeof mod.default === 'function') await mod.default(args);
