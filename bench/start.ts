/**
 * npm run bench -- start [--runs N]
 *
 * 1. Time from the start command (node scripts/start.mjs, browser host) to its ready
 *    line: a cold start (fresh data folder: the sandbox database is created and
 *    seeded) and warm restarts on the same folder (build already up to date).
 * 2. The gzip size of the renderer's initial JavaScript: the entry chunk of
 *    dist/renderer/index.html and every chunk it imports statically, against the
 *    200 KB budget.
 * Prints a table, then one JSON line.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_GZIP_BYTES = 200 * 1024;
/** The ready line; on a machine without a desktop keychain it ends with " (private keyring: …)". */
const READY = /^Console ready: (\S+)(?: \(private keyring[^)]*\))?$/m;

async function timeStart(dataDir: string): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: { ...process.env, CONSOLE_DATA_DIR: dataDir, CONSOLE_BROWSER_HOST: '1', API_URL: '', IDP_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr.on('data', (d) => (err += d));
  try {
    await new Promise<void>((res, rej) => {
      child.stdout.on('data', (d) => {
        out += d;
        if (READY.test(out)) res();
      });
      child.once('exit', (code) => rej(new Error(`start exited (${code}) before ready:\n${out}${err}`)));
    });
    return performance.now() - started;
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGINT');
    await exited;
  }
}

/** The entry script of index.html plus its static imports (and modulepreloads), transitively. */
export function initialChunks(rendererDir: string): string[] {
  const html = readFileSync(join(rendererDir, 'index.html'), 'utf8');
  const refs = [
    ...[...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)].map((m) => m[1]),
    ...[...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]),
  ];
  const seen = new Set<string>();
  const queue = refs.map((r) => join(rendererDir, r.replace(/^\//, '')));
  while (queue.length) {
    const file = queue.shift()!;
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    // Static imports only: `import x from "./a.js"`, `import "./a.js"`, `export … from "./a.js"`; never import().
    for (const m of code.matchAll(/(?:^|[;\s}])(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g)) {
      queue.push(resolve(dirname(file), m[1]));
    }
  }
  return [...seen];
}

export default async function bench(args: string[]): Promise<void> {
  const runsArg = args.indexOf('--runs');
  const warmRuns = runsArg === -1 ? 3 : Math.max(1, Number(args[runsArg + 1]) || 3);
  // Build first so that the timings are of starting, not of building.
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: ['ignore', 2, 2] });
  if (build.status !== 0) throw new Error('build failed');

  const dataDir = mkdtempSync(join(tmpdir(), 'bench-start-'));
  let cold: number;
  const warm: number[] = [];
  try {
    cold = await timeStart(dataDir);
    for (let i = 0; i < warmRuns; i++) warm.push(await timeStart(dataDir));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  warm.sort((a, b) => a - b);
  const warmMedian = warm[Math.floor(warm.length / 2)];

  const rendererDir = resolve('dist/renderer');
  const chunks = initialChunks(rendererDir);
  const raw = chunks.reduce((n, f) => n + readFileSync(f).length, 0);
  const gzip = chunks.reduce((n, f) => n + gzipSync(readFileSync(f), { level: 9 }).length, 0);

  const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;
  const rows: [string, string][] = [
    ['start → ready, cold (new sandbox, seeded)', `${cold.toFixed(0)} ms`],
    [`start → ready, warm (median of ${warm.length})`, `${warmMedian.toFixed(0)} ms`],
    [`initial JS chunks`, String(chunks.length)],
    ['initial JS, raw', kb(raw)],
    ['initial JS, gzip', kb(gzip)],
    ['budget (gzip)', `${kb(BUDGET_GZIP_BYTES)} ${gzip <= BUDGET_GZIP_BYTES ? 'OK' : 'OVER'}`],
  ];
  const width = Math.max(...rows.map((r) => r[0].length));
  console.log('bench: start');
  for (const [k, v] of rows) console.log(`  ${k.padEnd(width)}  ${v}`);
  for (const f of chunks) console.log(`    ${f.slice(rendererDir.length + 1)}  ${kb(gzipSync(readFileSync(f), { level: 9 }).length)} gzip`);
  console.log(
    JSON.stringify({
      bench: 'start',
      startColdMs: Math.round(cold),
      startWarmMedianMs: Math.round(warmMedian),
      startWarmMs: warm.map(Math.round),
      initialJsChunks: chunks.length,
      initialJsBytes: raw,
      initialJsGzipBytes: gzip,
      budgetGzipBytes: BUDGET_GZIP_BYTES,
      withinBudget: gzip <= BUDGET_GZIP_BYTES,
    }),
  );
}
