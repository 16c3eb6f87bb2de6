/**
 * The job queue (api-conventions "Jobs"), on pg-boss: a maintained PostgreSQL queue
 * with leases, retries with backoff, priorities, singleton keys and cancel, on a
 * PostgreSQL server and on PGlite (pg-boss's `pglite` backend).
 *
 * Two limits hold a run (issue 25, "workers that die"):
 *   - its lease, pg-boss's heartbeat (`heartbeatSeconds` on every queue, JOB_LEASE_SECONDS):
 *     a live worker renews the lease of each job it runs every JOB_HEARTBEAT_SECONDS
 *     (pg-boss's `heartbeatRefreshSeconds`: a timer in the worker, whatever the handler
 *     does), so a long run is never stopped by it; a worker that died (SIGKILL, a lost
 *     machine) renews nothing, and the next lease check of any worker
 *     (LEASE_CHECK_SECONDS, pg-boss's monitor pass) fails the run, which is retried at
 *     once. A dead worker's job runs again within about lease + check + poll (30 + 10 + 2 s).
 *     A worker that is alive but cut off from the database past its lease loses the job
 *     the same way: its next renewal finds the claim gone and aborts the run's signal;
 *   - its kind's `expireInSeconds`: the most a live run may take; past it the run is
 *     stopped (its signal aborts) and retried.
 *
 * The `jobs` table stays the record the API reads (id, kind, state, child_job_id,
 * owner, payload, result; spec §4); pg-boss carries the work, its job data holding our
 * job id (its own job id is derived from ours, see bossId). Our row and pg-boss's job
 * are written in one transaction, so neither exists without the other. A run:
 *   - marks the row RUNNING, unless it is already DONE or ERROR (an earlier attempt
 *     finished it, or it was cancelled): then there is nothing to do;
 *   - runs the handler of its kind;
 *   - writes DONE + result (and enqueues the child) in one transaction holding the
 *     row lock, only while the row is still PENDING/RUNNING: a job finishes once,
 *     with one result and one child, however often pg-boss retried it.
 * When pg-boss gives up (retries exhausted, the last attempt failed, went past its
 * expiry or lost its lease), it moves the job to the failures queue, whose worker marks
 * the row ERROR with a detail: the handler's message, "The job did not finish within N s
 * and was stopped." or "The worker running the job stopped (no sign of it for N s)."
 * A kind's `start` runs when a process starts working its jobs (work()): the encoder
 * clears its worker's folder there.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  PgBoss,
  fromPglite,
  type Db as BossDb,
  type Job,
  type JobWithMetadata,
  type Queue,
  type WorkOptions as BossWorkOptions,
} from 'pg-boss';
import type { Db, Queryable } from '../db/client';
import { jobs } from '../db/schema';
import { jobRunDuration, jobsFailed, type JobRunOutcome, type QueueDepth } from '../ops/metrics';

export interface JobRow {
  id: number;
  kind: string;
  state: 'PENDING' | 'RUNNING' | 'DONE' | 'ERROR';
  child_job_id: number | null;
  owner_id: number | null;
  payload: Record<string, unknown>;
  result: unknown;
}

export interface HandlerOutcome {
  result: unknown;
  /** Enqueue a child job (same owner); the parent finishes pointing at it. */
  child?: { kind: string; payload: Record<string, unknown> };
}

export interface JobContext {
  /** Aborted when the run is past its expiry, cancelled, or the worker stops. */
  signal: AbortSignal;
  /** 0 on the first run, then 1, 2, … on retries. */
  attempt: number;
  /**
   * Enqueues another job for the same owner (an ingestion's encode, an encode's per-track
   * jobs), as JobQueue.enqueue; `tx`: inside that transaction. Absent where a handler is
   * run without a queue.
   */
  enqueue?: (kind: string, payload: Record<string, unknown>, options?: EnqueueOptions, tx?: Queryable) => Promise<JobRow | null>;
}

/** Runs one job: `db` is the queue's database (a handler may open its own transactions on it). */
export type JobHandler = (db: Db, job: JobRow, ctx: JobContext) => Promise<HandlerOutcome>;

