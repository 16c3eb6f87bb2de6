// node scripts/run-parallel.mjs <npm script>... : runs npm scripts at once, each one's
// output held and printed whole when it ends (never interleaved), and exits with the
// first failing script's code (0 when all pass). `npm test` runs typecheck, lint,
// format:check and test:template so: each is mostly single-threaded (tsc -b 1 min 10 s from
// nothing, eslint about 2 min with its typed rules, the format check 20 s, the seeded
// template's build 25-28 s), so on two cores the four take a little longer than the lint alone.
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: node scripts/run-parallel.mjs <npm script>...');
  process.exit(2);
}

// The npm that started this (npm sets npm_execpath to its CLI script), run by this Node; else npm from PATH.
const [cmd, pre] = process.env.npm_execpath ? [process.execPath, [process.env.npm_execpath]] : ['npm', []];
const started = performance.now();
const runs = scripts.map(
  (name) =>
    new Promise((resolve) => {
      const chunks = [];
      const child = spawn(cmd, [...pre, 'run', name], { stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout.on('data', (d) => chunks.push(d));
      child.stderr.on('data', (d) => chunks.push(d));
      child.on('error', (err) => chunks.push(Buffer.from(`${err.message}\n`)));
      child.on('close', (code, signal) => {
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        const status = code === 0 ? 'passed' : `failed (${signal ?? `exit ${code}`})`;
        process.stdout.write(`\n> npm run ${name}: ${status} in ${seconds} s\n${Buffer.concat(chunks).toString()}`);
        resolve(code ?? 1);
      });
    }),
);
const codes = await Promise.all(runs);
process.exit(codes.find((c) => c !== 0) ?? 0);
