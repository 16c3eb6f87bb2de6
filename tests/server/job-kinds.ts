/**
 * Kinds of job that exist only in tests (passed to the queue as extra kinds), run in
 * the test's own process: each records its runs, so a test can see what ran, in
 * which attempt, and whether it was told to stop.
 */
import type { Queryable } from '../../server/db/client';
import { bossId, type JobKind, type JobKinds } from '../../server/jobs/queue';

interface Run {
  attempt: number;
  aborted: boolean;
}
const runs = new Map<number, Run[]>();
const gates = new Map<number, () => void>();

/** The runs of a job, in order. */
export const testRuns = (id: number): Run[] => runs.get(id) ?? [];
/** Lets a gated job's run finish. */
export const release = (id: number) => gates.get(id)?.();

/** Polls `check` every 25 ms until it gives something truthy; fails after `ms`. */
export async function waitFor<T>(check: () => Promise<T | null | undefined | false>, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

function record(id: number, attempt: number): Run {
  const run = { attempt, aborted: false };
  runs.set(id, [...testRuns(id), run]);
  return run;
}

/** Resolves when the job is released or its run is told to stop. */
function gate(id: number, signal: AbortSignal, run: Run): Promise<void> {
  return new Promise((resolve) => {
    gates.set(id, resolve);
    signal.addEventListener(
      'abort',
      () => {
        run.aborted = true;
        resolve();
      },
      { once: true },
    );
  });
}

const limits = { expireInSeconds: 30, retryLimit: 0, retryDelaySeconds: 1 } satisfies Omit<JobKind, 'run'>;

/** The run's pg-boss claim as the database has it: seconds since it started, its lease, when the lease was last renewed, whether a retry is due. */
export async function claimOf(db: Queryable, id: number) {
  const [c] = await db.query<{ age: number; lease: number | null; renewed_after: number; attempt: number; state: string; due: boolean }>(
    `select extract(epoch from now() - started_on)::float age, heartbeat_seconds lease,
            extract(epoch from heartbeat_on - started_on)::float renewed_after, retry_count attempt, state,
            start_after <= now() due
     from pgboss.job where id = $1`,
    [bossId(id)],
  );
  return c ?? null;
}

/**
 * Moves a run's claim back, as if it had run unrenewed for its lease less `short` seconds (0: its
 * lease has just lapsed), so a test need not wait a lease out. `activate` also marks it claimed,
 * as a worker's fetch leaves it (a worker that then died).
 */
export async function ageClaim(db: Queryable, id: number, short = 0, activate = false): Promise<void> {
  await db.query(
    `update pgboss.job set ${activate ? "state = 'active', " : ''}started_on = now() - make_interval(secs => heartbeat_seconds - $2),
       heartbeat_on = now() - make_interval(secs => heartbeat_seconds - $2) where id = $1`,
    [bossId(id), short],
  );
}

export const TEST_KINDS = {
  /** Never finishes on its own: expires after 1 s, no retry. */
  'test-hang': {
    ...limits,
    expireInSeconds: 1,
    run: async (_db, job, ctx) => {
      await gate(job.id, ctx.signal, record(job.id, ctx.attempt));
      return { result: null };
    },
  },
  /** Fails its first attempt, succeeds on the retry. */
  'test-flaky': {
    ...limits,
    retryLimit: 2,
    run: async (_db, job, ctx) => {
      record(job.id, ctx.attempt);
      if (ctx.attempt === 0) throw new Error('first attempt fails');
      return { result: { attempt: ctx.attempt } };
    },
  },
  /** Always fails with a message of its own. */
  'test-fail': {
    ...limits,
    run: async (_db, job, ctx) => {
      record(job.id, ctx.attempt);
      throw new Error('The supplier has no sales in that range.');
    },
  },
  /** Waits for release(id); one at a time per worker. With payload.child, hands on to a test-child job. */
  'test-gate': {
    ...limits,
    concurrency: 1,
    run: async (_db, job, ctx) => {
      await gate(job.id, ctx.signal, record(job.id, ctx.attempt));
      if (ctx.signal.aborted) throw new Error('stopped');
      return { result: { released: true }, child: job.payload.child ? { kind: 'test-child', payload: { parent: job.id } } : undefined };
    },
  },
  'test-child': { ...limits, run: async () => ({ result: { child: true } }) },
  /**
   * Runs (polling the database's clock) until its run is older than its lease and two lease
   * checks more: a live run the lease must not stop. Answers what it saw of its claim.
   * It first moves its claim's start and last renewal back to one second short of a lapsed
   * lease, as if it had run that long unrenewed: the lease then lapses a second later unless
   * its worker renews it, and the test waits seconds instead of a whole lease.
   */
  'test-long': {
    ...limits,
    expireInSeconds: 120,
    run: async (db, job, ctx) => {
      record(job.id, ctx.attempt);
      await ageClaim(db, job.id, 1);
      for (;;) {
        ctx.signal.throwIfAborted();
        const c = await claimOf(db, job.id);
        if (c && c.lease !== null && c.age > c.lease + 2) return { result: { lease: c.lease, age: c.age, renewed_after: c.renewed_after } };
        await new Promise((r) => setTimeout(r, 100));
      }
    },
  },
  /** Finishes at once; retried once (see the lease tests: an attempt whose worker died). */
  'test-retried': {
    ...limits,
    retryLimit: 1,
    run: async (_db, job, ctx) => {
      record(job.id, ctx.attempt);
      return { result: { attempt: ctx.attempt } };
    },
  },
  /** Finishes at once; never retried. */
  'test-once': {
    ...limits,
    run: async (_db, job, ctx) => {
      record(job.id, ctx.attempt);
      return { result: { attempt: ctx.attempt } };
    },
  },
  /** Like test-gate, in the order queued (a retry keeps its place); retried once. */
  'test-ordered': {
    ...limits,
    concurrency: 1,
    ordered: true,
    retryLimit: 1,
    run: async (_db, job, ctx) => {
      await gate(job.id, ctx.signal, record(job.id, ctx.attempt));
      if (ctx.signal.aborted) throw new Error('stopped');
      return { result: { attempt: ctx.attempt } };
    },
  },
  /** Like test-gate, one job per singleton key queued or running. */
  'test-exclusive': {
    ...limits,
    policy: 'exclusive',
    concurrency: 4,
    run: async (_db, job, ctx) => {
      await gate(job.id, ctx.signal, record(job.id, ctx.attempt));
      return { result: null };
    },
  },
} satisfies JobKinds;