/** A kind of job: its handler and how it runs. Each kind is one pg-boss queue. */
export interface JobKind {
  /**
   * Runs one job. A kind without one is queued only: this process enqueues its jobs and
   * they wait (PENDING) for a worker whose kinds have its handler.
   */
  run?: JobHandler;
  /** Seconds one run may take; past it the run is stopped and retried while retries are left. */
  expireInSeconds: number;
  /** Further attempts after a failed or expired one. */
  retryLimit: number;
  /** Seconds before the first retry, then doubled (with jitter) for each further one. */
  retryDelaySeconds: number;
  /**
   * pg-boss queue policy. 'exclusive': one job per singleton key queued or running at a
   * time (an enqueue with the key of one that is returns null). Default 'standard'.
   */
  policy?: 'standard' | 'exclusive' | 'singleton' | 'stately' | 'short';
  /** Jobs of this kind one worker runs at once; default the worker's concurrency. */
  concurrency?: number;
  /** Runs once when a process starts working jobs of this kind (before it takes one). */
  start?: () => Promise<void>;
  /**
   * Jobs of this kind run in the order they were queued, by job id (pg-boss priority minus
   * the id, unless the enqueue gives one), and a run handed back keeps its place: without it,
   * jobs queued in one transaction share a creation time and pg-boss puts a retry (its
   * start_after later) behind all of them (a dead worker's track waited for the whole release).
   */
  ordered?: boolean;
}

export type JobKinds = Readonly<Record<string, JobKind>>;

export interface EnqueueOptions {
  /** Higher runs first; default 0. */
  priority?: number;
  /** See JobKind.policy: on an 'exclusive' kind, one job per key queued or running. */
  singletonKey?: string;
  /** Seconds from now before the job may start (a batch waiting for its files checks again later). */
  startAfter?: number;
}

/** Jobs of each kind one worker process runs at once, unless the kind says otherwise. */
export const WORKER_CONCURRENCY = 2;
/**
 * Seconds between lease checks: how often a worker looks for runs past their expiry or
 * whose lease was not renewed (a worker that died) and hands them back for a retry.
 */
export const LEASE_CHECK_SECONDS = 10;
/**
 * Seconds a run's lease lasts without a renewal (pg-boss's heartbeatSeconds, at least 10):
 * how long a job of a worker that died stays with it before the next lease check hands it
 * back. A live worker renews it every JOB_HEARTBEAT_SECONDS, so a run may last far longer.
 */
export const JOB_LEASE_SECONDS = 30;
/** Seconds between a live worker's renewals of its runs' leases (a third of the lease: two may be late). */
export const JOB_HEARTBEAT_SECONDS = 10;
/** Seconds between polls for work (retries due, jobs that came in while busy); new jobs wake workers at once. */
export const POLL_SECONDS = 2;
/** Seconds a stopping worker waits for the jobs it runs before handing them back. */
export const STOP_GRACE_SECONDS = 10;
/** The pg-boss queue that receives jobs pg-boss gave up on; its worker marks them ERROR. */
export const FAILURES_QUEUE = 'job-failures';

/** Details of jobs that ended in ERROR without a message of their own. */
export const JOB_DETAIL = {
  cancelled: 'Cancelled.',
  expired: (seconds: number) => `The job did not finish within ${seconds} s and was stopped.`,
  workerLost: (seconds: number) => `The worker running the job stopped (no sign of it for ${seconds} s).`,
};

/** pg-boss's output of a run its monitor failed for a lease not renewed (plans.failJobsByHeartbeat). */
const BOSS_LEASE_LOST = 'job heartbeat timeout';

/** A handler's own failure (its message becomes the job's detail), told apart from pg-boss's expiry. */
class JobFailure extends Error {
  static readonly NAME = 'JobFailure';
  constructor(message: string) {
    super(message);
    this.name = JobFailure.NAME;
  }
}

/** Thrown inside the enqueue transaction when a singleton key blocks the job, to roll back our row. */
export class SingletonBlocked extends Error {}

