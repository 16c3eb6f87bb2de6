/**
 * The SFTP drop server as its own process (issue 26): `npm run sftp` (cli.ts --sftp), or
 * the API server's child (child.ts). Its database answers come through DropBackend: on
 * the PostgreSQL server itself (DATABASE_URL), or, as the API's child on PGlite (which
 * only one process can open), over the parent's IPC channel (--db-over-ipc).
 * Besides the drop server it runs a tiny health listener (health.ts) when asked.
 */
import { openPostgres, type Db } from '../db/client';
import { JobQueue } from '../jobs/queue';
import { jobHandlers } from '../jobs/kinds';
import type { Storage } from '../storage';
import { INGEST_BATCH_JOB } from '../../shared/api/endpoints/jobs';
import { exitOnStop } from '../process';
import { dbBackend, ipcBackend, type DropBackend } from './backend';
import { startDropServer, type DropServer } from './drop-server';
import { startHealthListener, type HealthListener } from './health';
import type { SftpLimits } from './limits';

export const SFTP_NEEDS_DATABASE =
  'The SFTP drop server alone (npm run sftp) needs a PostgreSQL server: set DATABASE_URL (postgres://…). On the embedded database (PGlite) the API server starts it as its child (npm run server, npm start).';

/** The health listener's port of `npm run sftp` (env SFTP_HEALTH_PORT); the API's child has none unless that is set. */
export const DEFAULT_SFTP_HEALTH_PORT = 8403;

/** The ready message the process sends its parent (IPC). */
export interface SftpReadyMessage {
  type: 'ready';
  sftp: string;
  port: number;
  sftpHostKey: string;
  /** The health listener's URL, when it runs. */
  health: string | null;
  pid: number;
}

export interface SftpProcessOptions {
  /** The PostgreSQL server; without it, the parent answers over IPC (`ipc` must be true). */
  databaseUrl?: string;
  /** Answer through the parent's IPC channel (the API's child on PGlite). */
  ipc?: boolean;
  dropDir: string;
  keyDir?: string;
  port: number;
  host?: string;
  /** The health listener's port (0: any free port), or null for none. */
  healthPort: number | null;
  /** Bearer token the health listener's /metrics requires (env METRICS_TOKEN); unset: open on that listener. */
  metricsToken?: string;
  limits?: Partial<SftpLimits>;
  log?: (msg: string) => void;
}

export interface RunningSftp {
  drop: DropServer;
  health: HealthListener | null;
  close(): Promise<void>;
}

/**
 * A job queue that only enqueues ingestions (this process runs no job): the kind as the
 * API declares it, so its queue's settings stay the API's. Its handler would need the
 * file storage; it never runs here.
 */
function enqueueOnly(db: Db): Promise<JobQueue> {
  const kind = jobHandlers({ storage: null as unknown as Storage })[INGEST_BATCH_JOB];
  return JobQueue.open(db, { kinds: { [INGEST_BATCH_JOB]: { ...kind, run: undefined } } });
}

export async function startSftpProcess(opts: SftpProcessOptions): Promise<RunningSftp> {
  let backend: DropBackend;
  let db: Db | undefined;
  let jobs: JobQueue | undefined;
  const log = opts.log ?? ((m: string) => console.log(m));
  if (opts.databaseUrl) {
    db = await openPostgres(opts.databaseUrl, 2);
    try {
      jobs = await enqueueOnly(db);
    } catch (e) {
      await db.close().catch(() => undefined);
      throw e;
    }
    backend = dbBackend(db, jobs);
  } else if (opts.ipc && typeof process.send === 'function') {
    backend = ipcBackend();
  } else {
    throw new Error(SFTP_NEEDS_DATABASE);
  }
  let drop: DropServer | undefined;
  let health: HealthListener | null = null;
  const stopDb = async () => {
    await jobs?.stop();
    await db?.close();
  };
  try {
    drop = await startDropServer({
      backend,
      dropDir: opts.dropDir,
      keyDir: opts.keyDir,
      port: opts.port,
      host: opts.host,
      limits: opts.limits,
      log,
      processMetrics: true,
    });
    const d = drop;
    if (opts.healthPort !== null) {
      health = await startHealthListener({
        port: opts.healthPort,
        host: opts.host,
        ready: () => backend.ping(),
        info: () => ({ connections: d.connections() }),
        metrics: async () => ({ contentType: d.metrics.registry.contentType, body: await d.metrics.text() }),
        metricsToken: opts.metricsToken,
      });
    }
  } catch (e) {
    await drop?.close().catch(() => undefined);
    await stopDb().catch(() => undefined);
    throw e;
  }
  const d = drop;
  let closed = false;
  return {
    drop: d,
    health,
    close: async () => {
      if (closed) return;
      closed = true;
      await Promise.all([d.close(), health?.close()]);
      await stopDb();
    },
  };
}

/** Runs the drop server as this process: ready on IPC when there is a parent; stops on SIGTERM/SIGINT or the parent's disconnect. */
export async function runSftpProcess(opts: SftpProcessOptions): Promise<void> {
  const running = await startSftpProcess(opts);
  // Started by a parent (the API server), the ready message says it; alone, this line does.
  if (typeof process.send !== 'function')
    console.log(
      `SFTP drop server on ${running.drop.url} (drop folder ${opts.dropDir})${running.health ? `; health on ${running.health.url}` : ''}`,
    );
  if (typeof process.send === 'function') {
    process.send({
      type: 'ready',
      sftp: running.drop.url,
      port: running.drop.port,
      sftpHostKey: running.drop.hostPublicKey,
      health: running.health?.url ?? null,
      pid: process.pid,
    } satisfies SftpReadyMessage);
  }
  exitOnStop(running.close);
}
