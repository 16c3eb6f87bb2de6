/**
 * Several instances behave as one (issue 26, "State shared by instances"): two API processes
 * (`npm run server -- --no-worker`) and two job workers (`npm run worker`, each with its
 * health listener) on one PostgreSQL server started here and one shared STORAGE_DIR, as
 * docs/operations.md "Running it for real" describes. Checked across the two APIs:
 *   - sign-in limits count once: wrong passwords split over both identity providers lock the
 *     account at the documented limit (SIGN_IN_THROTTLE.freeFailures), not twice it;
 *   - an Idempotency-Key sent to API 1 and then to API 2 credits once, and API 2 replays;
 *   - a password reset link minted by API 1 is redeemed at identity provider 2, once;
 *   - tokens from one identity provider work on the other API;
 *   - jobs enqueued through both APIs each run exactly once over the two workers (their
 *     /metrics counts of runs add up to the number of jobs).
 * Every process stops on SIGTERM with exit 0. Skips, saying why, only without PostgreSQL
 * binaries (and fails instead when CI is set: startPgCluster).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Db } from '../../server/db/client';
import { SIGN_IN_THROTTLE } from '../../server/auth/throttle';
import { RESET_MESSAGES } from '../../server/auth/reset-links';
import { jobEndpoints, pathOf } from '../../shared/api';
import { api, authorizeQuery, pkcePair, postSignInForm, signIn, type ServerUrls } from './helpers';
import { waitFor } from './job-kinds';
import { sample } from './fixtures/prometheus';
import { startPgCluster, type PgCluster } from './pg-cluster';

const cluster = await startPgCluster();
const skip = 'skip' in cluster ? cluster.skip : null;
if (skip) console.warn(`[multi-instance.test] skipped: ${skip}`);

interface Proc {
  child: ChildProcess;
  output: () => string;
  ready: Record<string, unknown>;
}
const procs: Proc[] = [];

async function spawnEntry(args: string[], env: Record<string, string>): Promise<Proc> {
  const child = spawn(process.execPath, ['scripts/server.mjs', ...args], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const proc: Proc = { child, output: () => output, ready: {} };
  procs.push(proc);
  proc.ready = await new Promise<Record<string, unknown>>((resolve, reject) => {
    child.once('message', (m) => resolve(m as Record<string, unknown>));
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}: ${output}`)));
  });
  return proc;
}

const exitOf = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: string | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once('exit', (code, signal) => resolve({ code, signal }));
  });

describe.skipIf(skip !== null)('two API processes and two workers on one PostgreSQL server', () => {
  let db: Db;
  let storageDir: string;
  let apis: ServerUrls[];
  let workers: Proc[];
  let admin: string;

  beforeAll(async () => {
    // The bundle npm run server/worker run (scripts/server.mjs uses dist/server/cli.mjs when it is up to date).
    execFileSync(process.execPath, ['scripts/build.mjs', '--only=server'], { stdio: 'pipe' });
    const url = await (cluster as PgCluster).seededDatabase();
    db = await openPostgres(url, 2);
    storageDir = await mkdtemp(join(tmpdir(), 'multi-storage-'));
    const shared = { DATABASE_URL: url, STORAGE_DIR: storageDir };
    // Each API's own SFTP child gets a drop folder of its own (a drop server empties its incoming folder at start).
    const api = (n: number) =>
      spawnEntry(['--no-worker'], { ...shared, API_PORT: '0', IDP_PORT: '0', SFTP_PORT: '0', DROP_DIR: join(storageDir, `drop-${n}`) });
    const worker = () => spawnEntry(['--worker'], { ...shared, WORKER_HEALTH_PORT: '0' });
    const all = await Promise.all([api(1), api(2), worker(), worker()]);
    apis = all.slice(0, 2).map((p) => ({ api: p.ready.api as string, idp: p.ready.idp as string }));
    workers = all.slice(2);
    admin = (await signIn(apis[0], 'admin', 'sandbox-admin')).access_token;
  }, 120_000);

  afterAll(async () => {
    for (const p of procs) {
      p.child.kill('SIGKILL');
      await exitOf(p.child);
    }
    await db?.close();
    if (storageDir) await rm(storageDir, { recursive: true, force: true });
    await (cluster as PgCluster).stop();
  });

  it('every process is alive and ready (/health, /ready), the workers on their own health listeners', async () => {
    const bases = [...apis.map((a) => a.api), ...workers.map((w) => w.ready.health as string)];
    expect(bases.every((b) => /^http:\/\/127\.0\.0\.1:\d+$/.test(b))).toBe(true);
    for (const base of bases) {
      expect(await (await fetch(`${base}/health`)).json()).toEqual({ status: 'ok' });
      const ready = await fetch(`${base}/ready`);
      expect([ready.status, await ready.json()]).toEqual([200, { status: 'ok', checks: { database: 'ok', queue: 'ok' } }]);
    }
  });

  it('a token from one identity provider works on the other API', async () => {
    const r = await api(apis[1], admin, '/v4/accounts/me/');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ username: 'admin' });
  });

  it('sign-in limits count once: wrong passwords split over both identity providers lock at the documented limit', async () => {
    const limit = SIGN_IN_THROTTLE.freeFailures;
    const attempt = async (s: ServerUrls, password: string) =>
      (await postSignInForm(`${s.idp}/v4/auth/o/authorize/?${authorizeQuery(pkcePair().challenge)}`, 'marketing', password)).status;
    // Alternating: 3 on one, 2 on the other; neither process alone saw the limit.
    const wrong: number[] = [];
    for (let i = 0; i < limit; i++) wrong.push(await attempt(apis[i % 2], 'not-the-password'));
    expect(wrong.every((s) => s !== 429 && s !== 302)).toBe(true);
    // The next attempt, even with the right password, waits on either.
    expect(await attempt(apis[0], 'sandbox-marketing')).toBe(429);
    expect(await attempt(apis[1], 'sandbox-marketing')).toBe(429);
  }, 60_000);

  it('an Idempotency-Key sent to API 1 and then to API 2 credits once; API 2 replays the first answer', async () => {
    const [{ id: customer }] = await db.query<{ id: number }>('select min(id) as id from users where app is null');
    const count = async () => (await db.query<{ n: number }>('select count(*)::int as n from credits where user_id = $1', [customer]))[0].n;
    const before = await count();
    const send = (s: ServerUrls) =>
      api(s, admin, `/v4/accounts/users/${customer}/credits/`, {
        method: 'POST',
        body: { amount: 7, currency: 'USD', reason_id: 1 },
        headers: { 'idempotency-key': 'multi-instance-credit-1' },
      });
    const first = await send(apis[0]);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const second = await send(apis[1]);
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body).toEqual(first.body);
    expect(await count()).toBe(before + 1);
    // The same key with another body, on either API, is the 422 of api-conventions.
    const other = await api(apis[1], admin, `/v4/accounts/users/${customer}/credits/`, {
      method: 'POST',
      body: { amount: 8, currency: 'USD', reason_id: 1 },
      headers: { 'idempotency-key': 'multi-instance-credit-1' },
    });
    expect(other.status).toBe(422);
  });

  it('a password reset link minted by API 1 is redeemed at identity provider 2, once', async () => {
    const [{ id: artist }] = await db.query<{ id: number }>("select id from users where username = 'artist'");
    const issued = await api(apis[0], admin, `/v4/accounts/users/${artist}/password-reset-link/`, { method: 'POST' });
    expect(issued.status).toBe(200);
    const link = new URL(issued.body.url as string);
    expect(link.origin).toBe(apis[0].idp);
    const at2 = new URL(link.pathname + link.search, apis[1].idp);
    expect((await fetch(at2)).status).toBe(200);
    const token = link.searchParams.get('token')!;
    const password = 'a-new-password-for-artist';
    const set = await fetch(at2, { method: 'POST', body: new URLSearchParams({ token, password, password_again: password }) });
    expect(set.status).toBe(200);
    expect(await set.text()).toContain(RESET_MESSAGES.done);
    // Used up for both, and the new password signs in on the first.
    const again = await fetch(new URL(link.pathname + link.search, apis[0].idp));
    expect(again.status).toBe(400);
    expect(await again.text()).toContain(RESET_MESSAGES.used);
    expect((await signIn(apis[0], 'artist', password)).access_token).toBeTruthy();
  }, 60_000);

  it('jobs enqueued through both APIs each run exactly once over the two workers', async () => {
    const finance = (await signIn(apis[1], 'finance', 'sandbox-finance')).access_token;
    const N = 10;
    const ids: number[] = [];
    for (let i = 0; i < N; i++) {
      const r = await api(apis[i % 2], finance, pathOf(jobEndpoints.start.sales, { id: 2 }), {
        method: 'POST',
        body: { start_date: '2000-01-01', end_date: `2100-01-${String(i + 1).padStart(2, '0')}` },
      });
      expect(r.status).toBe(202);
      ids.push(r.body.id as number);
    }
    const state = async (id: number, s: ServerUrls) => (await api(s, finance, pathOf(jobEndpoints.view, { kind: 'sales', id }))).body.state;
    await waitFor(async () => (await Promise.all(ids.map((id, i) => state(id, apis[(i + 1) % 2])))).every((s) => s === 'DONE'), 45_000);
    // Each worker counts the runs it made: together, one per job, none skipped, failed or stopped.
    const runs = await Promise.all(
      workers.map(async (w) => {
        const text = await (await fetch(`${w.ready.health as string}/metrics`)).text();
        return Object.fromEntries(
          ['done', 'skipped', 'failed', 'stopped'].map((outcome) => [
            outcome,
            sample(text, 'job_run_duration_seconds_count', { kind: 'sales', outcome }),
          ]),
        );
      }),
    );
    expect(runs.reduce((n, r) => n + r.done, 0)).toBe(N);
    expect(runs.map((r) => r.skipped + r.failed + r.stopped)).toEqual([0, 0]);
    // And nothing waits in the queue, whichever process is asked.
    const metrics = await (await fetch(`${apis[0].api}/metrics`)).text();
    expect(sample(metrics, 'job_queue_waiting', { kind: 'sales' })).toBe(0);
  }, 90_000);

  it('every process stops on SIGTERM with exit 0', async () => {
    for (const p of procs) p.child.kill('SIGTERM');
    const exits = await Promise.all(procs.map((p) => exitOf(p.child)));
    expect(exits, procs.map((p) => p.output()).join('\n')).toEqual(procs.map(() => ({ code: 0, signal: null })));
  }, 60_000);
});
