/**
 * Sign-in throttling and timing, on an identity provider of their own (its limits made
 * small and its clock injected, so nothing sleeps) over the test server's database:
 * the per-username (and address: every request here comes from 127.0.0.1) backoff (429 + Retry-After, the right password refused until the
 * wait passes, reset by a success), the per-address limits of the sign-in form and the
 * token endpoint, and an unknown username costing what a known one costs.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAllowedRedirectUri } from '../../shared/api';
import { defaultBrand, parseScope, principalFrom } from '../../shared/access';
import { buildIdp } from '../../server/api/app';
import { BAD_CREDENTIALS, tooManyAttempts } from '../../server/auth/idp';
import { SignInLimiter, type SignInOptions } from '../../server/auth/throttle';
import { authorizeQuery, pkcePair, postSignInForm, startTestServer, type RunningServer } from './helpers';

let server: RunningServer;
const apps: FastifyInstance[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
  await server?.close();
});

/** An identity provider on the test database with these sign-in options; returns its URL. */
async function idp(signIn: SignInOptions): Promise<string> {
  const app = await buildIdp(server.db, { accessTtl: 900, refreshTtl: 3600, signIn });
  apps.push(app);
  return app.listen({ port: 0, host: '127.0.0.1' });
}

const attempt = (url: string, username: string, password: string) =>
  postSignInForm(`${url}/v4/auth/o/authorize/?${authorizeQuery(pkcePair().challenge)}`, username, password);

describe('per-username throttle (injected clock)', () => {
  it('after 3 failures: 429 with Retry-After doubling up to the cap, the right password refused until the wait passes; success resets', async () => {
    let now = 1_000_000_000;
    const url = await idp({ now: () => now, throttle: { freeFailures: 3, baseDelayMs: 10_000, maxDelayMs: 40_000 } });
    for (let i = 0; i < 3; i++) {
      const r = await attempt(url, 'admin', 'wrong');
      expect(r.status).toBe(200);
      expect(await r.text()).toContain(BAD_CREDENTIALS);
    }
    const refused = await attempt(url, 'admin', 'sandbox-admin');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('10');
    const html = await refused.text();
    expect(html).toContain(tooManyAttempts(10));
    expect(html).toContain('Too many sign-in attempts. Try again in 10 seconds.');
    expect(html).toContain('name="password"'); // still the form, not a raw body
    now += 4_000;
    const still = await attempt(url, 'ADMIN', 'sandbox-admin'); // case does not get around it
    expect(still.status).toBe(429);
    expect(still.headers.get('retry-after')).toBe('6');

    // Each further failure doubles the wait, up to the cap.
    const waits: string[] = [];
    for (let i = 0; i < 4; i++) {
      now += 60_000;
      expect((await attempt(url, 'admin', 'wrong')).status).toBe(200);
      waits.push((await attempt(url, 'admin', 'sandbox-admin')).headers.get('retry-after')!);
    }
    expect(waits).toEqual(['20', '40', '40', '40']);

    now += 40_000;
    expect((await attempt(url, 'admin', 'sandbox-admin')).status).toBe(302);
    // A success starts afresh: the next failure is an ordinary one, the one after too.
    expect((await attempt(url, 'admin', 'wrong')).status).toBe(200);
    expect((await attempt(url, 'admin', 'wrong')).status).toBe(200);
    expect((await attempt(url, 'admin', 'sandbox-admin')).status).toBe(302);
  });

  it('an unknown username is throttled exactly like a known one (the answer does not tell which exist); others are not affected', async () => {
    let now = 2_000_000_000;
    const url = await idp({ now: () => now, throttle: { freeFailures: 2, baseDelayMs: 5_000 } });
    const statuses = async (username: string) => {
      const out: number[] = [];
      for (let i = 0; i < 3; i++) out.push((await attempt(url, username, 'wrong')).status);
      return out;
    };
    expect(await statuses('no-such-user')).toEqual([200, 200, 429]);
    expect(await statuses('support')).toEqual([200, 200, 429]);
    expect((await attempt(url, 'finance', 'sandbox-finance')).status).toBe(302);
    now += 5_000;
    expect((await attempt(url, 'support', 'sandbox-support')).status).toBe(302);
  });

  it('forgets failures after the window; purge deletes idle counters, never one that holds a wait', async () => {
    let now = 3_000_000_000;
    const window = { windowMs: 1_000, baseDelayMs: 100 };
    const t = new SignInLimiter(server.db, 'idp', {
      throttle: { freeFailures: 2, ...window },
      account: { freeFailures: 100, ...window },
      now: () => now,
    });
    const a = `window-a-${randomUUID()}`;
    expect(await t.reserve(a, '10.0.0.1')).toBe(0);
    now += 1_000;
    expect(await t.reserve(a, '10.0.0.1')).toBe(0); // the first is past the window: this is failure 1 again
    expect(await t.retryAfter(a, '10.0.0.1')).toBe(0);
    expect(await t.reserve(a, '10.0.0.1')).toBe(0); // failure 2: the wait starts
    expect(await t.retryAfter(a, '10.0.0.1')).toBe(1);
    expect(await t.reserve(a, '10.0.0.1')).toBe(1);
    // A wait longer than the window keeps its counter until it is over.
    const long = new SignInLimiter(server.db, 'idp', {
      throttle: { freeFailures: 1, windowMs: 1_000, baseDelayMs: 10_000 },
      account: { freeFailures: 100, windowMs: 1_000 },
      now: () => now,
    });
    const b = `window-b-${randomUUID()}`;
    expect(await long.reserve(b, '10.0.0.1')).toBe(0);
    const rows = async (u: string) =>
      (await server.db.query<{ n: number }>('select count(*)::int as n from sign_in_attempts where username = $1', [u]))[0].n;
    expect([await rows(a), await rows(b)]).toEqual([2, 2]); // the address's counter and the account's
    now += 5_000;
    expect(await long.purge()).toBeGreaterThanOrEqual(3); // a's two, b's account counter (no wait)
    expect([await rows(a), await rows(b)]).toEqual([0, 1]);
    now += 5_000;
    await long.purge();
    expect(await rows(b)).toBe(0);
  });
});

