/**
 * Identity-provider hardening on the shared test server (PGlite and PostgreSQL, run from
 * authSuite): RFC 6749 §4.1.2.1 error redirects, the redirect port range, introspection
 * (RFC 7662 §2.1), the default brand, security headers, the anti-CSRF form token, input
 * checks (never a 5xx) and the purge of expired codes and tokens.
 */
import { createHash, randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { CONSOLE_CLIENT_ID } from '../../../shared/api';
import { principalFrom } from '../../../shared/access';
import { hashToken } from '../../../server/auth/crypto';
import { FORM_EXPIRED, FORM_UNREADABLE } from '../../../server/auth/idp';
import { purgeExpired } from '../../../server/auth/tokens';
import {
  REDIRECT_URI,
  api,
  authorizeQuery,
  introspectToken,
  pkcePair,
  postSignInForm,
  signIn,
  tokenRequest,
  type RunningServer,
} from '../helpers';

const AUTHORIZE = '/v4/auth/o/authorize/';

/** An authorize query string with some fields replaced, removed (undefined) or repeated (arrays). */
function query(changes: Record<string, string | string[] | undefined>): string {
  const base: Record<string, string | string[] | undefined> = { ...Object.fromEntries(authorizeQuery(pkcePair().challenge)), ...changes };
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(base)) for (const x of v === undefined ? [] : [v].flat()) q.append(k, x);
  return q.toString();
}

async function codeCount(s: RunningServer): Promise<number> {
  const [r] = await s.db.query<{ n: number }>('select count(*)::int as n from oauth_codes');
  return r.n;
}

