/**
 * Graceful shutdown of the API process (server/process.ts, server/ops/shutdown.ts), on the
 * real entry as npm runs it (`node scripts/server.mjs`, the built bundle, with its job worker,
 * on a seeded PostgreSQL database: no seeding at start, so three servers start in seconds): on
 * SIGTERM it refuses new connections at once, lets a request in flight finish (answered with
 * `Connection: close`) and exits 0; a request still open when the grace period
 * (SHUTDOWN_GRACE_SECONDS) ends is cut and the process exits 0 all the same; a second
 * SIGTERM exits at once (FORCED_EXIT_CODE) without waiting. "In flight" is a request whose
 * headers arrived and whose body is still coming: the test holds back the last bytes.
 * Skips, saying why, only without PostgreSQL binaries (and fails instead when CI is set).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORCED_EXIT_CODE } from '../../server/process';
import { signIn, type ServerUrls } from './helpers';
import { waitFor } from './job-kinds';
import { startPgCluster, type PgCluster } from './pg-cluster';

const cluster = await startPgCluster();
const skip = 'skip' in cluster ? cluster.skip : null;
if (skip) console.warn(`[shutdown.test] skipped: ${skip}`);
let databaseUrl = '';
let storageDir = '';

interface Proc {
  child: ChildProcess;
  output: () => string;
  urls: ServerUrls;
}
const procs = new Set<ChildProcess>();

async function startApi(env: Record<string, string> = {}): Promise<Proc> {
  const child = spawn(process.execPath, ['scripts/server.mjs'], {
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      API_PORT: '0',
      IDP_PORT: '0',
      SFTP_PORT: '0',
      DATABASE_URL: databaseUrl,
      STORAGE_DIR: join(storageDir, 'storage'),
      DROP_DIR: join(storageDir, `drop-${procs.size}`),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  procs.add(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const urls = await new Promise<ServerUrls>((resolve, reject) => {
    child.once('message', (m) => resolve(m as ServerUrls));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  return { child, output: () => output, urls };
}

const exitOf = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: string | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once('exit', (code, signal) => resolve({ code, signal }));
  });

const portOf = (url: string) => Number(new URL(url).port);

/** True once a new TCP connection to the port is refused. */
const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(false);
    });
    s.once('error', (e: NodeJS.ErrnoException) => resolve(e.code === 'ECONNREFUSED'));
  });

interface Slow {
  socket: Socket;
  finish(): void;
  response: Promise<string>;
  closed: Promise<void>;
}

/**
 * An introspection request on the API (POST /v4/auth/o/introspect/, a form with the token)
 * whose body stops 5 bytes short: the server has it in hand until finish() sends the rest.
 * Resolves once the server has answered another request sent after it (so it has read it).
 */
async function slowRequest(p: Proc, token: string): Promise<Slow> {
  const body = `token=${encodeURIComponent(token)}`;
  const socket = connect(portOf(p.urls.api), '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let data = '';
  socket.on('data', (d) => (data += d));
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const response = closed.then(() => data);
  socket.write(
    [
      'POST /v4/auth/o/introspect/ HTTP/1.1',
      'Host: 127.0.0.1',
      `Authorization: Bearer ${token}`,
      'Content-Type: application/x-www-form-urlencoded',
      `Content-Length: ${Buffer.byteLength(body)}`,
      '',
      body.slice(0, -5),
    ].join('\r\n'),
  );
  // The server reads sockets in order: once a later request is answered, this one is in hand.
  expect((await fetch(`${p.urls.api}/health`)).status).toBe(200);
  return { socket, finish: () => socket.write(body.slice(-5)), response, closed };
}

let a: Proc;
let b: Proc;
let c: Proc;

describe.skipIf(skip !== null)('SIGTERM stops the API gracefully', () => {
  beforeAll(async () => {
    // The bundle npm run server runs (scripts/server.mjs uses dist/server/cli.mjs when it is up to date).
    execFileSync(process.execPath, ['scripts/build.mjs', '--only=server'], { stdio: 'pipe' });
    databaseUrl = await (cluster as PgCluster).seededDatabase();
    storageDir = await mkdtemp(join(tmpdir(), 'shutdown-test-'));
    [a, b, c] = await Promise.all([startApi(), startApi({ SHUTDOWN_GRACE_SECONDS: '1' }), startApi({ SHUTDOWN_GRACE_SECONDS: '60' })]);
  }, 120_000);
  afterAll(async () => {
    for (const p of procs) {
      p.kill('SIGKILL');
      await exitOf(p);
    }
    if (storageDir) await rm(storageDir, { recursive: true, force: true });
    await (cluster as PgCluster).stop();
  });

  it('refuses new connections at once, finishes the request in flight, and exits 0', async () => {
    const token = (await signIn(a.urls, 'admin', 'sandbox-admin')).access_token;
    const slow = await slowRequest(a, token);
    a.child.kill('SIGTERM');
    await waitFor(() => refused(portOf(a.urls.api)), 15_000);
    expect(a.child.exitCode).toBeNull();
    slow.finish();
    const res = await slow.response;
    expect(res).toMatch(/^HTTP\/1\.1 200 /);
    expect(res.toLowerCase()).toContain('connection: close');
    expect(res).toContain('"active":true');
    expect(await exitOf(a.child)).toEqual({ code: 0, signal: null });
    // Started with an IPC channel (as npm start's sandbox is), it leaves the stopping notice to its parent.
    expect(a.output()).not.toContain('SIGTERM: stopping');
  }, 60_000);

  it('cuts a request still open when the grace period (SHUTDOWN_GRACE_SECONDS=1) ends, and exits 0', async () => {
    const token = (await signIn(b.urls, 'admin', 'sandbox-admin')).access_token;
    const slow = await slowRequest(b, token);
    const t0 = Date.now();
    b.child.kill('SIGTERM');
    expect(await exitOf(b.child)).toEqual({ code: 0, signal: null });
    await slow.closed;
    expect(await slow.response).toBe('');
    // The grace (1 s) and the queue's stop (at least 1 s), not the request (never finished).
    expect(Date.now() - t0).toBeLessThan(30_000);
  }, 60_000);

  it('a second SIGTERM exits at once, without waiting for the request in flight', async () => {
    const token = (await signIn(c.urls, 'admin', 'sandbox-admin')).access_token;
    const slow = await slowRequest(c, token);
    const t0 = Date.now();
    c.child.kill('SIGTERM');
    await waitFor(() => refused(portOf(c.urls.api)), 15_000);
    c.child.kill('SIGTERM');
    expect(await exitOf(c.child)).toEqual({ code: FORCED_EXIT_CODE, signal: null });
    // Long before its 60 s grace.
    expect(Date.now() - t0).toBeLessThan(30_000);
    expect(await slow.response).toBe('');
    expect(c.output()).toContain('SIGTERM again: exiting now.');
  }, 60_000);
});
