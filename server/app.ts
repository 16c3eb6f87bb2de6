/**
 * startServer(): opens the database (PGlite in memory or in a folder, or a PostgreSQL
 * server) and the file storage, migrates, seeds an empty database, and starts the API and
 * identity provider listeners on 127.0.0.1. Used by cli.ts and by tests in-process.
 */
import { dirname, join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { openDb, type Db } from './db/client';
import { migrate } from './db/migrate';
import { isSeeded, seed, type SeedOptions } from './seed/seed';
import { buildApi, buildIdp } from './api/app';
import { JobQueue, type JobKinds, type JobLogger, type QueueOptions } from './jobs/queue';
import { jobHandlers } from './jobs/kinds';
import type { LogOption } from './api/logging';
import { openStorage, type Storage } from './storage';
import { muzookaClient } from './muzooka/client';
import { startMuzookaStandIn } from './muzooka/stand-in';
import type { DropServer } from './sftp/drop-server';
import { startSftpChild } from './sftp/child';
import { dbBackend, lateBackend, type DropBackend } from './sftp/backend';
import type { SftpLimits } from './sftp/limits';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { closeWithin, DEFAULT_SHUTDOWN_GRACE_SECONDS } from './ops/shutdown';

export interface ServerOptions {
  /** PostgreSQL server URL; otherwise PGlite. */
  databaseUrl?: string;
  /** PGlite data folder; omitted (and no databaseUrl) → in memory. */
  dataDir?: string;
  /**
   * The file storage's folder (server/storage). Default: `storage` beside a PGlite data
   * folder (`<data>/sandbox/pglite` → `<data>/sandbox/storage`); otherwise a temporary
   * folder removed on close (in-memory and test servers; cli.ts always gives one for
   * a PostgreSQL server).
   */
  storageDir?: string;
  /** Use an already-open storage (tests); it is not closed by close(). */
  storage?: Storage;
  apiPort?: number;
  idpPort?: number;
  host?: string;
  /**
   * The identity provider's public origin (env IDP_PUBLIC_URL), the issuer its RFC 8414
   * metadata names; default its listening address. Never taken from a request's Host.
   */
  idpPublicUrl?: string;
  /**
   * The API's public origin (env PUBLIC_URL): the start of the links it writes (list
   * pagination); default its listening address. Never taken from a request's Host.
   */
  publicUrl?: string;
  /** Seed number for the first start on an empty database. */
  seed?: number;
  scale?: number;
  /** Access-token lifetime in seconds (default env ACCESS_TOKEN_TTL or 900). */
  accessTokenTtl?: number;
  /** Request and error logging of both apps (pino): off unless given (cli.ts turns it on). */
  logger?: LogOption;
  /**
   * Running as the console's embedded sandbox (cli `--sandbox`, passed only by the
   * console's sandbox start): registers the sandbox-only routes. Off by default.
   */
  sandbox?: boolean;
  log?: (msg: string) => void;
  /** Use an already-open database (tests); it is not closed by close(). */
  db?: Db;
  /**
   * Run a job worker in this process (default true: the sandbox and `npm run server`);
   * false when separate `npm run worker` processes run the jobs.
   */
  worker?: boolean;
  /** The Muzooka service's base URL (env MUZOOKA_URL in cli.ts); see muzookaStandIn. */
  muzookaUrl?: string;
  /**
   * Without muzookaUrl: start the Muzooka stand-in (server/muzooka/stand-in.ts) beside
   * the API and use it (default: only for the sandbox). Otherwise the Muzooka calls
   * answer 503 "not configured".
   */
  muzookaStandIn?: boolean;
  /**
   * The time limit of one Muzooka call (default MUZOOKA_TIMEOUT_MS). Tests whose stand-in
   * runs in their own process give a long one: a loaded machine is slow, not a service down.
   */
  muzookaTimeoutMs?: number;
  /** Kinds of job besides the server's own (tests add theirs here). */
  jobKinds?: JobKinds;
  /** Job queue timing (tests make the lease check and polling short). */
  jobQueue?: Omit<QueueOptions, 'kinds'>;
  /**
   * Start the SFTP drop server (server/sftp) beside the API (cli.ts: yes). `port`: default
   * any free port. `dropDir`: the drop root; default `drop` beside a PGlite data folder
   * (its host key beside it too), otherwise a temporary folder removed on close.
   */
  sftp?: {
    port?: number;
    dropDir?: string;
    keyDir?: string;
    /** The drop server's limits (default SFTP_LIMITS; in a child process, its environment's). */
    limits?: Partial<SftpLimits>;
    /**
     * Run it as a child process of `entry` (the server's bundle, with --sftp; cli.ts: yes):
     * on PGlite it asks this process for its database answers over IPC, with databaseUrl
     * it connects itself. Omitted: in this process (tests).
     */
    process?: { entry: string; healthPort?: number };
  };
  /**
   * Seconds close() waits for requests in flight and the in-process worker's running jobs
   * (env SHUTDOWN_GRACE_SECONDS; default DEFAULT_SHUTDOWN_GRACE_SECONDS, server/ops/shutdown.ts).
   */
  shutdownGraceSeconds?: number;
}

export interface RunningServer {
  api: string;
  idp: string;
  /**
   * The two Fastify apps, for requests made in-process with `inject` (tests: the same
   * routes, hooks and serialisation as over the socket, without one).
   */
  apps: { api: FastifyInstance; idp: FastifyInstance };
  /** The Muzooka base URL the API calls (the stand-in's when it started one), or null. */
  muzooka: string | null;
  /** The SFTP drop server, when started (ServerOptions.sftp). */
  sftp: (Omit<DropServer, 'connections' | 'metrics'> & { dropDir: string }) | null;
  db: Db;
  jobs: JobQueue;
  storage: Storage;
  close(): Promise<void>;
}

/** The job queue with the server's kinds (and any extra ones); the server's kinds work with `storage`. */
export function openJobQueue(db: Db, opts: Pick<ServerOptions, 'jobKinds' | 'jobQueue' | 'log'> & { storage: Storage }): Promise<JobQueue> {
  return JobQueue.open(db, {
    onError: opts.log ? (e) => opts.log!(`job queue: ${e.message}`) : undefined,
    ...opts.jobQueue,
    kinds: { ...jobHandlers({ storage: opts.storage }), ...opts.jobKinds },
  });
}

/** Migrates, and seeds an empty database (with the sandbox's audio files in `storage` when given). */
export async function prepareDb(db: Db, opts: Pick<ServerOptions, 'seed' | 'scale' | 'log' | 'storage'> & Pick<SeedOptions, 'sales'> = {}) {
  await migrate(db);
  if (!(await isSeeded(db)))
    await seed(db, { seed: opts.seed ?? 1, scale: opts.scale ?? 1, log: opts.log, storage: opts.storage, sales: opts.sales });
}

/** The storage folder of a server (see ServerOptions.storageDir). */
export function defaultStorage(opts: Pick<ServerOptions, 'storageDir' | 'dataDir'>): Promise<Storage> {
  if (opts.storageDir) return openStorage({ dir: opts.storageDir });
  if (opts.dataDir) return openStorage({ dir: join(dirname(resolve(opts.dataDir)), 'storage') });
  return openStorage({ temporary: true });
}

export async function startServer(opts: ServerOptions = {}): Promise<RunningServer> {
  const ownDb = !opts.db;
  const ownStorage = !opts.storage;
  const host = opts.host ?? '127.0.0.1';
  // The drop server's own process (sftp.process) starts first and loads while this process
  // opens its database: about 2.5 s of a sandbox's start here. On PGlite it reaches the
  // database through this process, whose answers wait until the job queue is open.
  let backendReady: { resolve: (b: DropBackend) => void; reject: (e: unknown) => void } | undefined;
  const early = opts.sftp?.process
    ? startDrop(opts, {
        host,
        backend: lateBackend(new Promise<DropBackend>((resolve, reject) => (backendReady = { resolve, reject }))),
      })
    : undefined;
  // Awaited below; a failure meanwhile is not unhandled.
  early?.catch(() => undefined);
  let jobs: JobQueue | undefined;
  let storage: Storage | undefined;
  let standIn: { url: string; close(): Promise<void> } | undefined;
  let drop: (Omit<DropServer, 'connections' | 'metrics'> & { dropDir: string; temporary: boolean }) | undefined;
  let db: Db | undefined;
  try {
    db = opts.db ?? (await openDb({ databaseUrl: opts.databaseUrl, dataDir: opts.dataDir }));
    storage = opts.storage ?? (await defaultStorage(opts));
    await prepareDb(db, { ...opts, storage });
    const envTtl = Number(process.env.ACCESS_TOKEN_TTL);
    const settings = {
      accessTtl: opts.accessTokenTtl ?? (Number.isFinite(envTtl) && envTtl > 0 ? envTtl : 900),
      refreshTtl: 30 * 24 * 3600,
    };
    // The in-process worker logs its jobs' failures with the API's logger (once it exists).
    const apiLog: { current?: JobLogger } = {};
    const jobLog: JobLogger = { warn: (o, m) => apiLog.current?.warn(o, m), error: (o, m) => apiLog.current?.error(o, m) };
    jobs = await openJobQueue(db, { ...opts, storage, jobQueue: { logger: jobLog, ...opts.jobQueue } });
    if (opts.worker ?? true) await jobs.work();
    const queue = jobs;
    backendReady?.resolve(dbBackend(db, queue));
    const files = storage;
    if (!opts.muzookaUrl && (opts.muzookaStandIn ?? opts.sandbox)) standIn = await startMuzookaStandIn(host);
    const muzookaUrl = opts.muzookaUrl ?? standIn?.url;
    const muzooka = muzookaClient(muzookaUrl, opts.muzookaTimeoutMs);
    // The IdP's address, once it listens: the API's password reset links point there.
    const idpAt: { url?: string } = {};
    const apiAt: { url?: string } = {};
    const api = await buildApi(db, settings, {
      logger: opts.logger,
      sandbox: opts.sandbox,
      jobs: queue,
      storage: files,
      muzooka,
      idpUrl: () => idpAt.url,
      publicUrl: () => opts.publicUrl ?? apiAt.url,
    });
    apiLog.current = api.log;
    const idp = await buildIdp(db, settings, opts.logger, { issuer: () => opts.idpPublicUrl ?? idpAt.url });
    const apiUrl = await api.listen({ port: opts.apiPort ?? 0, host });
    apiAt.url = apiUrl;
    const idpUrl = await idp.listen({ port: opts.idpPort ?? 0, host });
    idpAt.url = idpUrl;
    if (opts.sftp) drop = await (early ?? startDrop(opts, { host, db, jobs: queue }));
    const sftp = drop;
    const opened = db;
    let closed = false;
    return {
      api: apiUrl,
      idp: idpUrl,
      apps: { api, idp },
      muzooka: muzookaUrl ?? null,
      sftp: sftp ?? null,
      db,
      jobs: queue,
      storage: files,
      close: async () => {
        if (closed) return;
        closed = true;
        // Graceful (server/ops/shutdown.ts): no new connection or job; requests in flight and
        // running jobs get the grace period, one deadline for both; then the rest is cut or handed back.
        const graceMs = (opts.shutdownGraceSeconds ?? opts.jobQueue?.stopGraceSeconds ?? DEFAULT_SHUTDOWN_GRACE_SECONDS) * 1000;
        const deadline = Date.now() + graceMs;
        await Promise.all([
          queue.stopFetching().catch(() => undefined),
          closeWithin(api, graceMs),
          closeWithin(idp, graceMs),
          standIn?.close(),
          sftp?.close(),
        ]);
        if (sftp?.temporary) await rm(sftp.dropDir, { recursive: true, force: true });
        await queue.stop(Math.max(0, deadline - Date.now()));
        if (ownDb) await opened.close();
        if (ownStorage) await files.close();
      },
    };
  } catch (e) {
    backendReady?.reject(e);
    drop ??= await early?.catch(() => undefined);
    await drop?.close().catch(() => undefined);
    await standIn?.close().catch(() => undefined);
    await jobs?.stop().catch(() => undefined);
    if (ownDb) await db?.close().catch(() => undefined);
    if (ownStorage) await storage?.close().catch(() => undefined);
    throw e;
  }
}

/**
 * The SFTP drop server of ServerOptions.sftp, with its drop root (see there): in its own
 * process (sftp.process), reaching the database through `backend` (PGlite) or its own
 * connection (DATABASE_URL); else in this process on `db` and `jobs`.
 */
async function startDrop(opts: ServerOptions, deps: { host: string; backend: DropBackend } | { host: string; db: Db; jobs: JobQueue }) {
  const beside = opts.dataDir ? dirname(resolve(opts.dataDir)) : undefined;
  const given = opts.sftp?.dropDir ?? (beside && join(beside, 'drop'));
  const dropDir = given ?? (await mkdtemp(join(tmpdir(), 'store-console-drop-')));
  const keyDir = opts.sftp?.keyDir ?? beside;
  const common = { dropDir, keyDir, host: deps.host, log: opts.log };
  try {
    const child = opts.sftp?.process;
    let server: Omit<DropServer, 'connections' | 'metrics'>;
    if (child && 'backend' in deps)
      server = await startSftpChild({
        ...common,
        entry: child.entry,
        healthPort: child.healthPort,
        port: opts.sftp?.port ?? 0,
        ...(opts.databaseUrl ? { databaseUrl: opts.databaseUrl } : { backend: deps.backend }),
      });
    else if (!child && 'db' in deps) {
      // In this process (the tests'): the drop server and ssh2 load only then.
      const { startDropServer } = await import('./sftp/drop-server');
      server = await startDropServer({ ...common, db: deps.db, jobs: deps.jobs, port: opts.sftp?.port, limits: opts.sftp?.limits });
    } else throw new Error('startDrop: a drop server process takes a backend; one in this process, the database and queue');
    return { ...server, dropDir, temporary: !given };
  } catch (e) {
    if (!given) await rm(dropDir, { recursive: true, force: true });
    throw e;
  }
}
