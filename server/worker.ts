/**
 * A job worker on its own (`npm run worker`, cli.ts --worker): opens the PostgreSQL
 * database of DATABASE_URL, brings its schema up to date (the same advisory-locked
 * migrate() as the API), and runs jobs of every kind until stopped. Any number of
 * workers, on any machine that reaches the database, share the work through pg-boss.
 * PGlite is a single-process database, so a worker needs a PostgreSQL server; the
 * sandbox and `npm run server` run their worker inside the API process instead.
 *
 * It logs with pino like the API (server/api/logging.ts: the same level, redaction and
 * destination options): its start, and every failed or stopped run and every job that
 * ends ERROR with the job id and kind.
 *
 * With a health port (env WORKER_HEALTH_PORT; off when unset) it listens for GET /health,
 * /ready and /metrics (server/ops/routes.ts) on WORKER_HEALTH_HOST (default 127.0.0.1).
 * Stopping (close(), SIGTERM) it takes no further job, lets running ones finish within the
 * grace period (SHUTDOWN_GRACE_SECONDS, server/ops/shutdown.ts) and hands the rest back.
 */
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { loggerOptions, type LogOption } from './api/logging';
import { openPostgres } from './db/client';
import { migrate } from './db/migrate';
import { defaultStorage, openJobQueue, type ServerOptions } from './app';
import type { JobQueue, WorkOptions } from './jobs/queue';
import { exitOnStop } from './process';
import { registerOps } from './ops/routes';
import { closeWithin, DEFAULT_SHUTDOWN_GRACE_SECONDS, installDrain } from './ops/shutdown';

export const WORKER_NEEDS_POSTGRES =
  'A worker needs a PostgreSQL server: set DATABASE_URL (postgres://…). The embedded database (PGlite) opens in one process only, so there the API server runs its worker itself (npm run server, npm start).';

export interface WorkerOptions extends Pick<ServerOptions, 'jobKinds' | 'jobQueue' | 'log' | 'storageDir'>, WorkOptions {
  databaseUrl: string | undefined;
  /** Logging (pino, as the API's `logger`): off unless given (`npm run worker` turns it on). */
  logger?: LogOption;
  /** The health listener's port (env WORKER_HEALTH_PORT; 0: any free port); none when undefined. */
  healthPort?: number;
  /** The health listener's address (env WORKER_HEALTH_HOST); default 127.0.0.1. */
  healthHost?: string;
  /** The bearer token the health listener's /metrics requires (env METRICS_TOKEN); unset: open. */
  metricsToken?: string;
  /** Seconds close() lets running jobs finish (env SHUTDOWN_GRACE_SECONDS); default the queue's stop grace. */
  shutdownGraceSeconds?: number;
}

export interface RunningWorker {
  jobs: JobQueue;
  log: FastifyBaseLogger;
  /** The health listener's base URL (http://host:port), or null without one. */
  health: string | null;
  close(): Promise<void>;
}

/**
 * The worker's pino logger, made by Fastify from the API's loggerOptions (level,
 * REDACT_PATHS, file or stream), so pino stays the dependency of fastify it is; the
 * app is never started. `false`/undefined: a logger that writes nothing.
 */
export function workerLogger(opt: LogOption | undefined): FastifyBaseLogger {
  return Fastify({ logger: loggerOptions(opt) }).log;
}

export async function startWorker(opts: WorkerOptions): Promise<RunningWorker> {
  if (!opts.databaseUrl) throw new Error(WORKER_NEEDS_POSTGRES);
  const log = workerLogger(opts.logger);
  const db = await openPostgres(opts.databaseUrl, 4);
  // The API's files (the same folder as the API servers'; without one, a temporary folder: tests).
  const storage = await defaultStorage({ storageDir: opts.storageDir });
  let healthApp: FastifyInstance | undefined;
  let health: string | null = null;
  try {
    await migrate(db);
    const jobs = await openJobQueue(db, {
      ...opts,
      storage,
      jobQueue: { onError: (err) => log.error({ err }, 'Job queue error'), ...opts.jobQueue, logger: opts.jobQueue?.logger ?? log },
    });
    await jobs.work({ concurrency: opts.concurrency });
    if (opts.healthPort !== undefined) {
      // Its own small app: the worker serves nothing else. Probes are logged at warn only.
      healthApp = Fastify({ logger: false });
      installDrain(healthApp);
      registerOps(healthApp, { db, jobs, metricsToken: opts.metricsToken });
      health = await healthApp.listen({ port: opts.healthPort, host: opts.healthHost ?? '127.0.0.1' }).catch(async (e: unknown) => {
        await jobs.stop(0).catch(() => undefined);
        throw e;
      });
    }
    const listener = healthApp;
    const graceMs = (opts.shutdownGraceSeconds ?? opts.jobQueue?.stopGraceSeconds ?? DEFAULT_SHUTDOWN_GRACE_SECONDS) * 1000;
    let closed = false;
    return {
      jobs,
      log,
      health,
      close: async () => {
        if (closed) return;
        closed = true;
        // No further job; the running ones get the grace period, then go back to the queue.
        await Promise.all([jobs.stopFetching().catch(() => undefined), listener && closeWithin(listener, 1000)]);
        await jobs.stop(graceMs);
        await db.close();
        await storage.close();
      },
    };
  } catch (e) {
    await healthApp?.close().catch(() => undefined);
    await db.close().catch(() => undefined);
    await storage.close().catch(() => undefined);
    throw e;
  }
}

/** Jobs of each kind `npm run worker` may run at once (env WORKER_CONCURRENCY): 1 to this. */
export const MAX_WORKER_CONCURRENCY = 100;
export const WORKER_CONCURRENCY_INVALID = `WORKER_CONCURRENCY must be a whole number from 1 to ${MAX_WORKER_CONCURRENCY} (jobs of each kind the worker runs at once).`;

/**
 * The env WORKER_CONCURRENCY of `npm run worker`: undefined when unset or empty (the
 * queue's WORKER_CONCURRENCY), else a whole number from 1 to MAX_WORKER_CONCURRENCY;
 * anything else throws WORKER_CONCURRENCY_INVALID with the value given.
 */
export function workerConcurrency(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = /^[0-9]{1,4}$/.test(value) ? Number(value) : NaN;
  if (n >= 1 && n <= MAX_WORKER_CONCURRENCY) return n;
  throw new Error(`${WORKER_CONCURRENCY_INVALID} Got ${JSON.stringify(value)}.`);
}

/** Runs a worker as this process: stops cleanly on SIGTERM/SIGINT (jobs in hand get their grace). */
export async function runWorkerProcess(opts: WorkerOptions): Promise<void> {
  const worker = await startWorker(opts);
  worker.log.info({ kinds: Object.keys(worker.jobs.kinds), pid: process.pid, health: worker.health }, 'Job worker running');
  if (typeof process.send === 'function') process.send({ type: 'ready', pid: process.pid, health: worker.health });
  exitOnStop(worker.close);
}

export const WORKER_HEALTH_PORT_INVALID =
  'WORKER_HEALTH_PORT must be a port number from 0 to 65535 (0: any free port), or unset for no health listener.';

/** The env WORKER_HEALTH_PORT of `npm run worker`: undefined when unset or empty (no listener), else 0 to 65535; anything else throws. */
export function workerHealthPort(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = /^[0-9]{1,5}$/.test(value) ? Number(value) : NaN;
  if (n >= 0 && n <= 65535) return n;
  throw new Error(`${WORKER_HEALTH_PORT_INVALID} Got ${JSON.stringify(value)}.`);
}
