/** Async sales jobs and polling, run on PGlite and on a PostgreSQL server. */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATE_MESSAGE } from '../../../shared/api/dates';
import { JobStarted, JobView, jobEndpoints, pathOf } from '../../../shared/api';
import { MSG } from '../../../shared/messages';
import { bossId, JOB_DETAIL, JobQueue, type JobRow } from '../../../server/jobs/queue';
import { api, signIn, type RunningServer } from '../helpers';
import { TEST_KINDS, ageClaim, claimOf, testRuns, release, waitFor } from '../job-kinds';

/** The test queue's lease (pg-boss's least heartbeat) and renewal: short, so a lost lease comes back in seconds. */
const LEASE = { leaseSeconds: 10, heartbeatSeconds: 1 };

type Job = { id: number; state: string; child_job_id: number | null; result: Record<string, unknown> };

/** The console's poller: every 100 ms until DONE, then follow the child (used by the sales suite too). */
export async function pollJob(server: RunningServer, token: string, kind: string, id: number): Promise<Job> {
  for (let i = 0; i < 300; i++) {
    const r = await api(server, token, `/v4/jobs/${kind}/${id}/`);
    expect(r.status).toBe(200);
    const job = r.body as unknown as Job;
    if (job.state === 'DONE' && job.child_job_id) return pollJob(server, token, kind, job.child_job_id);
    if (job.state === 'DONE' || job.state === 'ERROR') return job;
    await new Promise((res) => setTimeout(res, 100));
  }
  throw new Error('job did not finish');
}

