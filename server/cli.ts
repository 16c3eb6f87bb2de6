/**
 * The API server entry point (bundled to dist/server/cli.mjs).
 *   --memory            in-memory PGlite (nothing kept)
 *   --data-dir DIR      PGlite folder (env CONSOLE_DATA_DIR)
 *   --storage-dir DIR   file storage folder (env STORAGE_DIR); default `storage` beside the
 *                       PGlite folder, `.data/storage` with DATABASE_URL (API and worker alike),
 *                       a temporary folder with --memory
 *   DATABASE_URL        PostgreSQL server instead of PGlite
 *   API_PORT, IDP_PORT  ports (0 = any free port)
 *   SFTP_PORT           the SFTP drop server's port (default 8402, DEFAULT_SFTP_PORT; 0 = any free port)
 *   --drop-dir DIR      the SFTP drop root (env DROP_DIR); default `drop` beside the PGlite folder,
 *                       `.data/drop` with DATABASE_URL, a temporary folder with --memory
 *   MUZOOKA_URL         the Muzooka service (artist sync, pull-image); the sandbox starts a stand-in without it
 *   --seed N, --scale N seed number and size for the first start on an empty database
 *   --sandbox           run as the console's embedded sandbox (sandbox-only routes);
 *                       only the console's sandbox start passes it, never a default
 *   --no-worker         an API that runs no job worker (separate `npm run worker` processes run the jobs)
 *   --worker            a job worker alone (npm run worker): needs DATABASE_URL
 *   WORKER_CONCURRENCY  with --worker: jobs of each kind it runs at once (1 to MAX_WORKER_CONCURRENCY)
 *   --log-file PATH     write the request/error log (the worker's: job failures; pino JSON lines) there instead of stdout
 *   LOG_LEVEL           pino level (default info; `silent` turns logging off)
 */
import { DEFAULT_SFTP_PORT } from '../shared/constants';
import { startServer } from './app';
import { exitOnStop } from './process';
import { runWorkerProcess, workerConcurrency } from './worker';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? undefined : process.argv[i + 1];
}
const flag = (name: string) => process.argv.includes(`--${name}`);
/** The file storage of API servers and workers on a PostgreSQL server, unless STORAGE_DIR says otherwise. */
const DEFAULT_SERVER_STORAGE = '.data/storage';
/** The SFTP drop root of API servers on a PostgreSQL server, unless DROP_DIR says otherwise. */
const DEFAULT_SERVER_DROP = '.data/drop';

async function main() {
  if (flag('worker')) {
    return runWorkerProcess({
      databaseUrl: process.env.DATABASE_URL || undefined,
      storageDir: arg('storage-dir') ?? process.env.STORAGE_DIR ?? DEFAULT_SERVER_STORAGE,
      concurrency: workerConcurrency(process.env.WORKER_CONCURRENCY),
      // Logged like the API: stdout at LOG_LEVEL, or --log-file (secrets redacted).
      logger: { level: process.env.LOG_LEVEL || 'info', file: arg('log-file') },
    });
  }
  const asChild = typeof process.send === 'function';
  const defaultPort = (p: number) => (asChild ? 0 : p);
  const memory = flag('memory');
  const databaseUrl = memory ? undefined : process.env.DATABASE_URL || undefined;
  const dataDir = memory || databaseUrl ? undefined : (arg('data-dir') ?? process.env.CONSOLE_DATA_DIR ?? '.data/pglite');
  const server = await startServer({
    databaseUrl,
    dataDir,
    storageDir: memory ? undefined : (arg('storage-dir') ?? process.env.STORAGE_DIR ?? (databaseUrl ? DEFAULT_SERVER_STORAGE : undefined)),
    apiPort: Number(process.env.API_PORT ?? defaultPort(8400)),
    idpPort: Number(process.env.IDP_PORT ?? defaultPort(8401)),
    seed: Number(arg('seed') ?? 1),
    scale: Number(arg('scale') ?? 1),
    sandbox: flag('sandbox'),
    muzookaUrl: process.env.MUZOOKA_URL || undefined,
    worker: !flag('no-worker'),
    sftp: {
      port: Number(process.env.SFTP_PORT ?? defaultPort(DEFAULT_SFTP_PORT)),
      dropDir: memory ? undefined : (arg('drop-dir') ?? process.env.DROP_DIR ?? (databaseUrl ? DEFAULT_SERVER_DROP : undefined)),
    },
    // Logging is on by default: a 500 in production leaves a trace (secrets redacted).
    logger: { level: process.env.LOG_LEVEL || 'info', file: arg('log-file') },
    log: (m) => console.log(m),
  });
  console.log(`API listening on ${server.api}`);
  console.log(`Identity provider on ${server.idp}`);
  console.log(`SFTP drop server on ${server.sftp!.url} (drop folder ${server.sftp!.dropDir})`);
  if (asChild) process.send!({ type: 'ready', api: server.api, idp: server.idp, sftp: server.sftp!.url, sftpHostKey: server.sftp!.hostPublicKey });
  exitOnStop(server.close);
}

main().catch((e) => {
  console.error(e instanceof Error && flag('worker') ? e.message : e);
  process.exit(1);
});
