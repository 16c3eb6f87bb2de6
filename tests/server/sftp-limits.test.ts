/**
 * The SFTP drop server's limits and its own process (issue 26), with the real ssh2 client
 * and raw TCP sockets: connection caps (in all, per address), the pre-authentication time
 * limit, attempts per connection, the largest file, the supplier quota, the free-disk
 * floor, partial uploads deleted; the health listener; the drop server as the API's child
 * process on PGlite (its database answers over IPC), and `npm run sftp` without a database.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ssh2, { type SFTPWrapper } from 'ssh2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/auth/crypto';
import { dbBackend, type DropBackend } from '../../server/sftp/backend';
import type { SftpChild } from '../../server/sftp/child';
import { INCOMING_DIR, startDropServer, type DropServer, type DropServerOptions } from '../../server/sftp/drop-server';
import { startHealthListener } from '../../server/sftp/health';
import { MAX_AUTH_ATTEMPTS, MAX_AUTH_TIMEOUT_MS, SFTP_LIMITS, sftpLimitsFromEnv, type DiskSpace } from '../../server/sftp/limits';
import { SFTP_NEEDS_DATABASE } from '../../server/sftp/process';
import { INGEST_BATCH_JOB } from '../../shared/api/endpoints/jobs';
import { newSshKeyPair } from '../../shared/packaging/ssh-key';
import { waitFor } from './job-kinds';
import { startTestServer, type RunningServer } from './helpers';
import { openPostgres } from '../../server/db/client';
import type { SftpReadyMessage } from '../../server/sftp/process';
import { startPgCluster, type PgCluster } from './pg-cluster';

const cluster = await startPgCluster();
const pgSkip = 'skip' in cluster ? cluster.skip : null;
if (pgSkip) console.warn(`[sftp-limits.test] PostgreSQL part skipped: ${pgSkip}`);

const GiB = 1024 ** 3;
const SUPPLIER = 1;
const USER = 'limits-acme';
const PASSWORD = 'limits-acme-password';

let server: RunningServer;
const started: { drop: DropServer; dir: string }[] = [];

beforeAll(async () => {
  server = await startTestServer({ worker: false });
  await server.db.query('insert into ftp_users (supplier_id, username, password_hash) values ($1, $2, $3)', [
    SUPPLIER,
    USER,
    await hashPassword(PASSWORD),
  ]);
}, 60_000);
afterAll(async () => {
  for (const s of started) {
    await s.drop.close();
    await rm(s.dir, { recursive: true, force: true });
  }
  await server?.close();
  // Here, not in its describe: a run filtered to other tests stops it too.
  if (!pgSkip) await (cluster as PgCluster).stop();
});

/** A drop server in this process on a fresh drop folder. */
async function startDrop(opts: Partial<DropServerOptions> = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'sftp-limits-'));
  const drop = await startDropServer({ db: server.db, jobs: server.jobs, dropDir: dir, ...opts });
  started.push({ drop, dir });
  return { drop, dir, root: join(dir, String(SUPPLIER)), incoming: join(dir, INCOMING_DIR) };
}

