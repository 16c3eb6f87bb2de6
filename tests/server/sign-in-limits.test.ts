/**
 * Sign-in limits that hold (issue 26), on PGlite and on a PostgreSQL server: attempts are
 * reserved in the database before the password is hashed, so 50 wrong passwords sent at
 * once reach the hash 5 times (a counter on the injected verify function); the lock is per
 * username and address (the attacker's address waits, the user elsewhere signs in) with a
 * per-username slow-down of at most a minute; the SFTP drop server's passwords go through
 * the same limits and a connection has 6 attempts. On PostgreSQL, two server instances on
 * one database count once. Clocks are injected: nothing sleeps.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import ssh2 from 'ssh2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIdp } from '../../server/api/app';
import { hashPassword, verifyPassword } from '../../server/auth/crypto';
import { BAD_CREDENTIALS, tooManyAttempts } from '../../server/auth/idp';
import { ACCOUNT_THROTTLE, SIGN_IN_THROTTLE, addressKey, type SignInOptions } from '../../server/auth/throttle';
import { MAX_AUTH_ATTEMPTS, startDropServer, type DropServer } from '../../server/sftp/drop-server';
import { authorizeQuery, pkcePair, startTestServer, type RunningServer } from './helpers';
import { startPgCluster, type PgCluster } from './pg-cluster';

const cluster = await startPgCluster();
const pgSkip = 'skip' in cluster ? cluster.skip : null;
if (pgSkip) console.warn(`[sign-in-limits.test] PostgreSQL part skipped: ${pgSkip}`);

/** A password check that counts how often it runs (each run is one scrypt). */
function countedVerify() {
  const counter = {
    calls: 0,
    verify: async (password: string, stored: string | null) => {
      counter.calls++;
      return verifyPassword(password, stored);
    },
  };
  return counter;
}

interface Attempt {
  status: number;
  retryAfter: number | null;
  html: string;
}

/**
 * Opens the sign-in form from `address` as a browser does and returns a function that
 * posts it (so many can be opened first and posted at once).
 */
async function openForm(app: FastifyInstance, username: string, password: string, address: string): Promise<() => Promise<Attempt>> {
  const q = authorizeQuery(pkcePair().challenge);
  const url = `/v4/auth/o/authorize/?${q}`;
  const form = await app.inject({ method: 'GET', url, remoteAddress: address });
  const cookie = [form.headers['set-cookie'] ?? []]
    .flat()
    .map((c) => String(c).split(';')[0])
    .join('; ');
  const csrf = /name="csrf_token" value="([^"]*)"/.exec(form.body)?.[1] ?? '';
  const payload = new URLSearchParams({ ...Object.fromEntries(q), csrf_token: csrf, username, password }).toString();
  return async () => {
    const r = await app.inject({
      method: 'POST',
      url,
      remoteAddress: address,
      payload,
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    });
    const wait = r.headers['retry-after'];
    return { status: r.statusCode, retryAfter: wait === undefined ? null : Number(wait), html: r.body };
  };
}

const attempt = async (app: FastifyInstance, username: string, password: string, address: string) =>
  (await openForm(app, username, password, address))();

/** The counters of a username (the account's, address '', and each address's). */
async function counters(s: RunningServer, service: string, username: string) {
  return s.db.query<{ address: string; failures: number }>(
    'select address, failures from sign_in_attempts where service = $1 and username = $2 order by address',
    [service, username],
  );
}

/** Signs in over SSH with each password in turn on one connection, until one works or the server closes it. */
function sshPasswords(port: number, username: string, passwords: string[]): Promise<{ sent: number; signedIn: boolean }> {
  return new Promise((resolve) => {
    const c = new ssh2.Client();
    let sent = 0;
    let signedIn = false;
    c.on('ready', () => {
      signedIn = true;
      c.end();
    });
    c.on('error', () => undefined);
    c.on('close', () => resolve({ sent, signedIn }));
    c.connect({
      host: '127.0.0.1',
      port,
      username,
      hostVerifier: () => true,
      readyTimeout: 120_000,
      authHandler: (_left, _partial, next) => {
        if (sent >= passwords.length) return next(false as never);
        next({ type: 'password', username, password: passwords[sent++] });
      },
    });
  });
}

