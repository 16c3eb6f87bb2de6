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
 *   PUBLIC_URL          the API's public origin, the start of its pagination links; default its listening address
 *   IDP_PUBLIC_URL      the identity provider's public origin (the issuer of its RFC 8414 metadata); default its listening address
 *   --seed N, --scale N seed number and size for the first start on an empty database
 *   --sandbox           run as the console's embedded sandbox (sandbox-only routes);
 *                       only the console's sandbox start passes it, never a default
 *   --no-worker         an API that runs no job worker (separate `npm run worker` processes run the jobs)
 *   --worker            a job worker alone (npm run worker): needs DATABASE_URL
 *   --sftp              the SFTP drop server alone (npm run sftp): needs DATABASE_URL (the API server
 *                       starts it as its child, which on PGlite asks the API over IPC: --db-over-ipc);
 *                       SFTP_HOST (default 127.0.0.1), SFTP_HEALTH_PORT (its /health and /ready; default
 *                       8403 alone, none as the API's child; 0 = any free port), the limits of
 *                       server/sftp/limits.ts (SFTP_MAX_CONNECTIONS…; README "SFTP limits")
 *   WORKER_CONCURRENCY  with --worker: jobs of each kind it runs at once (1 to MAX_WORKER_CONCURRENCY)
 *   --log-file PATH     write the request/error log (the worker's: job failures; pino JSON lines) there instead of stdout
 *   LOG_LEVEL           pino level (default info; `silent` turns logging off)
 *   HOST                the API's and identity provider's listening address (default 127.0.0.1)
 *   SHUTDOWN_GRACE_SECONDS  on SIGTERM, how long requests in flight and running jobs may finish (default 10)
 *   METRICS_TOKEN       when set, GET /metrics needs `Authorization: Bearer <it>` (server/ops/routes.ts)
 *   WORKER_HEALTH_PORT  with --worker: the port of its /health, /ready, /metrics listener (unset: none; 0: any)
 *   WORKER_HEALTH_HOST  with --worker: that listener's address (default 127.0.0.1)
 *   TRUST_PROXY         the reverse proxies whose X-Forwarded-For is believed (addresses/CIDR ranges, or 1-10 hops; none by default)
 */
import { DEFAULT_SFTP_PORT } from '../shared/constants';
import { startServer } from './app';
import { parsePublicUrl } from './api/public-url';
import { exitOnStop } from './process';
import { fileURLToPath } from 'node:url';
import { DEFAULT_SFTP_HEALTH_PORT, runSftpProcess } from './sftp/process';
import { sftpLimitsFromEnv } from './sftp/limits';
import { runWorkerProcess, workerConcurrency, workerHealthPort } from './worker';
import { shutdownGraceSeconds } from './ops/shutdown';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? undefined : process.argv[i + 1];
}
const flag = (name: string) => process.argv.includes(`--${name}`);
/** The file storage of API servers and workers on a PostgreSQL server, unless STORAGE_DIR says otherwise. */
const DEFAULT_SERVER_STORAGE = '.data/storage';
/** The SFTP drop root of API servers on a PostgreSQL server, unless DROP_DIR says otherwise. */
const DEFAULT_SERVER_DROP = '.data/drop';

/** A public origin from the environment (PUBLIC_URL, IDP_PUBLIC_URL); a bad one stops the start. */
const publicOrigin = (name: string) => parsePublicUrl(name, process.env[name]);

/** SFTP_HEALTH_PORT: unset → `fallback`; `off` → none; else a port (0 = any free port). */
function healthPort(fallback: number | null): number | null {
  const v = process.env.SFTP_HEALTH_PORT;
  if (v === undefined || v === '') return fallback;
  if (v === 'off') return null;
  const n = /^[0-9]{1,5}$/.test(v) ? Number(v) : NaN;
  if (!(n <= 65535)) throw new Error(`SFTP_HEALTH_PORT must be a port (0-65535) or "off". Got ${JSON.stringify(v)}.`);
  return n;
}

async function main() {
  if (flag('sftp')) {
    const asChild = typeof process.send === 'function';
    const databaseUrl = process.env.DATABASE_URL || undefined;
    return runSftpProcess({
      databaseUrl,
      ipc: flag('db-over-ipc'),
      dropDir: arg('drop-dir') ?? process.env.DROP_DIR ?? DEFAULT_SERVER_DROP,
      keyDir: arg('key-dir'),
      port: Number(process.env.SFTP_PORT ?? (asChild ? 0 : DEFAULT_SFTP_PORT)),
      host: process.env.SFTP_HOST || undefined,
      healthPort: healthPort(asChild ? null : DEFAULT_SFTP_HEALTH_PORT),
      metricsToken: process.env.METRICS_TOKEN || undefined,
      limits: sftpLimitsFromEnv(),
    });
  }
  if (flag('worker')) {
    return runWorkerProcess({
      databaseUrl: process.env.DATABASE_URL || undefined,
      storageDir: arg('storage-dir') ?? process.env.STORAGE_DIR ?? DEFAULT_SERVER_STORAGE,
      concurrency: workerConcurrency(process.env.WORKER_CONCURRENCY),
      healthPort: workerHealthPort(process.env.WORKER_HEALTH_PORT),
      healthHost: process.env.WORKER_HEALTH_HOST || undefined,
      metricsToken: process.env.METRICS_TOKEN || undefined,
      shutdownGraceSeconds: shutdownGraceSeconds(process.env.SHUTDOWN_GRACE_SECONDS),
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
    idpPublicUrl: publicOrigin('IDP_PUBLIC_URL'),
    publicUrl: publicOrigin('PUBLIC_URL'),
    worker: !flag('no-worker'),
    host: process.env.HOST || undefined,
    shutdownGraceSeconds: shutdownGraceSeconds(process.env.SHUTDOWN_GRACE_SECONDS),
    sftp: {
      port: Number(process.env.SFTP_PORT ?? defaultPort(DEFAULT_SFTP_PORT)),
      dropDir: memory ? undefined : (arg('drop-dir') ?? process.env.DROP_DIR ?? (databaseUrl ? DEFAULT_SERVER_DROP : undefined)),
      // Its own process (issue 26), this very bundle with --sftp; it reads its limits from the environment.
      process: { entry: fileURLToPath(import.meta.url) },
    },
    // Logging is on by default: a 500 in production leaves a trace (secrets redacted).
    logger: { level: process.env.LOG_LEVEL || 'info', file: arg('log-file') },
    log: (m) => console.log(m),
  });
  console.log(`API listening on ${server.api}`);
  console.log(`Identity provider on ${server.idp}`);
  console.log(`SFTP drop server on ${server.sftp!.url} (drop folder ${server.sftp!.dropDir})`);
  if (asChild)
    process.send!({ type: 'ready', api: server.api, idp: server.idp, sftp: server.sftp!.url, sftpHostKey: server.sftp!.hostPublicKey });
  exitOnStop(server.close);
}

main().catch((e) => {
  console.error(e instanceof Error && (flag('worker') || flag('sftp')) ? e.message : e);
  process.exit(1);
});
