// npm run server: the v4 API and the identity provider alone (no console).
// Ports from API_PORT / IDP_PORT (defaults 8400 / 8401), DATABASE_URL for a PostgreSQL
// server, otherwise PGlite in CONSOLE_DATA_DIR (default .data/pglite) or --memory.
// npm run worker (--worker): a job worker alone on the DATABASE_URL server (server/worker.ts).
// npm run sftp (--sftp): the SFTP drop server alone on the DATABASE_URL server (server/sftp/process.ts);
// npm run server starts it as its own child process.
// npm run server -- --no-worker: the API without a job worker (npm run worker processes run the jobs).
// Uses the built dist/server/cli.mjs when it is newer than the sources, else bundles on the fly.
// Runs with the project's V8 flags (scripts/node-flags.mjs; a worker with WORKER_NODE_FLAGS): started without them, it starts
// itself again with them (the process npm started passes signals, IPC and the exit code on).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { nodeFlagsFor, withNodeFlags } from './node-flags.mjs';
import { runTs } from './run-ts.mjs';

// A worker runs with the worker's flags (a smaller young generation: its peak RSS, issue 15).
await withNodeFlags(nodeFlagsFor());

function newest(dir) {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

const built = 'dist/server/cli.mjs';
const args = process.argv.slice(2);
if (existsSync(built) && statSync(built).mtimeMs > Math.max(newest('server'), newest('shared'))) {
  process.argv = [process.argv[0], built, ...args];
  await import(pathToFileURL(built).href);
} else {
  await runTs('server/cli.ts', args);
}
