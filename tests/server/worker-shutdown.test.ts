/**
 * A worker's graceful stop (server/worker.ts close(), what SIGTERM runs; server/ops/shutdown.ts):
 * it takes no further job at once, lets the job it runs finish within the grace period
 * (SHUTDOWN_GRACE_SECONDS), and hands back a job still running when the grace ends, which
 * another worker then runs to DONE. In-process workers on a PostgreSQL server started here,
 * with a kind whose runs wait on a gate the test opens. Skips, saying why, only without
 * PostgreSQL binaries (and fails instead when CI is set: startPgCluster).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Db } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { openJobQueue } from '../../server/app';
import { bossId, type JobKinds, type JobQueue, type JobRow } from '../../server/jobs/queue';
import { openStorage, type Storage } from '../../server/storage';
import { startWorker } from '../../server/worker';
import { PROC_QUEUE } from './fixtures/proc-kinds';
import { waitFor } from './job-kinds';
import { startPgCluster, type PgCluster } from './pg-cluster';

const cluster = await startPgCluster();
const skip = 'skip' in cluster ? cluster.skip : null;
if (skip) console.warn(`[worker-shutdown.test] skipped: ${skip}`);

/** Runs of the gated kind by job id (attempts), and the gate they wait on. */
const runs = new Map<number, number[]>();
let gate = { open: false, waiters: [] as (() => void)[] };
const openGate = () => {
  gate.open = true;
  for (const w of gate.waiters.splice(0)) w();
};

const KINDS: JobKinds = {
  gated: {
    expireInSeconds: 120,
    retryLimit: 2,
    retryDelaySeconds: 1,
    run: async (_db, job, ctx) => {
      runs.set(job.id, [...(runs.get(job.id) ?? []), ctx.attempt]);
      if (!gate.open) {
        await new Promise<void>((resolve, reject) => {
          gate.waiters.push(resolve);
          ctx.signal.addEventListener('abort', () => reject(new Error('stopped')), { once: true });
        });
      }
      return { result: { attempt: ctx.attempt } };
    },
  },
};

describe.skipIf(skip !== null)('a worker stopping (close, SIGTERM)', () => {
  let url: string;
  let db: Db;
  let storage: Storage;
  let queue: JobQueue;
  const state = async (id: number) => (await queue.get(id))!.state;
  const bossState = async (id: number) =>
    (await db.query<{ state: string }>('select state::text from pgboss.job where id = $1', [bossId(id)]))[0]?.state;

  beforeAll(async () => {
    url = (cluster as PgCluster).url;
    db = await openPostgres(url, 2);
    await migrate(db);
    storage = await openStorage({ temporary: true });
    // This process only enqueues: the workers below run the jobs.
    queue = await openJobQueue(db, { jobKinds: KINDS, jobQueue: PROC_QUEUE, storage });
  }, 60_000);
  afterAll(async () => {
    await queue?.stop();
    await db?.close();
    await storage?.close();
    await (cluster as PgCluster).stop();
  });

  it('takes no further job, lets the running one finish within the grace period, and leaves the rest queued', async () => {
    gate = { open: false, waiters: [] };
    const worker = await startWorker({ databaseUrl: url, jobKinds: KINDS, jobQueue: PROC_QUEUE, concurrency: 2, shutdownGraceSeconds: 60 });
    const a = (await queue.enqueue('gated', null, {})) as JobRow;
    await waitFor(async () => runs.has(a.id));
    let closed = false;
    const closing = worker.close().then(() => (closed = true));
    // Stopping: a job queued now has a free slot (concurrency 2) and a notification, but is not taken.
    const b = (await queue.enqueue('gated', null, {})) as JobRow;
    expect(await bossState(b.id)).toBe('created');
    // A worker still fetching would take it within one poll (or at once, notified): watch three.
    // (A window, not a wait for something: what is checked is that nothing happens in it.)
    await new Promise((r) => setTimeout(r, 3 * PROC_QUEUE.pollSeconds * 1000));
    expect(runs.has(b.id)).toBe(false);
    // The close waits for the running job (the gate is shut).
    expect(closed).toBe(false);
    openGate();
    await closing;
    expect(await state(a.id)).toBe('DONE');
    expect(runs.has(b.id)).toBe(false);
    expect(await state(b.id)).toBe('PENDING');

    // Another worker takes it.
    const next = await startWorker({ databaseUrl: url, jobKinds: KINDS, jobQueue: PROC_QUEUE });
    try {
      await waitFor(async () => (await state(b.id)) === 'DONE', 30_000);
    } finally {
      await next.close();
    }
  }, 90_000);

  it('hands back a job still running when the grace period ends; another worker runs it to DONE', async () => {
    gate = { open: false, waiters: [] };
    const worker = await startWorker({ databaseUrl: url, jobKinds: KINDS, jobQueue: PROC_QUEUE, shutdownGraceSeconds: 1 });
    const c = (await queue.enqueue('gated', null, {})) as JobRow;
    await waitFor(async () => runs.has(c.id));
    const t0 = Date.now();
    await worker.close();
    // Not the 120 s the run may take: the grace (1 s, pg-boss's least) and the hand-back.
    expect(Date.now() - t0).toBeLessThan(20_000);
    expect(await state(c.id)).not.toBe('DONE');
    expect(['retry', 'created']).toContain(await bossState(c.id));

    openGate();
    const next = await startWorker({ databaseUrl: url, jobKinds: KINDS, jobQueue: PROC_QUEUE });
    try {
      await waitFor(async () => (await state(c.id)) === 'DONE', 30_000);
    } finally {
      await next.close();
    }
    expect(runs.get(c.id)).toEqual([0, 1]);
    expect((await queue.get(c.id))!.result).toEqual({ attempt: 1 });
  }, 90_000);
});
