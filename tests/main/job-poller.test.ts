/**
 * The job poller against a real local HTTP server (node:http) answering
 * GET /v4/jobs/{kind}/{id}/ with scripted states, through the real ApiClient.
 * Time is a fake PollClock (the 120 s timeout runs in milliseconds), except in the
 * test that checks the interval with real timers.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { dispatch, type Handlers } from '../../main/bridge';
import { jobsHandlers } from '../../main/bridge/handlers/jobs';
import type { MainServices } from '../../main/services';
import { ApiClient } from '../../main/services/api-client';
import { JobPoller, type JobProgress, type PollClock } from '../../main/services/job-poller';
import { BridgeError } from '../../shared/bridge';
import { POLL_INTERVAL_MS, POLL_TIMEOUT_MS } from '../../shared/constants';

interface Seen {
  path: string;
  at: number;
  real: number;
  auth: string | undefined;
}

/** Scripted answers per `${kind}/${id}`: each request takes the next, the last repeats; 'hang' never answers. */
type Answer = { status?: number; body: unknown } | 'hang';
let script = new Map<string, Answer[]>();
let seen: Seen[] = [];
let clockNow: () => number = () => 0;
let onRequest: ((s: Seen) => void) | undefined;
const hung: { res: ServerResponse; closed: boolean }[] = [];

let server: Server;
let baseUrl: string;
beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = req.url ?? '';
    const s: Seen = { path, at: clockNow(), real: performance.now(), auth: req.headers.authorization };
    seen.push(s);
    onRequest?.(s);
    const m = /^\/v4\/jobs\/([a-z-]+)\/(\d+)\/$/.exec(path);
    const answers = m ? script.get(`${m[1]}/${m[2]}`) : undefined;
    const answer = answers ? (answers.length > 1 ? answers.shift()! : answers[0]) : { status: 404, body: { detail: 'Not found.' } };
    if (answer === 'hang') {
      const h = { res, closed: false };
      res.on('close', () => (h.closed = true));
      hung.push(h);
      return;
    }
    res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const h of hung) h.res.destroy();
  await new Promise((resolve) => server.close(resolve));
});
afterEach(() => {
  script = new Map();
  seen = [];
  onRequest = undefined;
  clockNow = () => 0;
});

/** Virtual time: sleep() advances it (after letting I/O run); timeout() signals fire when it passes them. */
function fakeClock() {
  let now = 0;
  const timers: { at: number; ctrl: AbortController }[] = [];
  const sleeps: number[] = [];
  const fire = () => {
    for (const t of [...timers]) {
      if (t.at <= now) {
        timers.splice(timers.indexOf(t), 1);
        t.ctrl.abort(new DOMException('The operation timed out.', 'TimeoutError'));
      }
    }
  };
  const clock: PollClock & { sleeps: number[]; advance(ms: number): void } = {
    sleeps,
    now: () => now,
    advance(ms) {
      now += ms;
      fire();
    },
    async sleep(ms, signal) {
      if (signal.aborted) throw signal.reason;
      sleeps.push(ms);
      await new Promise((r) => setImmediate(r));
      now += ms;
      fire();
      if (signal.aborted) throw signal.reason;
    },
    timeout(ms) {
      const ctrl = new AbortController();
      timers.push({ at: now + ms, ctrl });
      return ctrl.signal;
    },
  };
  clockNow = () => now;
  return clock;
}

function setup(opts: { clock?: PollClock; intervalMs?: number; timeoutMs?: number } = {}) {
  const session = { withAccessToken: <T>(call: (t: string) => Promise<T>) => call('tok'), activeBrand: 'brand:dance' };
  const api = new ApiClient({ apiUrl: baseUrl, session });
  const progress: JobProgress[] = [];
  const poller = new JobPoller({ api, onProgress: (p) => progress.push(p), ...opts });
  return { poller, progress };
}

const job = (id: number, state: string, extra: Record<string, unknown> = {}) => ({
  body: { id, kind: 'sales-export', state, child_job_id: null, result: null, ...extra },
});