const OPEN_STATES = ['PENDING', 'RUNNING'] as const;

const JOB_FIELDS = {
  id: jobs.id,
  kind: jobs.kind,
  state: jobs.state,
  child_job_id: jobs.child_job_id,
  owner_id: jobs.owner_id,
  payload: jobs.payload,
  result: jobs.result,
};

/** A jsonb value stored as JSON (so a null result is JSON null, not SQL NULL). */
const json = (v: unknown) => sql`${JSON.stringify(v ?? null)}::jsonb`;

/** pg-boss's job id for our job id: a fixed UUID pattern with the id in its last 12 hex digits. */
export const bossId = (id: number) => `00000000-0000-4000-8000-${id.toString(16).padStart(12, '0')}`;

/** pg-boss statements on one of our transactions (send and cancel take `db`). */
const onTransaction = (tx: Queryable): BossDb => ({
  executeSql: async (text, values) => ({ rows: await tx.query(text, values ?? []) }),
});

/** pg-boss's job data: our job id, and the run limit for the ERROR detail (a failures worker may not know the kind). */
interface BossData {
  job_id: number;
  expire_seconds: number;
  lease_seconds?: number;
}

/** Where a queue reports its jobs' failures: a pino logger (the worker's, server/worker.ts), or anything of its shape. */
export interface JobLogger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface QueueOptions {
  kinds: JobKinds;
  /** Logs each failed or stopped run and each job that ends ERROR, with its job id and kind. */
  logger?: JobLogger;
  /** See LEASE_CHECK_SECONDS (tests make it 1). */
  leaseCheckSeconds?: number;
  /** See JOB_LEASE_SECONDS (at least 10; tests make it 10), for every kind of this queue. */
  leaseSeconds?: number;
  /** See JOB_HEARTBEAT_SECONDS (tests make it 1); less than the lease. */
  heartbeatSeconds?: number;
  pollSeconds?: number;
  stopGraceSeconds?: number;
  /** pg-boss's errors (a lost connection, a failed maintenance pass); default console.error. */
  onError?: (e: Error) => void;
}

export interface WorkOptions {
  /** Jobs of each kind this worker runs at once (default WORKER_CONCURRENCY). */
  concurrency?: number;
}

export class JobQueue {
  /** Runs of this process by job id, so cancel can stop one that runs here. */
  private readonly running = new Map<number, AbortController>();
  /** stop() was called: the queue answers no readiness check. */
  private stopped = false;

  private constructor(
    private readonly db: Db,
    private readonly boss: PgBoss,
    readonly kinds: JobKinds,
    private readonly opts: QueueOptions,
  ) {}

  /**
   * Starts pg-boss on the database (installing or migrating its schema, `pgboss`) and
   * creates or updates one queue per kind. Enqueues and cancels; work() also runs them.
   */
  static async open(db: Db, opts: QueueOptions): Promise<JobQueue> {
    const engine =
      db.engine.kind === 'pglite'
        ? { db: fromPglite(db.engine.pglite), backend: 'pglite' as const }
        : { connectionString: db.engine.url, max: 4 };
    const boss = new PgBoss({
      ...engine,
      // Expiry is swept by the per-queue monitor pass, as often as the longer of the two.
      superviseIntervalSeconds: opts.leaseCheckSeconds ?? LEASE_CHECK_SECONDS,
      monitorIntervalSeconds: opts.leaseCheckSeconds ?? LEASE_CHECK_SECONDS,
      schedule: false,
      useListenNotify: true,
    });
    const onError = opts.onError ?? ((e: Error) => console.error('job queue:', e.message));
    boss.on('error', onError);
    await boss.start();
    const queue = new JobQueue(db, boss, opts.kinds, opts);
    const heartbeatSeconds = queue.leaseSeconds;
    try {
      await queue.ensureQueue(FAILURES_QUEUE, { notify: true, heartbeatSeconds });
      for (const [name, k] of Object.entries(opts.kinds)) {
        await queue.ensureQueue(
          name,
          {
            expireInSeconds: k.expireInSeconds,
            retryLimit: k.retryLimit,
            retryDelay: k.retryDelaySeconds,
            retryBackoff: true,
            deadLetter: FAILURES_QUEUE,
            notify: true,
            heartbeatSeconds,
          },
          k.policy,
        );
      }
    } catch (e) {
      await boss.stop({ graceful: false }).catch(() => undefined);
      throw e;
    }
    return queue;
  }