/** The value of one series of a drop server's metrics (0 when it has none). */
async function metric(drop: DropServer, series: string): Promise<number> {
  const line = (await drop.metrics.text()).split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

/** A raw TCP connection: 'open' when the server greets it (its SSH ident), 'refused' when closed before a byte. */
function rawConnection(port: number, localAddress = '127.0.0.1') {
  const socket = connect({ host: '127.0.0.1', port, localAddress });
  socket.on('error', () => undefined);
  const outcome = new Promise<'open' | 'refused'>((resolve) => {
    socket.once('data', () => resolve('open'));
    socket.once('close', () => resolve('refused'));
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return { socket, outcome, closed };
}

/** Signs in with the password and opens SFTP. */
function session(port: number): Promise<{ conn: ssh2.Client; sftp: SFTPWrapper; closed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const conn = new ssh2.Client();
    const closed = new Promise<void>((r) => conn.once('close', () => r()));
    conn.on('error', reject);
    // Closed by the server before it signed in (the time limit): a rejection, not a hang.
    void closed.then(() => reject(new Error('closed before the session opened')));
    conn.on('ready', () => conn.sftp((err, sftp) => (err ? reject(err) : resolve({ conn, sftp, closed }))));
    conn.connect({ host: '127.0.0.1', port, username: USER, password: PASSWORD, hostVerifier: () => true, readyTimeout: 60_000 });
  });
}

const call = <T>(fn: (cb: (err: Error | null | undefined, v: T) => void) => void) =>
  new Promise<T>((resolve, reject) => fn((err, v) => (err ? reject(err) : resolve(v))));

/**
 * Uploads `size` bytes to `path` in chunks of `chunk` (running `between` after each), then
 * closes it. Resolves 'ok', or the failure's message (the handle is closed as a client would).
 */
async function upload(
  sftp: SFTPWrapper,
  path: string,
  size: number,
  chunk = 64 * 1024,
  between?: (written: number) => void,
): Promise<string> {
  let handle: Buffer;
  try {
    handle = await call<Buffer>((cb) => sftp.open(path, 'w', cb));
  } catch (e) {
    return (e as Error).message;
  }
  const data = Buffer.alloc(chunk, 7);
  try {
    for (let at = 0; at < size; at += chunk) {
      const n = Math.min(chunk, size - at);
      await call<void>((cb) => sftp.write(handle, data, 0, n, at, (err) => cb(err, undefined)));
      between?.(at + n);
    }
  } catch (e) {
    await call<void>((cb) => sftp.close(handle, (err) => cb(null, void err))).catch(() => undefined);
    return (e as Error).message;
  }
  await call<void>((cb) => sftp.close(handle, (err) => cb(err, undefined)));
  return 'ok';
}

describe('connection caps', () => {
  it('a connection past the cap in all is closed at once, before any SSH; a freed place is taken again', async () => {
    const { drop } = await startDrop({ limits: { maxConnections: 4, maxConnectionsPerAddress: 100 } });
    const held = Array.from({ length: 4 }, () => rawConnection(drop.port));
    expect(await Promise.all(held.map((c) => c.outcome))).toEqual(['open', 'open', 'open', 'open']);
    const extra = Array.from({ length: 6 }, (_, i) => rawConnection(drop.port, `127.0.0.${2 + i}`));
    expect(await Promise.all(extra.map((c) => c.outcome))).toEqual(Array(6).fill('refused'));
    expect(drop.connections()).toBe(4);
    expect(await metric(drop, 'sftp_connections')).toBe(4);
    expect(await metric(drop, 'sftp_connections_total{outcome="accepted"}')).toBe(4);
    expect(await metric(drop, 'sftp_connections_total{outcome="refused_cap"}')).toBe(6);
    held[0].socket.destroy();
    await waitFor(async () => drop.connections() === 3);
    const again = rawConnection(drop.port);
    expect(await again.outcome).toBe('open');
    for (const c of [...held, again]) c.socket.destroy();
  });

  it('per address: the 4th from one address is refused while another address still gets in', async () => {
    const { drop } = await startDrop({ limits: { maxConnections: 100, maxConnectionsPerAddress: 3 } });
    const mine = Array.from({ length: 3 }, () => rawConnection(drop.port, '127.0.0.1'));
    expect(await Promise.all(mine.map((c) => c.outcome))).toEqual(['open', 'open', 'open']);
    expect(await rawConnection(drop.port, '127.0.0.1').outcome).toBe('refused');
    const other = rawConnection(drop.port, '127.0.0.9');
    expect(await other.outcome).toBe('open');
    expect(await metric(drop, 'sftp_connections_total{outcome="refused_address_cap"}')).toBe(1);
    for (const c of [...mine, other]) c.socket.destroy();
  });
});

describe('sign-in', () => {
  it('a connection that does not sign in within the time limit is closed; one that signed in stays', async () => {
    const { drop } = await startDrop({ limits: { authTimeoutMs: 1_000 } });
    const t0 = Date.now();
    const idle = rawConnection(drop.port);
    expect(await idle.outcome).toBe('open');
    // A loaded machine may take the whole second to sign in (then the limit closes it, as it should): tried again.
    let signedIn: Awaited<ReturnType<typeof session>> | undefined;
    let connectedAt = 0;
    for (let i = 0; !signedIn; i++) {
      connectedAt = Date.now();
      signedIn = await session(drop.port).catch((e: Error) => {
        if (i >= 4) throw e;
        return undefined;
      });
    }
    await idle.closed;
    expect(await metric(drop, 'sftp_sign_in_timeouts_total')).toBeGreaterThanOrEqual(1);
    expect(await metric(drop, 'sftp_sign_ins_total{outcome="ok"}')).toBe(1);
    const waited = Date.now() - t0;
    expect(waited).toBeGreaterThanOrEqual(900);
    expect(waited).toBeLessThan(15_000);
    // Past its limit, the signed-in connection still answers.
    await waitFor(async () => Date.now() - connectedAt > 1_500);
    expect(await call<unknown[]>((cb) => signedIn.sftp.readdir('/', cb))).toEqual([]);
    signedIn.conn.end();
  });

  it(`one connection: ${MAX_AUTH_ATTEMPTS} public keys tried, then it is closed`, async () => {
    const base = dbBackend(server.db, server.jobs);
    let lookups = 0;
    const backend: DropBackend = { ...base, findUser: (u) => ((lookups += 1), base.findUser(u)) };
    const { drop } = await startDrop({ backend });
    const keys = Array.from({ length: 20 }, () => newSshKeyPair().private);
    let offered = 0;
    const result = await new Promise<{ signedIn: boolean }>((resolve) => {
      const c = new ssh2.Client();
      let signedIn = false;
      c.on('ready', () => {
        signedIn = true;
        c.end();
      });
      c.on('error', () => undefined);
      c.on('close', () => resolve({ signedIn }));
      c.connect({
        host: '127.0.0.1',
        port: drop.port,
        username: USER,
        hostVerifier: () => true,
        readyTimeout: 60_000,
        authHandler: (_left, _partial, next) => {
          if (offered >= keys.length) return next(false as never);
          next({ type: 'publickey', username: USER, key: keys[offered++] });
        },
      });
    });
    expect(result.signedIn).toBe(false);
    expect(lookups).toBe(MAX_AUTH_ATTEMPTS);
    expect(await metric(drop, 'sftp_sign_ins_total{outcome="refused"}')).toBe(MAX_AUTH_ATTEMPTS);
    expect(offered).toBeLessThan(keys.length);
  });
});

describe('uploads', () => {
  // Small files: ssh2's client writes slowly on a loaded machine (a request at a time).
  const U = 64 * 1024;

  it('a file past the largest size fails with an SFTP failure and its partial file is deleted; one at the size lands', async () => {
    const { drop, root, incoming } = await startDrop({ limits: { maxFileBytes: 4 * U } });
    const s = await session(drop.port);
    expect(await upload(s.sftp, '/exact.wav', 4 * U, U)).toBe('ok');
    expect(statSync(join(root, 'exact.wav')).size).toBe(4 * U);
    expect(await upload(s.sftp, '/big.wav', 6 * U, U)).toBe('File too large');
    expect(existsSync(join(root, 'big.wav'))).toBe(false);
    // The bytes written (the refused write never was), and one upload of each outcome.
    expect(await metric(drop, 'sftp_upload_bytes_total')).toBe(8 * U);
    expect(await metric(drop, 'sftp_uploads_total{outcome="landed"}')).toBe(1);
    expect(await metric(drop, 'sftp_uploads_total{outcome="abandoned"}')).toBe(1);
    expect(readdirSync(incoming)).toEqual([]);
    s.conn.end();
  });

  it('the supplier quota: an upload that would pass it fails mid-way and is deleted; at the quota, opening for write is refused', async () => {
    const { drop, root, incoming } = await startDrop({ limits: { quotaBytes: 8 * U } });
    mkdirSync(root, { recursive: true });
    writeFileSync(join(root, 'already.wav'), Buffer.alloc(4 * U));
    const s = await session(drop.port);
    expect(await upload(s.sftp, '/fits.wav', 2 * U, U)).toBe('ok');
    expect(await upload(s.sftp, '/too-much.wav', 4 * U, U)).toBe('Quota exceeded');
    expect(existsSync(join(root, 'too-much.wav'))).toBe(false);
    expect(readdirSync(incoming)).toEqual([]);
    // Up to the quota exactly, then the folder is full: no new upload opens.
    expect(await upload(s.sftp, '/fill.wav', 2 * U, U)).toBe('ok');
    expect(await upload(s.sftp, '/one-more.wav', 10)).toBe('Quota exceeded');
    expect(existsSync(join(root, 'one-more.wav'))).toBe(false);
    s.conn.end();
  });

  it('the free-disk floor: refused on open, and mid-upload once the disk fills (partial deleted)', async () => {
    let space: DiskSpace = { free: 100 * GiB, total: 1024 * GiB };
    const probed: number[] = [];
    const { drop, root, incoming } = await startDrop({
      freeSpace: async () => (probed.push(space.free), space),
      freeSpaceCheckBytes: 2 * U,
    });
    const s = await session(drop.port);
    expect(await upload(s.sftp, '/first.wav', U, U)).toBe('ok');
    // 5 % of 1 TiB is the floor (51.2 GiB): 40 GiB free is under it.
    space = { free: 40 * GiB, total: 1024 * GiB };
    expect(await upload(s.sftp, '/refused.wav', U, U)).toBe('Not enough free disk space on the server');
    // A small disk: the 1 GiB floor is what counts.
    space = { free: 2 * GiB, total: 4 * GiB };
    const result = await upload(s.sftp, '/filling.wav', 6 * U, U, (written) => {
      if (written === U) space = { free: GiB / 2, total: 4 * GiB };
    });
    expect(result).toBe('Not enough free disk space on the server');
    expect(existsSync(join(root, 'filling.wav'))).toBe(false);
    expect(existsSync(join(root, 'refused.wav'))).toBe(false);
    expect(readdirSync(incoming)).toEqual([]);
    // Each open, and the write that reached the check's interval.
    expect(probed).toEqual([100 * GiB, 40 * GiB, 2 * GiB, GiB / 2]);
    expect(SFTP_LIMITS.minFreeBytes).toBe(GiB);
    s.conn.end();
  });

  it('a client that disconnects mid-upload leaves no file, and its bytes no longer count against the quota', async () => {
    const { drop, root, incoming } = await startDrop({ limits: { quotaBytes: 6 * U } });
    const s = await session(drop.port);
    const handle = await call<Buffer>((cb) => s.sftp.open('/cut.wav', 'w', cb));
    const data = Buffer.alloc(U, 1);
    for (let i = 0; i < 4; i++) await call<void>((cb) => s.sftp.write(handle, data, 0, U, i * U, (err) => cb(err, undefined)));
    expect(readdirSync(incoming)).toHaveLength(1);
    // Gone without closing its file.
    s.conn.end();
    await s.closed;
    await waitFor(async () => readdirSync(incoming).length === 0);
    expect(existsSync(join(root, 'cut.wav'))).toBe(false);
    const again = await session(drop.port);
    expect(await upload(again.sftp, '/whole.wav', 4 * U, U)).toBe('ok');
    again.conn.end();
  });
});

describe('limits from the environment', () => {
  it('defaults, overrides, and refusals that name the variable', () => {
    expect(sftpLimitsFromEnv({})).toEqual(SFTP_LIMITS);
    expect(SFTP_LIMITS.authTimeoutMs).toBeLessThanOrEqual(MAX_AUTH_TIMEOUT_MS);
    expect(sftpLimitsFromEnv({ SFTP_MAX_CONNECTIONS: '50', SFTP_MIN_FREE_PERCENT: '2.5', SFTP_QUOTA_BYTES: '' })).toMatchObject({
      maxConnections: 50,
      minFreeFraction: 0.025,
      quotaBytes: SFTP_LIMITS.quotaBytes,
    });
    expect(() => sftpLimitsFromEnv({ SFTP_AUTH_TIMEOUT_MS: '60000' })).toThrow(/SFTP_AUTH_TIMEOUT_MS must be at most 30000/);
    expect(() => sftpLimitsFromEnv({ SFTP_MAX_FILE_BYTES: '2GB' })).toThrow(/SFTP_MAX_FILE_BYTES must be a whole number/);
    expect(() => sftpLimitsFromEnv({ SFTP_MAX_CONNECTIONS_PER_ADDRESS: '0' })).toThrow(/SFTP_MAX_CONNECTIONS_PER_ADDRESS/);
    expect(() => sftpLimitsFromEnv({ SFTP_MIN_FREE_PERCENT: '120' })).toThrow(/SFTP_MIN_FREE_PERCENT must be a percentage/);
  });
});

describe('health listener', () => {
  it('/health is 200; /ready is 200 while the database answers, 503 when it fails or does not answer in time', async () => {
    let state: 'up' | 'down' | 'silent' = 'up';
    const health = await startHealthListener({
      port: 0,
      ready: () =>
        state === 'up' ? Promise.resolve() : state === 'down' ? Promise.reject(new Error('database down')) : new Promise(() => undefined),
      info: () => ({ connections: 3 }),
      readyTimeoutMs: 300,
      metrics: async () => ({ contentType: 'text/plain; version=0.0.4', body: 'sftp_connections 3\n' }),
      metricsToken: 'scrape-secret',
    });
    try {
      const get = async (path: string) => {
        const r = await fetch(`${health.url}${path}`);
        return { status: r.status, body: (await r.json()) as Record<string, unknown> };
      };
      expect(await get('/health')).toEqual({ status: 200, body: { status: 'ok', service: 'sftp', connections: 3 } });
      expect(await get('/ready')).toEqual({ status: 200, body: { status: 'ready', service: 'sftp', connections: 3 } });
      state = 'down';
      expect(await get('/ready')).toEqual({ status: 503, body: { status: 'unavailable', service: 'sftp', reason: 'database down' } });
      state = 'silent';
      expect(await get('/ready')).toMatchObject({ status: 503, body: { status: 'unavailable', reason: 'no answer in time' } });
      expect((await get('/health')).status).toBe(200);
      expect((await get('/nothing')).status).toBe(404);
      // /metrics: the bearer token METRICS_TOKEN names, or 401.
      expect((await fetch(`${health.url}/metrics`)).status).toBe(401);
      expect((await fetch(`${health.url}/metrics`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
      const scraped = await fetch(`${health.url}/metrics`, { headers: { authorization: 'Bearer scrape-secret' } });
      expect(scraped.status).toBe(200);
      expect(await scraped.text()).toBe('sftp_connections 3\n');
    } finally {
      await health.close();
    }
  });
});

describe("the drop server as the API's child process (PGlite: its database answers over IPC)", () => {
  let api: RunningServer;
  beforeAll(async () => {
    // The bundle npm run server runs (scripts/build.mjs skips it when up to date).
    execFileSync(process.execPath, ['scripts/build.mjs', '--only=server'], { stdio: 'pipe' });
    api = await startTestServer({ worker: false, sftp: { process: { entry: 'dist/server/cli.mjs', healthPort: 0 } } });
    await api.db.query('insert into ftp_users (supplier_id, username, password_hash) values ($1, $2, $3)', [
      SUPPLIER,
      USER,
      await hashPassword(PASSWORD),
    ]);
  }, 120_000);
  afterAll(async () => {
    await api?.close();
  });

  it('signs a supplier in by password, queues ingest-batch on BatchComplete, and answers /ready, from another process', async () => {
    const child = (api.sftp as unknown as SftpChild).child;
    expect(child.pid).not.toBe(process.pid);
    expect(child.spawnargs).toContain('--db-over-ipc');
    const s = await session(api.sftp!.port);
    const B = '20261128110000000';
    await call<void>((cb) => s.sftp.mkdir(`/${B}`, (err) => cb(err, undefined)));
    expect(await upload(s.sftp, `/${B}/BatchComplete_${B}.xml`, 100)).toBe('ok');
    s.conn.end();
    const jobs = await waitFor(async () => {
      const rows = await api.db.query<{ payload: { supplier_id: number; batch_dir: string } }>('select payload from jobs where kind = $1', [
        INGEST_BATCH_JOB,
      ]);
      return rows.length ? rows : null;
    });
    expect(jobs).toEqual([{ payload: { supplier_id: SUPPLIER, batch_dir: join(api.sftp!.dropDir, String(SUPPLIER), B) } }]);
    // A wrong password is counted by the sign-in limits in this process's database.
    const wrong = await new Promise<boolean>((resolve) => {
      const c = new ssh2.Client();
      c.on('ready', () => {
        c.end();
        resolve(true);
      });
      c.on('error', () => resolve(false));
      c.connect({
        host: '127.0.0.1',
        port: api.sftp!.port,
        username: USER,
        password: 'wrong',
        hostVerifier: () => true,
        readyTimeout: 60_000,
      });
    });
    expect(wrong).toBe(false);
    const [counted] = await api.db.query<{ failures: number }>(
      "select failures from sign_in_attempts where service = 'sftp' and username = $1 and address = ''",
      [USER],
    );
    expect(counted.failures).toBe(1);
    const health = (api.sftp as unknown as SftpChild).health!;
    expect((await fetch(`${health}/health`)).status).toBe(200);
    expect(await (await fetch(`${health}/ready`)).json()).toMatchObject({ status: 'ready' });
    // Its metrics: the sign-ins and the upload it saw, and its process's own figures.
    const metrics = await (await fetch(`${health}/metrics`)).text();
    expect(metrics).toContain('sftp_sign_ins_total{outcome="ok"} 1');
    expect(metrics).toContain('sftp_sign_ins_total{outcome="refused"} 1');
    expect(metrics).toContain('sftp_uploads_total{outcome="landed"} 1');
    expect(metrics).toMatch(/^process_resident_memory_bytes \d+/m);
  });

  it('stops when its parent goes (the IPC channel closes)', async () => {
    const child = (api.sftp as unknown as SftpChild).child;
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.disconnect();
    expect(await exited).toBe(0);
  });
});

describe('npm run sftp (cli --sftp) alone', () => {
  it('without DATABASE_URL: exits 1 saying it needs one', async () => {
    execFileSync(process.execPath, ['scripts/build.mjs', '--only=server'], { stdio: 'pipe' });
    const child = spawn(process.execPath, ['dist/server/cli.mjs', '--sftp'], {
      env: { ...process.env, DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(out.trim()).toBe(SFTP_NEEDS_DATABASE);
  }, 60_000);
});

describe.skipIf(pgSkip !== null)('npm run sftp alone on PostgreSQL (DATABASE_URL)', () => {
  it('signs in, queues ingest-batch on its own connection, answers /ready, and stops on SIGTERM', async () => {
    const url = await (cluster as PgCluster).seededDatabase();
    const db = await openPostgres(url, 2);
    const dropDir = await mkdtemp(join(tmpdir(), 'sftp-alone-'));
    try {
      await db.query('insert into ftp_users (supplier_id, username, password_hash) values ($1, $2, $3)', [
        SUPPLIER,
        USER,
        await hashPassword(PASSWORD),
      ]);
      execFileSync(process.execPath, ['scripts/build.mjs', '--only=server'], { stdio: 'pipe' });
      // As npm runs it: scripts/server.mjs --sftp (which runs itself again with the V8 flags).
      const child = spawn(process.execPath, ['scripts/server.mjs', '--sftp'], {
        env: { ...process.env, DATABASE_URL: url, DROP_DIR: dropDir, SFTP_PORT: '0', SFTP_HEALTH_PORT: '0' },
        stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      });
      let out = '';
      child.stdout!.on('data', (d) => (out += d));
      child.stderr!.on('data', (d) => (out += d));
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      try {
        const ready = await new Promise<SftpReadyMessage>((resolve, reject) => {
          child.once('message', (m) => resolve(m as SftpReadyMessage));
          void exited.then((code) => reject(new Error(`npm run sftp exited with ${code}: ${out}`)));
        });
        expect(ready.health).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
        const s = await session(ready.port);
        const B = '20261128120000000';
        await call<void>((cb) => s.sftp.mkdir(`/${B}`, (err) => cb(err, undefined)));
        expect(await upload(s.sftp, `/${B}/BatchComplete_${B}.xml`, 100)).toBe('ok');
        s.conn.end();
        const jobs = await waitFor(async () => {
          const rows = await db.query<{ state: string; payload: { batch_dir: string } }>(
            'select state, payload from jobs where kind = $1',
            [INGEST_BATCH_JOB],
          );
          return rows.length ? rows : null;
        });
        expect(jobs).toEqual([{ state: 'PENDING', payload: { supplier_id: SUPPLIER, batch_dir: join(dropDir, String(SUPPLIER), B) } }]);
        expect(await (await fetch(`${ready.health}/ready`)).json()).toMatchObject({ status: 'ready' });
      } finally {
        child.kill('SIGTERM');
      }
      expect(await exited).toBe(0);
    } finally {
      await db.close();
      await rm(dropDir, { recursive: true, force: true });
    }
  }, 120_000);
});