function limitsSuite(get: () => RunningServer) {
  const apps: FastifyInstance[] = [];
  const drops: { server: DropServer; dir: string }[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
    for (const d of drops) {
      await d.server.close();
      await rm(d.dir, { recursive: true, force: true });
    }
  });
  const idp = async (signIn: SignInOptions) => {
    const app = await buildIdp(get().db, { accessTtl: 900, refreshTtl: 3600, signIn });
    apps.push(app);
    await app.ready();
    return app;
  };

  it('50 wrong passwords sent at once from one address: 5 reach the hash, 45 are refused; then the right one waits too', async () => {
    const counter = countedVerify();
    const app = await idp({ verifyPassword: counter.verify });
    const posts = await Promise.all(Array.from({ length: 50 }, (_, i) => openForm(app, 'marketing', `wrong-${i}`, '10.1.0.1')));
    const results = await Promise.all(posts.map((post) => post()));
    expect(counter.calls).toBe(SIGN_IN_THROTTLE.freeFailures);
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    const refused = results.filter((r) => r.status === 429);
    expect(refused).toHaveLength(45);
    expect(refused.every((r) => r.retryAfter! > 0 && r.retryAfter! <= 30 && r.html.includes(tooManyAttempts(r.retryAfter!)))).toBe(true);
    expect(await counters(get(), 'idp', 'marketing')).toEqual([
      { address: '', failures: 5 },
      { address: '10.1.0.1', failures: 5 },
    ]);
    const right = await attempt(app, 'marketing', 'sandbox-marketing', '10.1.0.1');
    expect(right.status).toBe(429);
    expect(counter.calls).toBe(5);
  });

  it('50 wrong passwords at once from 50 addresses: the account count stops them at 20, each address at 1', async () => {
    const counter = countedVerify();
    const app = await idp({ verifyPassword: counter.verify });
    const posts = await Promise.all(Array.from({ length: 50 }, (_, i) => openForm(app, 'curation', `wrong-${i}`, `10.4.0.${i + 1}`)));
    const results = await Promise.all(posts.map((post) => post()));
    expect(counter.calls).toBe(ACCOUNT_THROTTLE.freeFailures);
    expect(results.filter((r) => r.status === 429)).toHaveLength(30);
    // The account's slow-down is short: 15 s after 20 failures.
    expect(Math.max(...results.map((r) => r.retryAfter ?? 0))).toBe(ACCOUNT_THROTTLE.baseDelayMs / 1000);
  });

  it("the attacker's address is locked, the user at another address signs in; the per-account slow-down lasts at most a minute", async () => {
    let now = Date.now();
    const counter = countedVerify();
    const app = await idp({ now: () => now, verifyPassword: counter.verify });
    const attacker = '10.2.0.66';
    const user = '10.2.0.7';
    for (let i = 0; i < 5; i++) expect((await attempt(app, 'finance', `guess-${i}`, attacker)).status).toBe(200);
    const locked = await attempt(app, 'finance', 'sandbox-finance', attacker);
    expect(locked.status).toBe(429);
    expect(locked.retryAfter).toBe(30);
    expect(locked.html).toContain('Too many sign-in attempts. Try again in 30 seconds.');
    expect((await attempt(app, 'finance', 'sandbox-finance', user)).status).toBe(302);
    // The user's success reset the account's count, not the attacker's address.
    expect((await attempt(app, 'finance', 'sandbox-finance', attacker)).status).toBe(429);

    // From many addresses (4 each, under the address limit): 20 failures slow the account down for everyone, 15 s.
    for (let i = 0; i < 20; i++) expect((await attempt(app, 'finance', `spray-${i}`, `10.3.${i >> 2}.1`)).status).toBe(200);
    const slowed = await attempt(app, 'finance', 'sandbox-finance', user);
    expect(slowed.status).toBe(429);
    expect(slowed.retryAfter).toBe(15);
    // Kept up (one guess each time the wait is over, from fresh addresses), the wait doubles to a minute and no more.
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      now += 60_000;
      expect((await attempt(app, 'finance', `again-${i}`, `10.5.${i}.1`)).status).toBe(200);
      waits.push((await attempt(app, 'finance', 'sandbox-finance', user)).retryAfter!);
    }
    expect(waits).toEqual([30, 60, 60, 60, 60]);
    now += 60_000;
    expect((await attempt(app, 'finance', 'sandbox-finance', user)).status).toBe(302);
    // The hash ran only for attempts not refused: 5 + 20 + 5 wrong, 2 right.
    expect(counter.calls).toBe(32);
  });

  it("a wrong password is still the form's own message; an IPv6 address counts by its /64", async () => {
    const app = await idp({});
    const r = await attempt(app, 'no-such-user-v6', 'wrong', '2001:db8:1:2::5');
    expect(r.status).toBe(200);
    expect(r.html).toContain(BAD_CREDENTIALS);
    expect(addressKey('2001:db8:1:2:aaaa::5')).toBe('2001:db8:1:2::/64');
    expect(addressKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(addressKey(undefined)).toBe('unknown');
    expect(await counters(get(), 'idp', 'no-such-user-v6')).toEqual([
      { address: '', failures: 1 },
      { address: '2001:db8:1:2::/64', failures: 1 },
    ]);
  });

  describe('SFTP drop server', () => {
    const start = async (signIn: NonNullable<Parameters<typeof startDropServer>[0]['signIn']>) => {
      const dir = await mkdtemp(join(tmpdir(), 'sign-in-limits-drop-'));
      // Every connection comes from 127.0.0.1: the per-address cap (10, sftp-limits.test.ts) out of the way.
      const server = await startDropServer({
        db: get().db,
        jobs: get().jobs,
        dropDir: dir,
        signIn,
        limits: { maxConnectionsPerAddress: 1_000 },
      });
      drops.push({ server, dir });
      return server;
    };
    const addUser = async (username: string, password: string) => {
      await get().db.query('insert into ftp_users (supplier_id, username, password_hash) values (1, $1, $2)', [
        username,
        await hashPassword(password),
      ]);
    };

    it(`one connection: ${MAX_AUTH_ATTEMPTS} password attempts, then it is closed`, async () => {
      await addUser('limits-one-conn', 'right-password');
      const counter = countedVerify();
      // Limits out of the way: what stops the guesses here is the connection's own count.
      const drop = await start({ verifyPassword: counter.verify, throttle: { freeFailures: 1_000 }, account: { freeFailures: 1_000 } });
      const r = await sshPasswords(
        drop.port,
        'limits-one-conn',
        Array.from({ length: 30 }, (_, i) => `guess-${i}`),
      );
      expect(r.signedIn).toBe(false);
      expect(counter.calls).toBe(MAX_AUTH_ATTEMPTS);
      expect(r.sent).toBeLessThan(30);
      expect((await sshPasswords(drop.port, 'limits-one-conn', ['right-password'])).signedIn).toBe(true);
    });

    it('100 connections of one wrong password each: 5 reach the hash; the right one waits, then works', async () => {
      await addUser('limits-many-conn', 'right-password');
      let now = Date.now();
      const counter = countedVerify();
      const drop = await start({ verifyPassword: counter.verify, now: () => now });
      const results: { signedIn: boolean }[] = [];
      for (let batch = 0; batch < 5; batch++) {
        results.push(
          ...(await Promise.all(
            Array.from({ length: 20 }, (_, i) => sshPasswords(drop.port, 'limits-many-conn', [`guess-${batch}-${i}`])),
          )),
        );
      }
      expect(results.some((r) => r.signedIn)).toBe(false);
      expect(counter.calls).toBe(SIGN_IN_THROTTLE.freeFailures);
      expect((await sshPasswords(drop.port, 'limits-many-conn', ['right-password'])).signedIn).toBe(false);
      expect(counter.calls).toBe(5);
      // The sign-in form's counts are apart: the same name there is not locked.
      expect(await counters(get(), 'idp', 'limits-many-conn')).toEqual([]);
      now += SIGN_IN_THROTTLE.baseDelayMs;
      expect((await sshPasswords(drop.port, 'limits-many-conn', ['right-password'])).signedIn).toBe(true);
      expect(await counters(get(), 'sftp', 'limits-many-conn')).toEqual([]);
    }, 120_000);
  });
}