  private async ensureQueue(name: string, options: Omit<Queue, 'name' | 'policy'>, policy?: JobKind['policy']) {
    if (await this.boss.getQueue(name)) await this.boss.updateQueue(name, options);
    else await this.boss.createQueue(name, { ...options, policy: policy ?? 'standard' });
  }

  /** The lease of this queue's runs (JOB_LEASE_SECONDS unless the options say). */
  get leaseSeconds(): number {
    return this.opts.leaseSeconds ?? JOB_LEASE_SECONDS;
  }

  /** Seconds between a live worker's lease renewals: the options' or JOB_HEARTBEAT_SECONDS, below a third of the lease. */
  private get heartbeatSeconds(): number {
    return Math.min(this.opts.heartbeatSeconds ?? JOB_HEARTBEAT_SECONDS, this.leaseSeconds / 3);
  }

  private kind(name: string): JobKind {
    const k = this.kinds[name];
    if (!k) throw new Error(`No job kind ${name}`);
    return k;
  }

  /**
   * A new PENDING job of `kind` for `ownerId`; null when its singleton key is taken
   * (see JobKind.policy). `tx`: enqueue inside that transaction instead of a new one.
   */
  async enqueue(
    kind: string,
    ownerId: number | null,
    payload: Record<string, unknown>,
    options: EnqueueOptions = {},
    tx?: Queryable,
  ): Promise<JobRow | null> {
    const run = async (t: Queryable) => {
      const k = this.kind(kind);
      const [row] = await t.orm.insert(jobs).values({ kind, owner_id: ownerId, payload }).returning(JOB_FIELDS);
      const priority = options.priority ?? (k.ordered ? -row.id : undefined);
      const sent = await this.boss.send(
        kind,
        { job_id: row.id, expire_seconds: k.expireInSeconds, lease_seconds: this.leaseSeconds } satisfies BossData,
        {
          id: bossId(row.id),
          db: onTransaction(t),
          ...(priority !== undefined && { priority }),
          ...(options.singletonKey !== undefined && { singletonKey: options.singletonKey }),
          ...(options.startAfter !== undefined && { startAfter: options.startAfter }),
        },
      );
      if (!sent) throw new SingletonBlocked();
      return row;
    };
    try {
      return tx ? await run(tx) : await this.db.transaction(run);
    } catch (e) {
      if (e instanceof SingletonBlocked && !tx) return null;
      throw e;
    }
  }

  /** The job as the API shows it. */
  async get(id: number): Promise<JobRow | null> {
    const [row] = await this.db.orm.select(JOB_FIELDS).from(jobs).where(eq(jobs.id, id));
    return row ?? null;
  }

  /**
   * Cancels a PENDING or RUNNING job: pg-boss will not run (or retry) it, a run in this
   * process is aborted, and it ends ERROR with "Cancelled.". False when the job does
   * not exist or has already finished.
   */
  async cancel(id: number): Promise<boolean> {
    const done = await this.db.transaction(async (tx) => {
      const [row] = await tx.query<{ kind: string; state: string }>('select kind, state from jobs where id = $1 for update', [id]);
      if (!row || !(OPEN_STATES as readonly string[]).includes(row.state)) return false;
      if (this.kinds[row.kind]) await this.boss.cancel(row.kind, bossId(id), { db: onTransaction(tx) });
      await tx.orm
        .update(jobs)
        .set({ state: 'ERROR', result: json({ detail: JOB_DETAIL.cancelled }), updated_at: sql`now()` })
        .where(eq(jobs.id, id));
      return true;
    });
    if (done) this.running.get(id)?.abort(new Error(JOB_DETAIL.cancelled));
    return done;
  }