export function jobSuite(get: () => RunningServer) {
  let finance = '';
  let supplier = '';
  beforeAll(async () => {
    finance = (await signIn(get(), 'finance', 'sandbox-finance')).access_token;
    supplier = (await signIn(get(), 'supplier', 'sandbox-supplier')).access_token;
  });

  const poll = (token: string, kind: string, id: number) => pollJob(get(), token, kind, id);

  const range = { start_date: '2000-01-01', end_date: '2100-01-01' };

  it('runs a sales summary job to DONE with figures from the sales lines', async () => {
    const r = await api(get(), finance, '/v4/catalog/suppliers/2/sales/', { method: 'POST', body: range });
    expect(r.status).toBe(202);
    expect(r.body.state).toBe('PENDING');
    const job = await poll(finance, 'sales', r.body.id as number);
    expect(job.state).toBe('DONE');
    const rows = job.result.over_time as { quantity: number }[];
    // Finance holds the DJ brand only: the lines of the brands held.
    const [{ n }] = await get().db.query<{ n: number }>(
      "select sum(quantity)::int as n from sales_lines where supplier_id = 2 and brand = 'brand:dj'",
    );
    expect(rows.reduce((a, x) => a + x.quantity, 0)).toBe(n);
  });

  it('sales-export hands over to a child job that renders the CSV', async () => {
    const r = await api(get(), supplier, '/v4/catalog/suppliers/1/sales-export/', { method: 'POST', body: range });
    expect(r.status).toBe(202);
    const first = await api(get(), supplier, `/v4/jobs/sales-export/${r.body.id}/`);
    expect(['PENDING', 'RUNNING', 'DONE']).toContain(first.body.state);
    const job = await poll(supplier, 'sales-export', r.body.id as number);
    expect(job.id).not.toBe(r.body.id);
    const rows = parse(job.result.csv as string) as string[][];
    const [{ n }] = await get().db.query<{ n: number }>('select count(*)::int as n from sales_lines where supplier_id = 1');
    expect(rows[0][0]).toBe('sale_date');
    expect(rows.length - 1).toBe(n);
    // Someone else's job is not found.
    expect((await api(get(), finance, `/v4/jobs/sales-export/${r.body.id}/`)).status).toBe(404);
  });

  it('refuses other suppliers, other roles and bad ranges', async () => {
    expect((await api(get(), supplier, '/v4/catalog/suppliers/2/sales/', { method: 'POST', body: range })).status).toBe(404);
    const marketing = (await signIn(get(), 'marketing', 'sandbox-marketing')).access_token;
    expect((await api(get(), marketing, '/v4/catalog/suppliers/2/sales/', { method: 'POST', body: range })).status).toBe(403);
    const bad = await api(get(), finance, '/v4/catalog/suppliers/2/sales/', {
      method: 'POST',
      body: { start_date: '2024-02-01', end_date: '2024-01-01' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ start_date: [MSG.startBeforeEnd] });
    // A supplier id past int4 names no supplier.
    expect((await api(get(), finance, '/v4/catalog/suppliers/99999999999/sales/', { method: 'POST', body: range })).status).toBe(404);
  });

  it('the job routes answer their shared declarations; a kind or id they do not know is 404', async () => {
    const r = await api(get(), finance, pathOf(jobEndpoints.start.sales, { id: 2 }), { method: 'POST', body: range });
    expect(r.status).toBe(202);
    expect(JobStarted.parse(r.body)).toEqual({ id: r.body.id, state: 'PENDING' });
    const view = await api(get(), finance, pathOf(jobEndpoints.view, { kind: 'sales', id: r.body.id as number }));
    expect(JobView.parse(view.body)).toMatchObject({ id: r.body.id, kind: 'sales' });
    for (const path of [
      `/v4/jobs/nope/${r.body.id}/`,
      `/v4/jobs/sales-export/${r.body.id}/`,
      '/v4/jobs/sales/2147483648/',
      '/v4/jobs/sales/99999999999/',
      '/v4/jobs/sales/x/',
    ]) {
      expect((await api(get(), finance, path)).status, path).toBe(404);
    }
    // A body that is not a range is a 400 naming the field; an unknown field is named too.
    const none = await api(get(), finance, '/v4/catalog/suppliers/2/sales/', { method: 'POST', body: { start_date: '2024-01-01' } });
    expect([none.status, Object.keys(none.body)]).toEqual([400, ['end_date']]);
    const extra = await api(get(), finance, '/v4/catalog/suppliers/2/sales/', { method: 'POST', body: { ...range, supplier_id: 1 } });
    expect([extra.status, Object.keys(extra.body)]).toEqual([400, ['supplier_id']]);
  });

  it('refuses a date that is not on the calendar at enqueue with a 400 naming the field (no job is made)', async () => {
    const [{ n: before }] = await get().db.query<{ n: number }>('select count(*)::int as n from jobs');
    const bad = await api(get(), finance, '/v4/catalog/suppliers/2/sales/', {
      method: 'POST',
      body: { start_date: '2024-02-30', end_date: '2024-03-01' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ start_date: [DATE_MESSAGE] });
    const end = await api(get(), finance, '/v4/catalog/suppliers/2/sales-export/', {
      method: 'POST',
      body: { start_date: '2023-02-01', end_date: '2023-02-29' },
    });
    expect(end.status).toBe(400);
    expect(end.body).toEqual({ end_date: [DATE_MESSAGE] });
    const [{ n: after }] = await get().db.query<{ n: number }>('select count(*)::int as n from jobs');
    expect(after).toBe(before);
    // A leap day is a real date.
    const leap = await api(get(), finance, '/v4/catalog/suppliers/2/sales/', {
      method: 'POST',
      body: { start_date: '2024-02-29', end_date: '2024-03-01' },
    });
    expect(leap.status).toBe(202);
  });

  describe('the queue', () => {
    // A second queue on the same database, with kinds that exist only in tests, short lease
    // checks and a short lease: another worker beside the server's own (which keeps its kinds).
    let queue: JobQueue;
    beforeAll(async () => {
      queue = await JobQueue.open(get().db, { kinds: TEST_KINDS, leaseCheckSeconds: 1, pollSeconds: 0.5, ...LEASE });
      await queue.work();
    });
    afterAll(async () => queue?.stop());

    const finished = (id: number) =>
      waitFor(async () => {
        const job = await queue.get(id);
        return job && (job.state === 'DONE' || job.state === 'ERROR') ? job : null;
      });
    const enqueue = async (kind: string, payload: Record<string, unknown> = {}, options = {}) =>
      (await queue.enqueue(kind, null, payload, options)) as JobRow;

    it('a run past its expiry is stopped and the job ends ERROR with a clear detail', async () => {
      const job = await enqueue('test-hang');
      const done = await finished(job.id);
      expect(done.state).toBe('ERROR');
      expect(done.result).toEqual({ detail: JOB_DETAIL.expired(TEST_KINDS['test-hang'].expireInSeconds) });
      expect(done.result).toEqual({ detail: 'The job did not finish within 1 s and was stopped.' });
      // The handler was told to stop.
      expect(testRuns(job.id).map((r) => r.aborted)).toEqual([true]);
    });

    it.concurrent(
      'a live run longer than its lease is not stopped: its worker renews the lease, and it finishes in its first attempt',
      async ({ expect }) => {
        const job = await enqueue('test-long');
        const done = await waitFor(async () => {
          const j = await queue.get(job.id);
          return j && (j.state === 'DONE' || j.state === 'ERROR') ? j : null;
        }, 60_000);
        expect(done.state).toBe('DONE');
        const seen = done.result as { lease: number; age: number; renewed_after: number };
        expect(seen.lease).toBe(LEASE.leaseSeconds);
        // It ran past its lease, and the lease had been renewed since the run started.
        expect(seen.age).toBeGreaterThan(LEASE.leaseSeconds);
        expect(seen.renewed_after).toBeGreaterThan(0);
        expect(testRuns(job.id)).toEqual([{ attempt: 0, aborted: false }]);
        // The queue completes its claim after the handler has stored the job's result: waited for.
        const claim = await waitFor(async () => {
          const c = await claimOf(get().db, job.id);
          return c && c.state !== 'active' ? c : null;
        });
        expect(claim).toMatchObject({ state: 'completed', attempt: 0 });
      },
      90_000,
    );

    it.concurrent(
      'a run whose worker died (its lease no longer renewed) runs again; with no retry left the job ends ERROR saying so',
      async ({ expect }) => {
        const db = get().db;
        // Claimed by a worker that then died: pg-boss's row as its fetch leaves it (active), its
        // lease taken one lease ago and never renewed since (so the test need not wait the lease
        // out), in the enqueue's transaction so no live worker takes it first.
        const claimedByTheDead = (kind: string) =>
          db.transaction(async (tx) => {
            const row = (await queue.enqueue(kind, null, {}, {}, tx))!;
            await ageClaim(tx, row.id, 0, true);
            await tx.query("update jobs set state = 'RUNNING' where id = $1", [row.id]);
            return row;
          });
        const t0 = Date.now();
        const retried = await claimedByTheDead('test-retried');
        const lost = await claimedByTheDead('test-once');
        const again = await waitFor(async () => {
          const j = await queue.get(retried.id);
          return j?.state === 'DONE' ? j : null;
        }, 60_000);
        // Back after the lease and a lease check, not after the kind's expiry (30 s).
        expect((Date.now() - t0) / 1000).toBeLessThan(TEST_KINDS['test-retried'].expireInSeconds);
        expect(again.result).toEqual({ attempt: 1 });
        expect(testRuns(retried.id).map((r) => r.attempt)).toEqual([1]);
        const ended = await waitFor(async () => {
          const j = await queue.get(lost.id);
          return j?.state === 'ERROR' ? j : null;
        }, 60_000);
        expect(ended.result).toEqual({ detail: JOB_DETAIL.workerLost(LEASE.leaseSeconds) });
        expect(ended.result).toEqual({ detail: 'The worker running the job stopped (no sign of it for 10 s).' });
        expect(testRuns(lost.id)).toEqual([]);
      },
      90_000,
    );

    it.concurrent(
      'on an ordered kind a run whose worker died keeps its place: it runs before the jobs queued after it',
      async ({ expect }) => {
        const db = get().db;
        // Three jobs queued at once (one transaction: one creation time); the first claimed by a worker that then died.
        const [dead, next, last] = await db.transaction(async (tx) => {
          const rows = [];
          for (let i = 0; i < 3; i++) rows.push((await queue.enqueue('test-ordered', null, {}, {}, tx))!);
          await tx.query("update pgboss.job set state = 'active', started_on = now(), heartbeat_on = now() where id = $1", [
            bossId(rows[0].id),
          ]);
          return rows;
        });
        // The live worker (one at a time) takes the next; then the dead one's lease runs out: its
        // claim moved back by a lease, as if that long had passed unrenewed (no wait for it).
        await waitFor(async () => testRuns(next.id).length > 0);
        await ageClaim(db, dead.id);
        await waitFor(async () => {
          const c = await claimOf(db, dead.id);
          return c?.state === 'retry' && c.due;
        }, 60_000);
        release(next.id);
        await waitFor(async () => testRuns(dead.id).length > 0);
        expect(testRuns(last.id)).toEqual([]);
        release(dead.id);
        await waitFor(async () => testRuns(last.id).length > 0);
        release(last.id);
        for (const j of [next, dead, last]) expect((await finished(j.id)).state).toBe('DONE');
        expect(testRuns(dead.id).map((r) => r.attempt)).toEqual([1]);
      },
      90_000,
    );

    it('a failed run is retried and the job finishes once', async () => {
      const job = await enqueue('test-flaky');
      const done = await finished(job.id);
      expect(done).toMatchObject({ state: 'DONE', result: { attempt: 1 } });
      expect(testRuns(job.id).map((r) => r.attempt)).toEqual([0, 1]);
    });

    it("when retries run out the job ends ERROR with the handler's message", async () => {
      const job = await enqueue('test-fail');
      const done = await finished(job.id);
      expect(done).toMatchObject({ state: 'ERROR', result: { detail: 'The supplier has no sales in that range.' } });
      expect(testRuns(job.id)).toHaveLength(1);
    });

    it('cancel stops a running job and drops a pending one; both end ERROR "Cancelled."', async () => {
      const running = await enqueue('test-gate');
      await waitFor(async () => testRuns(running.id).length > 0);
      const pending = await enqueue('test-gate');
      expect((await queue.get(pending.id))!.state).toBe('PENDING');
      expect(await queue.cancel(pending.id)).toBe(true);
      expect(await queue.cancel(running.id)).toBe(true);
      for (const id of [running.id, pending.id]) {
        expect(await queue.get(id)).toMatchObject({ state: 'ERROR', result: { detail: JOB_DETAIL.cancelled } });
      }
      await waitFor(async () => testRuns(running.id)[0]?.aborted);
      // The next job of the kind runs (the gate kind runs one at a time), the cancelled pending one never did.
      const next = await enqueue('test-gate');
      await waitFor(async () => testRuns(next.id).length > 0);
      release(next.id);
      expect((await finished(next.id)).state).toBe('DONE');
      expect(testRuns(pending.id)).toEqual([]);
      // A finished job cannot be cancelled.
      expect(await queue.cancel(next.id)).toBe(false);
      expect((await queue.get(next.id))!.state).toBe('DONE');
    });

    it('a job an earlier attempt already finished is not run again, nor finished twice (no second result or child)', async () => {
      const db = get().db;
      // Delivered by pg-boss after the row was finished (an attempt that died right after its DONE).
      const early = await db.transaction(async (tx) => {
        const row = (await queue.enqueue('test-gate', null, { child: true }, {}, tx))!;
        await tx.query(`update jobs set state = 'DONE', result = '{"earlier": true}' where id = $1`, [row.id]);
        return row;
      });
      await waitFor(async () => {
        const [b] = await db.query<{ state: string }>('select state from pgboss.job where id = $1', [bossId(early.id)]);
        return b?.state === 'completed';
      });
      expect(testRuns(early.id)).toEqual([]);
      // Finished by another attempt while this run was still going.
      const late = await enqueue('test-gate', { child: true });
      await waitFor(async () => testRuns(late.id).length > 0);
      await db.query(`update jobs set state = 'DONE', result = '{"earlier": true}' where id = $1`, [late.id]);
      release(late.id);
      await waitFor(async () => {
        const [b] = await db.query<{ state: string }>('select state from pgboss.job where id = $1', [bossId(late.id)]);
        return b?.state === 'completed';
      });
      for (const j of [early, late]) {
        expect(await queue.get(j.id)).toMatchObject({ state: 'DONE', result: { earlier: true }, child_job_id: null });
        expect(await db.query("select id from jobs where kind = 'test-child' and payload->>'parent' = $1", [String(j.id)])).toEqual([]);
      }
    });

    it('runs a higher priority first', async () => {
      const blocker = await enqueue('test-gate');
      await waitFor(async () => testRuns(blocker.id).length > 0);
      const low = await enqueue('test-gate', {}, { priority: 0 });
      const high = await enqueue('test-gate', {}, { priority: 10 });
      release(blocker.id);
      await waitFor(async () => testRuns(high.id).length > 0);
      expect(testRuns(low.id)).toEqual([]);
      release(high.id);
      await waitFor(async () => testRuns(low.id).length > 0);
      release(low.id);
      for (const j of [blocker, high, low]) expect((await finished(j.id)).state).toBe('DONE');
    });

    it('a singleton key holds one job of an exclusive kind at a time, until it finishes', async () => {
      const first = await enqueue('test-exclusive', {}, { singletonKey: 'release-1' });
      const [{ n: before }] = await get().db.query<{ n: number }>('select count(*)::int as n from jobs');
      expect(await queue.enqueue('test-exclusive', null, {}, { singletonKey: 'release-1' })).toBeNull();
      const [{ n: after }] = await get().db.query<{ n: number }>('select count(*)::int as n from jobs');
      expect(after).toBe(before);
      const other = await enqueue('test-exclusive', {}, { singletonKey: 'release-2' });
      expect(other.id).toBeGreaterThan(first.id);
      await waitFor(async () => testRuns(first.id).length > 0);
      expect(await queue.enqueue('test-exclusive', null, {}, { singletonKey: 'release-1' })).toBeNull();
      release(first.id);
      expect((await finished(first.id)).state).toBe('DONE');
      const again = await enqueue('test-exclusive', {}, { singletonKey: 'release-1' });
      for (const j of [other, again]) {
        await waitFor(async () => testRuns(j.id).length > 0);
        release(j.id);
        expect((await finished(j.id)).state).toBe('DONE');
      }
    });
  });

  it('a worker that ends a run takes the next queued job at once, not after its poll interval', async () => {
    // One job at a time, a poll of a minute: the jobs queued together (one notification)
    // all run within seconds only if each run's end fetches the next.
    const POLL = 60;
    const kinds = {
      'test-in-turn': { expireInSeconds: 30, retryLimit: 0, retryDelaySeconds: 1, concurrency: 1, run: async () => ({ result: null }) },
    };
    const own = await JobQueue.open(get().db, { kinds, pollSeconds: POLL, ...LEASE });
    try {
      await own.work();
      const queued = await get().db.transaction(async (tx) => {
        const out: JobRow[] = [];
        for (let i = 0; i < 4; i++) out.push((await own.enqueue('test-in-turn', null, { i }, {}, tx))!);
        return out;
      });
      const ended = await waitFor(
        async () => {
          const all = await Promise.all(queued.map((j) => own.get(j.id)));
          return all.every((j) => j?.state === 'DONE') ? all : null;
        },
        (POLL / 3) * 1000,
      );
      expect(ended).toHaveLength(4);
    } finally {
      await own.stop();
    }
  }, 60_000);
}
