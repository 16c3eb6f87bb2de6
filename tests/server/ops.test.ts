/**
 * Operations routes of the API (server/ops): /health answers without the database, /ready
 * checks the database and the job queue and names the one that failed, /metrics serves
 * Prometheus text (request latency by route pattern and status class, the queue's depth and
 * oldest wait by kind, job runs, ingestions, process metrics), optionally behind
 * METRICS_TOKEN; none of them is under /v4/, needs a token, is rate-limited or logged at info.
 * In-process on PGlite; the worker's listener and the processes are in
 * multi-instance.test.ts and shutdown.test.ts.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApi } from '../../server/api/app';
import { ingestDelivery } from '../../server/ingest/ingest';
import { METRICS_UNAUTHORIZED } from '../../server/ops/routes';
import { DEFAULT_SHUTDOWN_GRACE_SECONDS, SHUTDOWN_GRACE_INVALID, shutdownGraceSeconds } from '../../server/ops/shutdown';
import { WORKER_HEALTH_PORT_INVALID, workerHealthPort } from '../../server/worker';
import { TRUST_PROXY_INVALID, trustProxyFrom } from '../../server/ops/proxy';
import { jobEndpoints, pathOf } from '../../shared/api';
import { api, signIn, startTestServer, type RunningServer } from './helpers';
import { sample } from './fixtures/prometheus';

let server: RunningServer;
let finance: string;
const lines: Record<string, unknown>[] = [];
const app = () => server.apps.api;

beforeAll(async () => {
  // No worker: the queue's depth is what was enqueued. Logging at info, captured.
  server = await startTestServer({
    worker: false,
    logger: { level: 'info', stream: { write: (l: string) => lines.push(JSON.parse(l) as Record<string, unknown>) } },
  });
  finance = (await signIn(server, 'finance', 'sandbox-finance')).access_token;
}, 60_000);
afterAll(async () => server?.close());

describe('GET /health', () => {
  it('answers 200 {"status":"ok"} without a token and without touching the database', async () => {
    const spies = [vi.spyOn(server.db, 'query'), vi.spyOn(server.db, 'exec'), vi.spyOn(server.db, 'transaction')];
    try {
      const r = await app().inject({ method: 'GET', url: '/health' });
      expect(r.statusCode).toBe(200);
      expect(r.json()).toEqual({ status: 'ok' });
      for (const s of spies) expect(s).not.toHaveBeenCalled();
    } finally {
      for (const s of spies) s.mockRestore();
    }
  });

  it('is not rate-limited: 400 probes in a row all answer 200', async () => {
    const codes = await Promise.all(
      Array.from({ length: 400 }, () =>
        app()
          .inject({ method: 'GET', url: '/health' })
          .then((r) => r.statusCode),
      ),
    );
    expect(new Set(codes)).toEqual(new Set([200]));
  });

  it('is not logged at info (a /v4/ request is)', async () => {
    const before = lines.length;
    await app().inject({ method: 'GET', url: '/health' });
    await app().inject({ method: 'GET', url: '/ready' });
    await app().inject({ method: 'GET', url: '/metrics' });
    await app().inject({ method: 'GET', url: '/v4/accounts/me/', headers: { authorization: `Bearer ${finance}` } });
    const urls = lines
      .slice(before)
      .map((l) => (l.req as { url?: string } | undefined)?.url)
      .filter(Boolean);
    expect(urls).not.toContain('/health');
    expect(urls).not.toContain('/ready');
    expect(urls).not.toContain('/metrics');
    expect(urls).toContain('/v4/accounts/me/');
  });
});

describe('GET /ready', () => {
  it('answers 200 when the database and the job queue answer', async () => {
    const r = await app().inject({ method: 'GET', url: '/ready' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ status: 'ok', checks: { database: 'ok', queue: 'ok' } });
  });

  it('answers 503 naming the database when `select 1` fails, and the queue when pg-boss does not answer', async () => {
    const db = vi.spyOn(server.db, 'query').mockRejectedValueOnce(new Error('connection refused'));
    try {
      const r = await app().inject({ method: 'GET', url: '/ready' });
      expect(r.statusCode).toBe(503);
      expect(r.json()).toEqual({ status: 'unavailable', checks: { database: 'failed', queue: 'ok' } });
      // The error is logged, never sent.
      expect(r.body).not.toContain('connection refused');
    } finally {
      db.mockRestore();
    }
    const queue = vi.spyOn(server.jobs, 'ping').mockRejectedValueOnce(new Error('pool ended'));
    try {
      const r = await app().inject({ method: 'GET', url: '/ready' });
      expect(r.statusCode).toBe(503);
      expect(r.json()).toEqual({ status: 'unavailable', checks: { database: 'ok', queue: 'failed' } });
    } finally {
      queue.mockRestore();
    }
    expect(lines.some((l) => l.msg === 'Readiness check failed' && l.check === 'queue')).toBe(true);
  });

  it('answers 503 for the queue once pg-boss has stopped (a real failure, not a mock)', async () => {
    const s = await startTestServer({ worker: false });
    try {
      await s.jobs.stop(0);
      const r = await s.apps.api.inject({ method: 'GET', url: '/ready' });
      expect(r.statusCode).toBe(503);
      expect(r.json()).toMatchObject({ checks: { database: 'ok', queue: 'failed' } });
    } finally {
      await s.close();
    }
  }, 60_000);
});

describe('GET /metrics', () => {
  const metrics = async () => {
    const r = await app().inject({ method: 'GET', url: '/metrics' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return r.body;
  };

  it('times requests by route pattern and status class, never the raw URL', async () => {
    const route = '/v4/jobs/:kind/:id/';
    const before = await metrics();
    const labels = { server: 'api', method: 'GET', route, status_class: '4xx' };
    await api(server, finance, '/v4/jobs/sales/987654321/?x=1');
    await api(server, finance, '/v4/jobs/sales/987654322/');
    const after = await metrics();
    expect(
      sample(after, 'http_request_duration_seconds_count', labels) - sample(before, 'http_request_duration_seconds_count', labels),
    ).toBe(2);
    // Not the raw URL: its ids and query are nowhere (POST /v4/jobs/sales/ is a route of its own).
    for (const raw of ['/v4/jobs/sales/987654321', '/v4/jobs/sales/987654322', '987654321', '?x=1']) expect(after).not.toContain(raw);
    expect(after).toMatch(
      /http_request_duration_seconds_bucket\{le="0.005",server="api",method="GET",route="\/v4\/jobs\/:kind\/:id\/",status_class="4xx"\}/,
    );
    // An unknown path is one series, not one per URL.
    await app().inject({ method: 'GET', url: '/no/such/path/123' });
    const unmatched = await metrics();
    expect(sample(unmatched, 'http_request_duration_seconds_count', { route: '(unmatched)', status_class: '4xx' })).toBeGreaterThan(0);
    expect(unmatched).not.toContain('/no/such/path');
    // The ops routes are not timed; the identity provider's requests are, as server="idp".
    expect(unmatched).not.toContain('route="/health"');
    expect(sample(unmatched, 'http_request_duration_seconds_count', { server: 'idp', route: '/v4/auth/o/token/' })).toBeGreaterThan(0);
  });

  it("reports the queue's depth and oldest wait by kind, read from the database", async () => {
    const before = sample(await metrics(), 'job_queue_waiting', { kind: 'sales' });
    const started = await api(server, finance, pathOf(jobEndpoints.start.sales, { id: 2 }), {
      method: 'POST',
      body: { start_date: '2000-01-01', end_date: '2100-01-01' },
    });
    expect(started.status).toBe(202);
    const text = await metrics();
    expect(sample(text, 'job_queue_waiting', { kind: 'sales' })).toBe(before + 1);
    expect(sample(text, 'job_queue_oldest_waiting_seconds', { kind: 'sales' })).toBeGreaterThanOrEqual(0);
    expect(text).toMatch(/^job_queue_oldest_waiting_seconds\{kind="sales"\} \d/m);
    // Every kind has its series, 0 when nothing waits.
    expect(text).toMatch(/^job_queue_waiting\{kind="statements"\} 0$/m);
    expect(text).toMatch(/^job_queue_running\{kind="sales"\} 0$/m);
  });

  it('counts job runs by kind and outcome where they run', async () => {
    const before = sample(await metrics(), 'job_run_duration_seconds_count', { kind: 'sales', outcome: 'done' });
    const started = await api(server, finance, pathOf(jobEndpoints.start.sales, { id: 2 }), {
      method: 'POST',
      body: { start_date: '2000-01-01', end_date: '2100-01-01' },
    });
    await server.jobs.work();
    const id = started.body.id as number;
    await vi.waitFor(async () => expect((await server.jobs.get(id))?.state).toBe('DONE'), { timeout: 30_000, interval: 100 });
    const text = await metrics();
    // This job and the one the previous test left waiting.
    expect(sample(text, 'job_run_duration_seconds_count', { kind: 'sales', outcome: 'done' }) - before).toBe(2);
    expect(sample(text, 'job_queue_waiting', { kind: 'sales' })).toBe(0);
  }, 60_000);

  it('counts ingestions by outcome (a delivery whose XML is missing is refused)', async () => {
    const before = sample(await metrics(), 'ingestions_total', { outcome: 'refused' });
    const [d] = await server.db.query<{ id: number }>(
      `update deliveries set storage_prefix = 'deliveries/none', xml_file_path = 'missing.xml', files = '[]'::jsonb
        where id = (select min(id) from deliveries) returning id`,
    );
    expect(await ingestDelivery(server.db, server.storage, d.id)).toBeNull();
    expect(sample(await metrics(), 'ingestions_total', { outcome: 'refused' })).toBe(before + 1);
  });

  it('includes the default process metrics', async () => {
    const text = await metrics();
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).toContain('process_resident_memory_bytes');
  });

  describe('with METRICS_TOKEN', () => {
    let guarded: FastifyInstance;
    beforeAll(async () => {
      guarded = await buildApi(
        server.db,
        { accessTtl: 60, refreshTtl: 60 },
        { jobs: server.jobs, storage: server.storage, metricsToken: 'scrape-secret' },
      );
      await guarded.ready();
    });
    afterAll(async () => guarded?.close());

    it('answers 401 without the bearer token or with another, 200 with it; /health and /ready stay open', async () => {
      const get = (authorization?: string) =>
        guarded.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      for (const r of [await get(), await get('Bearer wrong'), await get('scrape-secret'), await get(`Bearer ${finance}`)]) {
        expect(r.statusCode).toBe(401);
        expect(r.json()).toEqual({ detail: METRICS_UNAUTHORIZED });
        expect(r.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      }
      const ok = await get('Bearer scrape-secret');
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toContain('http_request_duration_seconds');
      expect((await guarded.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
      expect((await guarded.inject({ method: 'GET', url: '/ready' })).statusCode).toBe(200);
    });
  });
});

describe('settings from the environment', () => {
  it('SHUTDOWN_GRACE_SECONDS: default 10, 0 to 3600, anything else refused', () => {
    expect(shutdownGraceSeconds(undefined)).toBe(DEFAULT_SHUTDOWN_GRACE_SECONDS);
    expect(shutdownGraceSeconds('')).toBe(10);
    expect(shutdownGraceSeconds('0')).toBe(0);
    expect(shutdownGraceSeconds('30')).toBe(30);
    for (const bad of ['-1', '1.5', 'ten', '3601', '1e3']) expect(() => shutdownGraceSeconds(bad)).toThrow(SHUTDOWN_GRACE_INVALID);
  });
  it('WORKER_HEALTH_PORT: unset is no listener, 0 to 65535, anything else refused', () => {
    expect(workerHealthPort(undefined)).toBeUndefined();
    expect(workerHealthPort('')).toBeUndefined();
    expect(workerHealthPort('0')).toBe(0);
    expect(workerHealthPort('9464')).toBe(9464);
    for (const bad of ['-1', '65536', 'http', '80.5']) expect(() => workerHealthPort(bad)).toThrow(WORKER_HEALTH_PORT_INVALID);
  });
  it('TRUST_PROXY: unset believes no proxy; addresses, CIDR ranges or 1 to 10 hops; anything else refused', () => {
    expect(trustProxyFrom(undefined)).toBe(false);
    expect(trustProxyFrom(' ')).toBe(false);
    expect(trustProxyFrom('127.0.0.1, 10.0.0.0/8,::1,fd00::/8')).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8']);
    const two = trustProxyFrom('2') as (a: string, hop: number) => boolean;
    expect([two('x', 0), two('x', 1), two('x', 2)]).toEqual([true, true, false]);
    for (const bad of ['true', '*', '0', '11', '10.0.0.0/33', 'proxy.example', '10.0.0.1/8/1', '1.2.3'])
      expect(() => trustProxyFrom(bad)).toThrow(TRUST_PROXY_INVALID);
  });

  it('TRUST_PROXY: the client address is X-Forwarded-For only from a named proxy', async () => {
    const seen: Record<string, unknown>[] = [];
    const before = process.env.TRUST_PROXY;
    process.env.TRUST_PROXY = '10.0.0.0/8';
    let app: FastifyInstance | undefined;
    try {
      app = await buildApi(
        server.db,
        { accessTtl: 60, refreshTtl: 60 },
        {
          jobs: server.jobs,
          storage: server.storage,
          logger: { level: 'info', stream: { write: (l: string) => seen.push(JSON.parse(l) as Record<string, unknown>) } },
        },
      );
      const from = async (remoteAddress: string) => {
        seen.length = 0;
        await app!.inject({ method: 'GET', url: '/v4/accounts/me/', remoteAddress, headers: { 'x-forwarded-for': '203.0.113.9' } });
        return (seen.find((l) => l.req) as { req: { remoteAddress: string } }).req.remoteAddress;
      };
      expect(await from('10.1.2.3')).toBe('203.0.113.9');
      expect(await from('192.0.2.1')).toBe('192.0.2.1');
    } finally {
      if (before === undefined) delete process.env.TRUST_PROXY;
      else process.env.TRUST_PROXY = before;
      await app?.close();
    }
  });
});