describe('per-address limits (@fastify/rate-limit)', () => {
  it('the sign-in form: over the limit is a 429 with Retry-After and the message on the form, whatever the username', async () => {
    const url = await idp({ signInAddressLimit: { max: 3, windowMs: 60_000 } });
    for (const u of ['a1', 'a2', 'a3']) expect((await attempt(url, u, 'wrong')).status).toBe(200);
    const r = await attempt(url, 'admin', 'sandbox-admin');
    expect(r.status).toBe(429);
    const wait = Number(r.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await r.text()).toContain(tooManyAttempts(wait));
  });

  it('the token endpoint: over the limit is a 429 with Retry-After', async () => {
    const url = await idp({ tokenAddressLimit: { max: 2, windowMs: 60_000 } });
    const token = () =>
      fetch(`${url}/v4/auth/o/token/`, {
        method: 'POST',
        body: new URLSearchParams({ client_id: 'store-console', grant_type: 'refresh_token', refresh_token: 'x' }),
      });
    expect((await token()).status).toBe(400);
    expect((await token()).status).toBe(400);
    const r = await token();
    expect(r.status).toBe(429);
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await r.json()).error_description).toMatch(/^Too many requests\. Try again in \d+ seconds\.$/);
  });
});

describe('equal timing', () => {
  it('a wrong password for an unknown username takes as long as for a known one (medians within 0.5x-2x)', async () => {
    const url = await idp({ throttle: { freeFailures: 1_000 }, account: { freeFailures: 1_000 } });
    const time = async (username: string) => {
      const start = performance.now();
      const r = await attempt(url, username, 'wrong-password');
      const ms = performance.now() - start;
      expect(r.status).toBe(200);
      return ms;
    };
    await time('admin');
    await time('nobody'); // warm-up
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 30; i++) {
      known.push(await time('admin'));
      unknown.push(await time(`nobody-${i}`));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
    const ratio = median(unknown) / median(known);
    expect(ratio, `unknown ${median(unknown).toFixed(1)} ms vs known ${median(known).toFixed(1)} ms`).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  }, 60_000);
});

describe('purge at start', () => {
  it('an identity provider starting deletes expired codes and tokens', async () => {
    const [u] = await server.db.query<{ id: number }>("select id from users where username = 'admin'");
    const family = randomUUID();
    await server.db.query(
      `insert into oauth_codes (code_hash, user_id, client_id, redirect_uri, code_challenge, scope, family_id, expires_at)
       values ($1, $2, 'store-console', 'http://127.0.0.1:1/cb', 'c', 'app:control', $3, now() - interval '1 minute')`,
      [`expired-${family}`, u.id, family],
    );
    await server.db.query(
      `insert into oauth_tokens (token_hash, kind, user_id, client_id, family_id, scope, expires_at)
       values ($1, 'refresh', $2, 'store-console', $3, 'app:control', now() - interval '1 minute')`,
      [`expired-${family}`, u.id, family],
    );
    const count = async () =>
      (
        await server.db.query<{ n: number }>(
          'select (select count(*) from oauth_codes where family_id = $1) + (select count(*) from oauth_tokens where family_id = $1) as n',
          [family],
        )
      )[0].n;
    expect(Number(await count())).toBe(2);
    await idp({});
    expect(Number(await count())).toBe(0);
  });
});

describe('shared rules', () => {
  it('the default brand is the first brand of the scope string, for the API and introspection alike', () => {
    expect(defaultBrand(parseScope('app:control staff:curation brand:dj brand:dance'))).toBe('brand:dj');
    expect(defaultBrand(parseScope('app:control staff:admin brand:dance brand:dj'))).toBe('brand:dance');
    expect(defaultBrand(parseScope('app:control staff:admin'))).toBe('');
    expect(principalFrom('app:control staff:curation brand:dj brand:dance').brand).toBe('brand:dj');
  });

  it.each([
    ['http://127.0.0.1:1/cb', true],
    ['http://127.0.0.1:65535/cb', true],
    ['http://[::1]:65535/cb', true],
    ['http://127.0.0.1:0/cb', false],
    ['http://127.0.0.1:65536/cb', false],
    ['http://127.0.0.1:99999/cb', false],
    ['http://[::1]:99999/cb', false],
    ['http://127.0.0.1:5000/c\0b', false],
  ])('redirect URI %j allowed: %s', (uri, ok) => expect(isAllowedRedirectUri(uri)).toBe(ok));
});