describe('job poller', () => {
  it('polls every second until DONE, follows the child, answers its result and reports each state change', async () => {
    const clock = fakeClock();
    script.set('sales-export/7', [
      job(7, 'PENDING'),
      job(7, 'RUNNING'),
      job(7, 'RUNNING'),
      job(7, 'DONE', { child_job_id: 8, result: { rows: 2 } }),
    ]);
    script.set('sales-export/8', [job(8, 'RUNNING'), job(8, 'DONE', { result: { filename: 's.csv', rows: 2, csv: 'a\n' } })]);
    const { poller, progress } = setup({ clock });

    await expect(poller.wait('sales-export', 7)).resolves.toEqual({
      id: '8',
      state: 'DONE',
      result: { filename: 's.csv', rows: 2, csv: 'a\n' },
    });

    expect(seen.map((s) => s.path)).toEqual([
      ...Array(4).fill('/v4/jobs/sales-export/7/'),
      '/v4/jobs/sales-export/8/',
      '/v4/jobs/sales-export/8/',
    ]);
    // First ask at once, then one every POLL_INTERVAL_MS (also across the hand-over to the child).
    expect(POLL_INTERVAL_MS).toBe(1000);
    expect(seen.map((s) => s.at)).toEqual([0, 1000, 2000, 3000, 4000, 5000]);
    expect(clock.sleeps).toEqual([1000, 1000, 1000, 1000, 1000]);
    expect(seen.every((s) => s.auth === 'Bearer tok')).toBe(true);
    expect(progress).toEqual([
      { jobId: '7', state: 'PENDING', detail: { kind: 'sales-export' } },
      { jobId: '7', state: 'RUNNING', detail: { kind: 'sales-export' } },
      { jobId: '7', state: 'DONE', detail: { kind: 'sales-export' } },
      { jobId: '8', state: 'RUNNING', detail: { kind: 'sales-export', parentJobId: '7' } },
      { jobId: '8', state: 'DONE', detail: { kind: 'sales-export', parentJobId: '7' } },
    ]);
  });

  it('waits the interval between requests in real time', async () => {
    script.set('sales/3', [job(3, 'PENDING'), job(3, 'RUNNING'), job(3, 'DONE', { result: { ok: 1 } })]);
    const { poller } = setup({ intervalMs: 60 });
    await expect(poller.wait('sales', '3')).resolves.toMatchObject({ id: '3', result: { ok: 1 } });
    const gaps = seen.slice(1).map((s, i) => s.real - seen[i].real);
    expect(gaps).toHaveLength(2);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(55);
  });

  it("fails with the job's error when it ends in ERROR", async () => {
    const clock = fakeClock();
    script.set('sales/5', [job(5, 'RUNNING'), job(5, 'ERROR', { result: { detail: 'No sales lines in that range.' } })]);
    const { poller, progress } = setup({ clock });
    const err = await poller.wait('sales', 5).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BridgeError);
    expect(err).toMatchObject({
      code: 'job_failed',
      message: 'No sales lines in that range.',
      detail: { detail: 'No sales lines in that range.' },
    });
    expect(progress.at(-1)).toEqual({ jobId: '5', state: 'ERROR', detail: { kind: 'sales', error: 'No sales lines in that range.' } });
    expect(seen).toHaveLength(2);
  });

  it('times out after 120 s in all (parent and child) with exactly "Request Timed Out"', async () => {
    const clock = fakeClock();
    script.set('sales-export/10', [...Array(30).fill(job(10, 'RUNNING')), job(10, 'DONE', { child_job_id: 11 })]);
    script.set('sales-export/11', [job(11, 'RUNNING')]);
    const { poller } = setup({ clock });
    const err = await poller.wait('sales-export', 10).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BridgeError);
    expect((err as BridgeError).message).toBe('Request Timed Out');
    expect((err as BridgeError).code).toBe('timeout');
    expect(POLL_TIMEOUT_MS).toBe(120_000);
    expect(clock.now()).toBe(120_000);
    expect(seen).toHaveLength(120); // t = 0 … 119 s
    expect(seen.filter((s) => s.path.endsWith('/11/'))).toHaveLength(89);
    expect(seen.at(-1)!.at).toBe(119_000);
  });

  it('times out at the deadline even with a request in flight, and aborts that request', async () => {
    const clock = fakeClock();
    script.set('sales/9', ['hang']);
    const { poller } = setup({ clock });
    onRequest = () => setImmediate(() => clock.advance(POLL_TIMEOUT_MS));
    await expect(poller.wait('sales', 9)).rejects.toMatchObject({ code: 'timeout', message: 'Request Timed Out' });
    await vi.waitFor(() => expect(hung.at(-1)?.closed).toBe(true));
  });

  it('stops polling when aborted (signal or cancel()), and aborts the request in flight', async () => {
    const clock = fakeClock();
    script.set('sales/4', [job(4, 'RUNNING')]);
    const { poller } = setup({ clock });
    const ac = new AbortController();
    onRequest = () => seen.length === 3 && ac.abort();
    await expect(poller.wait('sales', 4, { signal: ac.signal })).rejects.toMatchObject({ code: 'cancelled' });
    await new Promise((r) => setTimeout(r, 50));
    expect(seen).toHaveLength(3);

    seen = [];
    script.set('sales/6', ['hang']);
    const waiting = poller.wait('sales', 6);
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    expect(poller.cancel('sales', 6)).toBe(true);
    await expect(waiting).rejects.toMatchObject({ code: 'cancelled' });
    await vi.waitFor(() => expect(hung.at(-1)?.closed).toBe(true));
    expect(poller.cancel('sales', 6)).toBe(false);
    expect(seen).toHaveLength(1);
  });

  it('ends with the API error when the poll itself fails (e.g. 404)', async () => {
    const { poller } = setup({ clock: fakeClock() });
    await expect(poller.wait('sales', 404)).rejects.toMatchObject({ code: 'http_error', status: 404, detail: 'Not found.' });
    expect(seen).toHaveLength(1);
  });

  it('refuses an answer that is not a job, and a child chain that loops', async () => {
    const { poller } = setup({ clock: fakeClock() });
    script.set('sales/12', [{ body: { id: 12, state: 'WHATEVER' } }]);
    await expect(poller.wait('sales', 12)).rejects.toMatchObject({ code: 'bad_job_response' });
    script.set('sales/13', [job(13, 'DONE', { child_job_id: 14 })]);
    script.set('sales/14', [job(14, 'DONE', { child_job_id: 13 })]);
    await expect(poller.wait('sales', 13)).rejects.toMatchObject({ code: 'bad_job_response' });
  });
});

