/** Async sales jobs and polling, run on PGlite and on a PostgreSQL server. */
import { parse } from 'csv-parse/sync';
import { beforeAll, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages';
import { api, signIn, type RunningServer } from '../helpers';

type Job = { id: number; state: string; child_job_id: number | null; result: Record<string, unknown> };

export function jobSuite(get: () => RunningServer) {
  let finance = '';
  let supplier = '';
  beforeAll(async () => {
    finance = (await signIn(get(), 'finance', 'sandbox-finance')).access_token;
    supplier = (await signIn(get(), 'supplier', 'sandbox-supplier')).access_token;
  });

  /** The console's poller: every 100 ms until DONE, then follow the child. */
  async function poll(token: string, kind: string, id: number): Promise<Job> {
    for (let i = 0; i < 200; i++) {
      const r = await api(get(), token, `/v4/jobs/${kind}/${id}/`);
      expect(r.status).toBe(200);
      const job = r.body as unknown as Job;
      if (job.state === 'DONE' && job.child_job_id) return poll(token, kind, job.child_job_id);
      if (job.state === 'DONE' || job.state === 'ERROR') return job;
      await new Promise((res) => setTimeout(res, 100));
    }
    throw new Error('job did not finish');
  }

  const range = { start_date: '2000-01-01', end_date: '2100-01-01' };

  it('runs a sales summary job to DONE with figures from the sales lines', async () => {
    const r = await api(get(), finance, '/v4/catalog/suppliers/2/sales/', { method: 'POST', body: range });
    expect(r.status).toBe(202);
    expect(r.body.state).toBe('PENDING');
    const job = await poll(finance, 'sales', r.body.id as number);
    expect(job.state).toBe('DONE');
    const rows = job.result.rows as { quantity: number }[];
    const [{ n }] = await get().db.query<{ n: number }>('select sum(quantity)::int as n from sales_lines where supplier_id = 2');
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
    const bad = await api(get(), finance, '/v4/catalog/suppliers/2/sales/', { method: 'POST', body: { start_date: '2024-02-01', end_date: '2024-01-01' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ start_date: [MSG.startBeforeEnd] });
  });
}