  /** Runs jobs of every kind in this process (and records the ones pg-boss gave up on). */
  async work(opts: WorkOptions = {}): Promise<void> {
    // A new job wakes the workers at once (notifications); retries are found by the poll.
    const seconds = this.opts.pollSeconds ?? POLL_SECONDS;
    const polling = {
      pollingIntervalSeconds: seconds,
      notifyPollingIntervalSeconds: seconds,
      heartbeatRefreshSeconds: this.heartbeatSeconds,
    };
    for (const k of Object.values(this.kinds)) if (k.run) await k.start?.();
    for (const [name, k] of Object.entries(this.kinds)) {
      const run = k.run;
      if (!run) continue;
      const concurrency = k.concurrency ?? opts.concurrency ?? WORKER_CONCURRENCY;
      for (let i = 0; i < concurrency; i++) await this.drain(name, polling, ([job]) => this.runJob(run, job));
    }
    await this.drain(FAILURES_QUEUE, { ...polling, includeMetadata: true }, ([job]: JobWithMetadata<BossData>[]) =>
      this.recordFailure(job),
    );
  }

  /**
   * One pg-boss worker (one job at a time) that looks for the next job as soon as a run
   * ends, not after a poll interval: work queued while it was busy (a release's track
   * encodes, queued at once and run one after another) follows without a pause. With
   * nothing queued, it waits for a notification or the poll as usual.
   */
  private async drain<J extends Job<BossData>>(
    name: string,
    options: BossWorkOptions,
    handler: (jobs: J[]) => Promise<void>,
  ): Promise<void> {
    // The worker's id, known once work() answers (its first run starts after that).
    const worker: { id?: string } = {};
    worker.id = await this.boss.work<BossData>(name, { ...options, batchSize: 1, localConcurrency: 1 }, async (jobs: Job<BossData>[]) => {
      try {
        await handler(jobs as J[]);
      } finally {
        if (worker.id) this.boss.notifyWorker(worker.id);
      }
    });
  }

  private async runJob(handler: JobHandler, job: Job<BossData>): Promise<void> {
    const id = job.data.job_id;
    const [row] = await this.db.orm
      .update(jobs)
      .set({ state: 'RUNNING', updated_at: sql`now()` })
      .where(and(eq(jobs.id, id), inArray(jobs.state, [...OPEN_STATES])))
      .returning(JOB_FIELDS);
    // Finished by an earlier attempt (which died before pg-boss heard of it) or cancelled.
    if (!row) {
      jobRunDuration.observe({ kind: job.name, outcome: 'skipped' }, 0);
      return;
    }
    const started = performance.now();
    const timed = (outcome: JobRunOutcome) => jobRunDuration.observe({ kind: row.kind, outcome }, (performance.now() - started) / 1000);
    const local = new AbortController();
    this.running.set(id, local);
    let out: HandlerOutcome;
    const signal = AbortSignal.any([job.signal, local.signal]);
    const about = { job_id: id, kind: row.kind, attempt: job.retryCount };
    try {
      const enqueue = (kind: string, payload: Record<string, unknown>, options?: EnqueueOptions, tx?: Queryable) =>
        this.enqueue(kind, row.owner_id, payload, options, tx);
      out = await handler(this.db, row, { signal, attempt: job.retryCount, enqueue });
    } catch (e) {
      this.opts.logger?.warn({ ...about, err: e }, 'Job run failed');
      timed(signal.aborted ? 'stopped' : 'failed');
      throw new JobFailure(e instanceof Error ? e.message : String(e));
    } finally {
      this.running.delete(id);
    }
    // Stopped (past its expiry, cancelled, the claim lost, the worker stopping): pg-boss
    // has settled this attempt already; what the run returned does not finish the job.
    if (signal.aborted) {
      this.opts.logger?.warn({ ...about, reason: String(signal.reason ?? 'stopped') }, 'Job run stopped');
      timed('stopped');
      throw new JobFailure(String(signal.reason ?? 'stopped'));
    }
    await this.db.transaction(async (tx) => {
      const [current] = await tx.query<{ state: string }>('select state from jobs where id = $1 for update', [id]);
      if (!current || !(OPEN_STATES as readonly string[]).includes(current.state)) return;
      const child = out.child ? await this.enqueue(out.child.kind, row.owner_id, out.child.payload, {}, tx) : null;
      await tx.orm
        .update(jobs)
        .set({ state: 'DONE', result: json(out.result), child_job_id: child?.id ?? null, updated_at: sql`now()` })
        .where(eq(jobs.id, id));
    });
    timed('done');
  }