describe('on PGlite', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer({ worker: false });
  });
  afterAll(async () => server?.close());
  limitsSuite(() => server);
});

describe.skipIf(pgSkip !== null)('on PostgreSQL', () => {
  let a: RunningServer;
  let b: RunningServer;
  beforeAll(async () => {
    const url = await (cluster as PgCluster).seededDatabase();
    a = await startTestServer({ databaseUrl: url, seededDatabase: true, worker: false });
    b = await startTestServer({ databaseUrl: url, seededDatabase: true, worker: false });
  }, 120_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await (cluster as PgCluster).stop();
  });
  limitsSuite(() => a);

  it('two server instances on one database count once: failures on one lock the address on the other', async () => {
    const address = '10.9.0.1';
    for (let i = 0; i < 4; i++) expect((await attempt(a.apps.idp, 'support', `wrong-${i}`, address)).status).toBe(200);
    expect(await counters(b, 'idp', 'support')).toEqual([
      { address: '', failures: 4 },
      { address, failures: 4 },
    ]);
    // The fifth, on the other instance, is counted with the four.
    expect((await attempt(b.apps.idp, 'support', 'wrong-4', address)).status).toBe(200);
    const onA = await attempt(a.apps.idp, 'support', 'sandbox-support', address);
    expect(onA.status).toBe(429);
    expect(onA.retryAfter).toBe(30);
    expect((await attempt(b.apps.idp, 'support', 'sandbox-support', address)).status).toBe(429);
    // Elsewhere the user signs in, on either instance.
    expect((await attempt(b.apps.idp, 'support', 'sandbox-support', '10.9.0.2')).status).toBe(302);
  });

  it('50 wrong passwords at once over two instances (two connection pools): 5 reach the hash', async () => {
    const counter = countedVerify();
    const idps = await Promise.all(
      [a, b].map((s) => buildIdp(s.db, { accessTtl: 900, refreshTtl: 3600, signIn: { verifyPassword: counter.verify } })),
    );
    try {
      const posts = await Promise.all(Array.from({ length: 50 }, (_, i) => openForm(idps[i % 2], 'contentops', `wrong-${i}`, '10.9.1.1')));
      const results = await Promise.all(posts.map((post) => post()));
      expect(counter.calls).toBe(5);
      expect(results.filter((r) => r.status === 429)).toHaveLength(45);
    } finally {
      await Promise.all(idps.map((app) => app.close()));
    }
  });
});