export function authHardeningSuite(get: () => RunningServer) {
  it.each([
    ['response_type missing', { response_type: undefined }, 'invalid_request'],
    ['response_type=token', { response_type: 'token' }, 'unsupported_response_type'],
    ['response_type repeated', { response_type: ['code', 'code'] }, 'invalid_request'],
    ['code_challenge missing', { code_challenge: undefined }, 'invalid_request'],
    ['code_challenge malformed', { code_challenge: 'short' }, 'invalid_request'],
    ['code_challenge_method missing', { code_challenge_method: undefined }, 'invalid_request'],
    ['code_challenge_method=plain', { code_challenge_method: 'plain' }, 'invalid_request'],
    ['a NUL byte in code_challenge_method', { code_challenge_method: 'S256\0' }, 'invalid_request'],
  ])('RFC 6749 §4.1.2.1: %s goes back to the redirect_uri with error=%s and the state', async (_n, changes, error) => {
    for (const method of ['GET', 'POST'] as const) {
      const q = query(changes);
      const r = await fetch(
        `${get().idp}${AUTHORIZE}?${q}`,
        method === 'GET' ? { redirect: 'manual' } : { method, body: new URLSearchParams(q), redirect: 'manual' },
      );
      expect(r.status, method).toBe(302);
      const loc = new URL(r.headers.get('location')!);
      expect(`${loc.origin}${loc.pathname}`).toBe(REDIRECT_URI);
      expect(loc.searchParams.get('error')).toBe(error);
      expect(loc.searchParams.get('error_description')).toBeTruthy();
      expect(loc.searchParams.get('state')).toBe('state-123');
      expect(loc.searchParams.get('code')).toBeNull();
    }
  });

  it('a state that is not a single short text is not echoed back', async () => {
    for (const state of [['a', 'b'], 'x'.repeat(5000)]) {
      const r = await fetch(`${get().idp}${AUTHORIZE}?${query({ state })}`, { redirect: 'manual' });
      expect(r.status).toBe(302);
      const loc = new URL(r.headers.get('location')!);
      expect(loc.searchParams.get('error')).toBe('invalid_request');
      expect(loc.searchParams.has('state')).toBe(false);
    }
  });

  it.each([
    ['an unknown client', { client_id: 'other' }],
    ['a repeated client_id', { client_id: [CONSOLE_CLIENT_ID, CONSOLE_CLIENT_ID] }],
    ['a non-loopback redirect_uri', { redirect_uri: 'http://evil.example/cb' }],
    ['a repeated redirect_uri', { redirect_uri: [REDIRECT_URI, REDIRECT_URI] }],
    ['a redirect_uri with a NUL byte', { redirect_uri: `${REDIRECT_URI}\0` }],
    ['a huge redirect_uri', { redirect_uri: `${REDIRECT_URI}/${'a'.repeat(10_000)}` }],
    ['port 0', { redirect_uri: 'http://127.0.0.1:0/cb' }],
    ['port 65536', { redirect_uri: 'http://127.0.0.1:65536/cb' }],
    ['port 99999', { redirect_uri: 'http://127.0.0.1:99999/cb' }],
    ['IPv6 port 99999', { redirect_uri: 'http://[::1]:99999/cb' }],
  ])('%s: an error page (400), never a redirect', async (_n, changes) => {
    const r = await fetch(`${get().idp}${AUTHORIZE}?${query({ ...changes, response_type: 'token' })}`, { redirect: 'manual' });
    expect(r.status).toBe(400);
    expect(r.headers.get('location')).toBeNull();
    expect(r.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await r.text()).toContain('Sign-in error');
  });

  it('port 99999 with the right password: 400 and no code stored; port 65535 works', async () => {
    const s = get();
    const before = await codeCount(s);
    const q = query({ redirect_uri: 'http://127.0.0.1:99999/cb' });
    const r = await fetch(`${s.idp}${AUTHORIZE}?${q}`, {
      method: 'POST',
      body: new URLSearchParams({ ...Object.fromEntries(new URLSearchParams(q)), username: 'admin', password: 'sandbox-admin' }),
      redirect: 'manual',
    });
    expect(r.status).toBe(400);
    expect(await codeCount(s)).toBe(before);
    const ok = await postSignInForm(
      `${s.idp}${AUTHORIZE}?${query({ redirect_uri: 'http://127.0.0.1:65535/cb' })}`,
      'admin',
      'sandbox-admin',
    );
    expect(ok.status).toBe(302);
    expect(new URL(ok.headers.get('location')!).port).toBe('65535');
  });

  it('introspection: GET is 405 (Allow: POST); no or a dead caller token is 401; POST answers; a token in the URL is never read', async () => {
    const s = get();
    const t = await signIn(s, 'admin', 'sandbox-admin');
    const url = `${s.idp}/v4/auth/o/introspect/`;
    const get405 = await fetch(`${url}?token=${t.access_token}`, { headers: { authorization: `Bearer ${t.access_token}` } });
    expect(get405.status).toBe(405);
    expect(get405.headers.get('allow')).toBe('POST');

    const anonymous = await fetch(url, { method: 'POST', body: new URLSearchParams({ token: t.access_token }) });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Bearer/);
    const bogus = await fetch(url, {
      method: 'POST',
      headers: { authorization: 'Bearer not-a-token' },
      body: new URLSearchParams({ token: t.access_token }),
    });
    expect(bogus.status).toBe(401);
    // A refresh token is not a caller credential.
    const byRefresh = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.refresh_token}` },
      body: new URLSearchParams({ token: t.access_token }),
    });
    expect(byRefresh.status).toBe(401);

    expect(await introspectToken(s.idp, t.access_token)).toMatchObject({
      active: true,
      username: 'admin',
      brand: 'brand:dance',
      brands: ['brand:dance', 'brand:dj'],
    });
    // The token in the query string is ignored: without one in the body the request is incomplete.
    const inQuery = await fetch(`${url}?token=${t.access_token}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.access_token}` },
    });
    expect(inQuery.status).toBe(400);
    expect((await inQuery.json()).error).toBe('invalid_request');
    const bodyWins = await fetch(`${url}?token=${t.access_token}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.access_token}` },
      body: new URLSearchParams({ token: 'unknown' }),
    });
    expect(await bodyWins.json()).toEqual({ active: false });
  });

  it("revoke and logout: a token in the URL is never read, only the form body's", async () => {
    const s = get();
    const t = await signIn(s, 'admin', 'sandbox-admin');
    const caller = await signIn(s, 'support', 'sandbox-support');
    const active = async (token: string) => (await introspectToken(s.idp, token, caller.access_token)).active;
    const inUrl = new URLSearchParams({ token: t.access_token, refresh_token: t.refresh_token, client_id: CONSOLE_CLIENT_ID });
    for (const path of ['revoke', 'logout']) {
      const r = await fetch(`${s.idp}/v4/auth/o/${path}/?${inUrl}`, { method: 'POST' });
      expect(r.status).toBe(200);
      const r2 = await fetch(`${s.idp}/v4/auth/o/${path}/?${inUrl}`, {
        method: 'POST',
        body: new URLSearchParams({ client_id: CONSOLE_CLIENT_ID }),
      });
      expect(r2.status).toBe(200);
    }
    expect(await active(t.access_token)).toBe(true);
    expect(await active(t.refresh_token)).toBe(true);
    // The same tokens in the body are read.
    const out = await fetch(`${s.idp}/v4/auth/o/logout/`, {
      method: 'POST',
      body: new URLSearchParams({ token: t.access_token, refresh_token: t.refresh_token }),
    });
    expect(out.status).toBe(200);
    expect(await active(t.access_token)).toBe(false);
    expect(await active(t.refresh_token)).toBe(false);
  });

  it('one default brand: introspection and the API both pick the first brand of the scope (curation: dj, then dance)', async () => {
    const s = get();
    const t = await signIn(s, 'curation', 'sandbox-curation');
    expect(t.scope).toBe('app:control staff:curation brand:dj brand:dance');
    const intro = await introspectToken(s.idp, t.access_token);
    const me = await api(s, t.access_token, '/v4/accounts/me/');
    expect(intro.brand).toBe('brand:dj');
    expect(me.body.brand).toBe(intro.brand);
    expect(principalFrom(t.scope).brand).toBe(intro.brand);
    // X-Brand still switches, to a brand the token holds.
    expect((await api(s, t.access_token, '/v4/accounts/me/', { headers: { 'x-brand': 'brand:dance' } })).body.brand).toBe('brand:dance');
  });

  it('every sign-in page sends a CSP (no framing, no inline style but its own), nosniff and no-referrer', async () => {
    const s = get();
    const form = await fetch(`${s.idp}${AUTHORIZE}?${query({})}`);
    const failed = await postSignInForm(`${s.idp}${AUTHORIZE}?${query({})}`, 'nobody-here', 'wrong');
    const error = await fetch(`${s.idp}${AUTHORIZE}?${query({ client_id: 'other' })}`);
    for (const [name, r] of [
      ['form', form],
      ['failed sign-in', failed],
      ['error page', error],
    ] as const) {
      const csp = r.headers.get('content-security-policy') ?? '';
      expect(csp, name).toContain("default-src 'none'");
      expect(csp, name).toContain("frame-ancestors 'none'");
      expect(csp, name).not.toContain('unsafe-inline');
      expect(r.headers.get('x-content-type-options'), name).toBe('nosniff');
      expect(r.headers.get('referrer-policy'), name).toBe('no-referrer');
      // The page's one style block is the one the CSP allows by hash.
      const style = /<style>([\s\S]*?)<\/style>/.exec(await r.text())![1];
      expect(csp, name).toContain(`'sha256-${createHash('sha256').update(style).digest('base64')}'`);
    }
    // The form posts here, and the success redirect goes to the app's loopback origin.
    expect(form.headers.get('content-security-policy')).toContain("form-action 'self' http://127.0.0.1:53999");
    expect(error.headers.get('content-security-policy')).toContain("form-action 'none'");
  });

  it("anti-CSRF: a POST without the form token, with another request's, or without the browser's nonce is refused (400, the page says so)", async () => {
    const s = get();
    const before = await codeCount(s);
    const q = query({});
    const fields = Object.fromEntries(new URLSearchParams(q));
    const page = await fetch(`${s.idp}${AUTHORIZE}?${q}`);
    const cookie = page.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    expect(page.headers.getSetCookie()[0]).toMatch(/HttpOnly/);
    expect(page.headers.getSetCookie()[0]).toMatch(/SameSite=Strict/);
    const csrf = /name="csrf_token" value="([^"]*)"/.exec(await page.text())![1];
    const otherPage = await fetch(`${s.idp}${AUTHORIZE}?${query({ state: 'other-state' })}`, { headers: { cookie } });
    const otherCsrf = /name="csrf_token" value="([^"]*)"/.exec(await otherPage.text())![1];
    const post = (extra: Record<string, string>, headers: Record<string, string> = {}) =>
      fetch(`${s.idp}${AUTHORIZE}?${q}`, {
        method: 'POST',
        headers,
        redirect: 'manual',
        body: new URLSearchParams({ ...fields, username: 'admin', password: 'sandbox-admin', ...extra }),
      });
    for (const [name, r] of [
      ['no token', await post({}, { cookie })],
      ["another request's token", await post({ csrf_token: otherCsrf }, { cookie })],
      ['no nonce cookie', await post({ csrf_token: csrf })],
      ["another browser's nonce", await post({ csrf_token: csrf }, { cookie: 'signin_nonce=AAAAAAAAAAAAAAAAAAAAAA' })],
      ['a forged token', await post({ csrf_token: `${Date.now()}.${'A'.repeat(43)}` }, { cookie })],
    ] as const) {
      expect(r.status, name).toBe(400);
      expect(await r.text(), name).toContain(FORM_EXPIRED.replace(/'/g, '&#39;'));
    }
    expect(await codeCount(s)).toBe(before);
    const good = await post({ csrf_token: csrf }, { cookie });
    expect(good.status).toBe(302);
    expect(await codeCount(s)).toBe(before + 1);
  });

  it('sign-in form fields repeated, with NUL bytes or huge: 400 with the form again, never a 5xx', async () => {
    const s = get();
    const q = query({});
    const page = await fetch(`${s.idp}${AUTHORIZE}?${q}`);
    const cookie = page.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const csrf = /name="csrf_token" value="([^"]*)"/.exec(await page.text())![1];
    for (const extra of [
      [
        ['username', 'admin'],
        ['username', 'admin'],
      ],
      [
        ['username', 'admin'],
        ['password', 'sandbox-admin\0'],
      ],
      [
        ['username', 'a'.repeat(100_000)],
        ['password', 'x'],
      ],
      [
        ['username', 'admin'],
        ['password', 'x'.repeat(100_000)],
      ],
    ]) {
      const body = new URLSearchParams([...new URLSearchParams(q), ['csrf_token', csrf], ...extra]);
      const r = await fetch(`${s.idp}${AUTHORIZE}?${q}`, { method: 'POST', headers: { cookie }, body, redirect: 'manual' });
      expect(r.status).toBe(400);
      expect(await r.text()).toContain(FORM_UNREADABLE);
    }
    const json = await fetch(`${s.idp}${AUTHORIZE}?${q}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: '[1,2]',
    });
    expect(json.status).toBe(400);
  });

  it('token, introspect, revoke and logout inputs: repeated, NUL, huge or not a form → 400, never a 5xx', async () => {
    const s = get();
    const t = await signIn(s, 'support', 'sandbox-support');
    const post = (path: string, body: string | URLSearchParams, headers: Record<string, string> = {}) =>
      fetch(`${s.idp}/v4/auth/o/${path}/`, { method: 'POST', headers: { authorization: `Bearer ${t.access_token}`, ...headers }, body });
    const cases: [string, string | URLSearchParams, Record<string, string>?][] = [
      [
        'token',
        new URLSearchParams([
          ['client_id', CONSOLE_CLIENT_ID],
          ['grant_type', 'refresh_token'],
          ['refresh_token', 'a'],
          ['refresh_token', 'b'],
        ]),
      ],
      ['token', new URLSearchParams({ client_id: CONSOLE_CLIENT_ID, grant_type: 'refresh_token', refresh_token: 'x'.repeat(100_000) })],
      ['token', new URLSearchParams({ client_id: CONSOLE_CLIENT_ID, grant_type: 'authorization_code\0', code: 'c' })],
      ['token', JSON.stringify({ client_id: CONSOLE_CLIENT_ID, grant_type: { $ne: 1 } }), { 'content-type': 'application/json' }],
      ['token', '[1]', { 'content-type': 'application/json' }],
      [
        'introspect',
        new URLSearchParams([
          ['token', 'a'],
          ['token', 'b'],
        ]),
      ],
      ['introspect', new URLSearchParams({ token: 'x'.repeat(100_000) })],
      ['introspect', '"x"', { 'content-type': 'application/json' }],
      ['revoke', new URLSearchParams({ token: 'a\0b' })],
      [
        'logout',
        new URLSearchParams([
          ['refresh_token', 'a'],
          ['refresh_token', 'b'],
        ]),
      ],
    ];
    for (const [path, body, headers] of cases) {
      const r = await post(path, body, headers);
      expect(r.status, `${path} ${String(body).slice(0, 60)}`).toBe(400);
      expect((await r.json()).error).toBe('invalid_request');
    }
    // None of that ended the session.
    expect((await api(s, t.access_token, '/v4/auxiliary/keys/')).status).toBe(200);
  });

  it('purge: expired codes and tokens are deleted, live ones stay', async () => {
    const s = get();
    const [u] = await s.db.query<{ id: number }>("select id from users where username = 'admin'");
    const tag = randomUUID();
    const code = (h: string, expires: string) =>
      s.db.query(
        `insert into oauth_codes (code_hash, user_id, client_id, redirect_uri, code_challenge, scope, family_id, expires_at)
         values ($1, $2, $3, $4, 'c', 'app:control', $5, ${expires})`,
        [hashToken(`${tag}${h}`), u.id, CONSOLE_CLIENT_ID, REDIRECT_URI, tag],
      );
    const token = (h: string, kind: string, expires: string) =>
      s.db.query(
        `insert into oauth_tokens (token_hash, kind, user_id, client_id, family_id, scope, expires_at)
         values ($1, $2, $3, $4, $5, 'app:control', ${expires})`,
        [hashToken(`${tag}${h}`), kind, u.id, CONSOLE_CLIENT_ID, tag],
      );
    await code('old-code', "now() - interval '1 minute'");
    await code('live-code', "now() + interval '2 minutes'");
    await token('old-access', 'access', "now() - interval '1 second'");
    await token('old-refresh', 'refresh', "now() - interval '1 day'");
    await token('live-refresh', 'refresh', "now() + interval '1 day'");
    const out = await purgeExpired(s.db);
    expect(out.codes).toBeGreaterThanOrEqual(1);
    expect(out.tokens).toBeGreaterThanOrEqual(2);
    const left = async (table: string, col: string) =>
      (await s.db.query<{ h: string }>(`select ${col} as h from ${table} where family_id = $1`, [tag])).map((r) => r.h).sort();
    expect(await left('oauth_codes', 'code_hash')).toEqual([hashToken(`${tag}live-code`)]);
    expect(await left('oauth_tokens', 'token_hash')).toEqual([hashToken(`${tag}live-refresh`)]);
    // Nothing live went: a signed-in user still works.
    const t = await signIn(s, 'finance', 'sandbox-finance');
    await purgeExpired(s.db);
    expect((await api(s, t.access_token, '/v4/auxiliary/keys/')).status).toBe(200);
    expect((await tokenRequest(s, { grant_type: 'refresh_token', refresh_token: t.refresh_token })).status).toBe(200);
  });
}
