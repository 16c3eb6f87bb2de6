/**
 * The job poller against the real v4 server in-process (PGlite in memory, demo
 * seed): a supplier's sales-export job, polled every second through the real
 * session and API client, handing over to the child job that renders the CSV.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventBus } from '../../main/bridge';
import { ApiClient } from '../../main/services/api-client';
import { JobPoller } from '../../main/services/job-poller';
import { SessionService } from '../../main/services/session';
import { postSignInForm, startTestServer, type RunningServer } from '../server/helpers';
import { createMemoryVault } from '../../main/services/token-vault';
import type { BridgeEventPayload } from '../../shared/bridge';

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer({ accessTokenTtl: 600 });
});
afterAll(() => server?.close());

describe('job poller against the real server', () => {
  it('waits for a sales-export job and follows its child to the CSV', async () => {
    const events = new EventBus();
    const progress: BridgeEventPayload<'jobProgress'>[] = [];
    events.subscribe((name, p) => name === 'jobProgress' && progress.push(p as BridgeEventPayload<'jobProgress'>));
    const session = new SessionService({ idpUrl: server.idp, vault: createMemoryVault(), events });
    const api = new ApiClient({ apiUrl: server.api, session });
    const { url } = session.beginSignIn('http://127.0.0.1:53999/auth/verify');
    const res = await postSignInForm(url, 'supplier', 'sandbox-supplier');
    const back = new URL(res.headers.get('location')!).searchParams;
    await session.completeSignIn(back.get('code')!, back.get('state')!);

    const started = await api.request({
      method: 'POST',
      path: '/v4/catalog/suppliers/1/sales-export/',
      body: { start_date: '2000-01-01', end_date: '2100-01-01' },
    });
    expect(started.status).toBe(202);
    const parentId = String((started.data as { id: number }).id);

    const poller = new JobPoller({ api, onProgress: (p) => events.emit('jobProgress', p) });
    const done = await poller.wait('sales-export', parentId);

    expect(done.state).toBe('DONE');
    expect(done.id).not.toBe(parentId);
    const result = done.result as { filename: string; rows: number; csv: string };
    expect(result.csv.split(/\r?\n/)[0]).toBe(
      'sale_date,brand,store,label,release_id,track_id,quantity,gross,net,currency,sale_type,supplier,track,genre',
    );
    const [{ n }] = await server.db.query<{ n: number }>('select count(*)::int as n from sales_lines where supplier_id = 1');
    expect(result.rows).toBe(n);
    expect(progress).toContainEqual({ jobId: parentId, state: 'DONE', detail: { kind: 'sales-export' } });
    expect(progress.at(-1)).toEqual({ jobId: done.id, state: 'DONE', detail: { kind: 'sales-export', parentJobId: parentId } });
  });
});
