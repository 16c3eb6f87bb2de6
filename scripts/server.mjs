// npm run server: the v4 API and the identity provider alone (no console).
// Ports from API_PORT / IDP_PORT (defaults 8400 / 8401), DATABASE_URL for a PostgreSQL
// server, otherwise PGlite in CONSOLE_DATA_DIR (default .data/pglite) or --memory.
// npm run worker (--worker): a job worker alone on the DATABASE_URL server (server/worker.ts).
// npm run server -- --no-worker: the API without a job worker (npm run worker processes run the jobs).
// Uses the built dist/server/cli.mjs when it is newer than the sources, else bundles on the fly.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runTs } from './run-ts.mjs';

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