describe('jobWait channel', () => {
  const ctx = { transport: 'host', origin: 'http://127.0.0.1:1' } as const;

  it('refuses a malformed request before the handler; a good one reaches the poller', async () => {
    const clock = fakeClock();
    const { poller } = setup({ clock });
    const wait = vi.spyOn(poller, 'wait');
    const handlers = jobsHandlers({ jobs: poller } as unknown as MainServices) as unknown as Handlers;
    for (const bad of [
      { kind: 'orders', id: 1 },
      { kind: 'sales', id: '1/../../x' },
      { kind: 'sales', id: -1 },
      { kind: 'sales', id: 1.5 },
      { kind: 'sales' },
      { kind: 'sales', id: 1, extra: true },
      'sales',
    ]) {
      const result = await dispatch(handlers, 'jobWait', bad, ctx);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error.code).toBe('invalid_request');
    }
    expect(wait).not.toHaveBeenCalled();
    expect(seen).toHaveLength(0);

    script.set('sales/21', [job(21, 'DONE', { result: { rows: [] } })]);
    expect(await dispatch(handlers, 'jobWait', { kind: 'sales', id: '21' }, ctx)).toEqual({
      ok: true,
      value: { id: '21', state: 'DONE', result: { rows: [] } },
    });
    expect(await dispatch(handlers, 'jobCancel', { kind: 'sales', id: 21 }, ctx)).toEqual({ ok: true, value: { ok: true } });
    script.set('sales/22', [job(22, 'ERROR', { result: { detail: 'boom' } })]);
    expect(await dispatch(handlers, 'jobWait', { kind: 'sales', id: 22 }, ctx)).toEqual({
      ok: false,
      error: { code: 'job_failed', message: 'boom', detail: { detail: 'boom' } },
    });
  });
});