  private async recordFailure(job: JobWithMetadata<BossData>): Promise<void> {
    const id = job.data?.job_id;
    if (!Number.isInteger(id)) return;
    const output = job.sourceOutput as { name?: string; message?: string; value?: { message?: unknown } } | null;
    const seconds = job.data.expire_seconds ?? this.kinds[job.sourceName ?? '']?.expireInSeconds ?? job.expireInSeconds;
    const detail =
      output?.name === JobFailure.NAME && output.message
        ? output.message
        : output?.value?.message === BOSS_LEASE_LOST
          ? JOB_DETAIL.workerLost(job.data.lease_seconds ?? this.leaseSeconds)
          : JOB_DETAIL.expired(seconds);
    const ended = await this.db.orm
      .update(jobs)
      .set({ state: 'ERROR', result: json({ detail }), updated_at: sql`now()` })
      .where(and(eq(jobs.id, id), inArray(jobs.state, [...OPEN_STATES])))
      .returning({ kind: jobs.kind });
    if (ended.length) {
      jobsFailed.inc({ kind: ended[0].kind });
      this.opts.logger?.error({ job_id: id, kind: ended[0].kind, detail }, 'Job failed');
    }
  }

  /**
   * Stops pg-boss: runs in progress get `graceMs` (default the options' stopGraceSeconds or
   * STOP_GRACE_SECONDS), then go back to the queue (another worker runs them again).
   */
  async stop(graceMs?: number): Promise<void> {
    this.stopped = true;
    await this.boss.stop({ graceful: true, timeout: graceMs ?? (this.opts.stopGraceSeconds ?? STOP_GRACE_SECONDS) * 1000 });
  }

  /**
   * The first step of a graceful stop: this process's workers take no further job (runs in
   * progress go on); stop() then waits for them. Enqueueing still works.
   */
  async stopFetching(): Promise<void> {
    const names = [
      ...Object.entries(this.kinds)
        .filter(([, k]) => k.run)
        .map(([name]) => name),
      FAILURES_QUEUE,
    ];
    await Promise.all(names.map((name) => this.boss.offWork(name, { wait: false })));
  }

  /** Throws when stopped or unless pg-boss answers through its own connection (the readiness check, server/ops). */
  async ping(): Promise<void> {
    if (this.stopped) throw new Error('The job queue has stopped.');
    if (!(await this.boss.isInstalled())) throw new Error("The job queue's schema is missing.");
  }

  /**
   * Per kind of this queue: jobs ready and waiting (pg-boss `created` or `retry`, start time
   * reached), the oldest one's wait in seconds, and jobs running. One query on pg-boss's
   * job table through its live-state index (the metrics' scrape, server/ops/metrics.ts).
   */
  async depth(): Promise<QueueDepth[]> {
    const names = Object.keys(this.kinds);
    const rows = await this.db.query<{ name: string; waiting: number; oldest: number | null; running: number }>(
      `select name,
              count(*) filter (where state < 'active' and start_after <= now())::int as waiting,
              extract(epoch from now() - min(start_after) filter (where state < 'active' and start_after <= now()))::float8 as oldest,
              count(*) filter (where state = 'active')::int as running
         from pgboss.job where name = any($1) and state in ('created', 'retry', 'active') group by name`,
      [names],
    );
    const by = new Map(rows.map((r) => [r.name, r]));
    return names.map((kind) => {
      const r = by.get(kind);
      return { kind, waiting: r?.waiting ?? 0, oldestSeconds: Math.max(0, r?.oldest ?? 0), running: r?.running ?? 0 };
    });
  }
}
