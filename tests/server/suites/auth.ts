/** Identity-provider behaviour, run on PGlite and on a PostgreSQL server. */
import { expect, it } from 'vitest';
import {
  CONSOLE_CLIENT_ID,
  IntrospectionResponse,
  LogoutResponse,
  RevokeResponse,
  TokenResponse,
  authEndpoints,
  pathOf,
} from '../../../shared/api';
import { startServer } from '../../../server/app';
import {
  REDIRECT_URI,
  api,
  authorizeQuery,
  getCode,
  introspectToken,
  pkcePair,
  signIn,
  submitSignIn,
  tokenRequest,
  type RunningServer,
} from '../helpers';
import { authHardeningSuite } from './auth-hardening';

export function authSuite(get: () => RunningServer) {
  it('signs in with PKCE: form, redirect with code and state, tokens, introspect', async () => {
    const s = get();
    const { verifier, challenge } = pkcePair();
    const form = await fetch(`${s.idp}/v4/auth/o/authorize/?${authorizeQuery(challenge)}`);
    const html = await form.text();
    expect(form.status).toBe(200);
    expect(html).toMatch(/name="username"/);
    expect(html).toMatch(/name="password"/);
    expect(html).toMatch(/<button type="submit">Sign in<\/button>/);

    const r = await submitSignIn(s, 'curation', 'sandbox-curation', challenge);
    expect(r.status).toBe(302);
    const loc = new URL(r.headers.get('location')!);
    expect(`${loc.origin}${loc.pathname}`).toBe(REDIRECT_URI);
    expect(loc.searchParams.get('state')).toBe('state-123');

    const t = await tokenRequest(s, {
      grant_type: 'authorization_code',
      code: loc.searchParams.get('code')!,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
    });
    expect(t.status).toBe(200);
    expect(t.body.token_type).toBe('Bearer');
    expect(t.body.scope).toBe('app:control staff:curation brand:dj brand:dance');
    // The answers are the shared declarations' (what main's session service parses).
    expect(TokenResponse.safeParse(t.body).success).toBe(true);

    const body = await introspectToken(s.idp, t.body.access_token);
    expect(IntrospectionResponse.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({ active: true, username: 'curation', scope: t.body.scope, brand: 'brand:dj', features: [] });
    expect(body.exp).toBeGreaterThan(Date.now() / 1000);
    // The API's default brand is the same one (no X-Brand sent).
    expect((await api(s, t.body.access_token, '/v4/accounts/me/')).body.brand).toBe('brand:dj');
  });

  it('re-shows the form with an error on a wrong password', async () => {
    const r = await submitSignIn(get(), 'admin', 'wrong', pkcePair().challenge);
    expect(r.status).toBe(200);
    const html = await r.text();
    expect(html).toContain('Please enter a correct username and password.');
    expect(html).toContain('value="admin"');
  });

  it.each([
    ['a non-loopback redirect', { redirect_uri: 'http://evil.example/cb' }],
    ['localhost instead of an IP literal', { redirect_uri: 'http://localhost:5000/cb' }],
    ['another client', { client_id: 'other' }],
  ])('refuses %s', async (_n, extra) => {
    const r = await fetch(`${get().idp}/v4/auth/o/authorize/?${authorizeQuery(pkcePair().challenge, extra)}`);
    expect(r.status).toBe(400);
  });

  it('accepts an IPv6 loopback redirect', async () => {
    const q = authorizeQuery(pkcePair().challenge, { redirect_uri: 'http://[::1]:6123/auth/verify' });
    expect((await fetch(`${get().idp}/v4/auth/o/authorize/?${q}`)).status).toBe(200);
  });

  it('refuses a wrong verifier, then the code is spent', async () => {
    const s = get();
    const { verifier, challenge } = pkcePair();
    const code = await getCode(s, 'admin', 'sandbox-admin', challenge);
    const bad = await tokenRequest(s, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: pkcePair().verifier,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('invalid_grant');
    const again = await tokenRequest(s, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier });
    expect(again.status).toBe(400);
  });

  it('refuses a replayed code and revokes what it issued', async () => {
    const s = get();
    const { verifier, challenge } = pkcePair();
    const code = await getCode(s, 'admin', 'sandbox-admin', challenge);
    const fields = { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier };
    const first = await tokenRequest(s, fields);
    expect(first.status).toBe(200);
    expect((await api(s, first.body.access_token, '/v4/auxiliary/keys/')).status).toBe(200);
    const replay = await tokenRequest(s, fields);
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe('invalid_grant');
    expect((await api(s, first.body.access_token, '/v4/auxiliary/keys/')).status).toBe(401);
  });

  it('rotates refresh tokens; reusing a rotated one revokes the family', async () => {
    const s = get();
    const t1 = await signIn(s, 'support', 'sandbox-support');
    const r2 = await tokenRequest(s, { grant_type: 'refresh_token', refresh_token: t1.refresh_token });
    expect(r2.status).toBe(200);
    expect(r2.body.refresh_token).not.toBe(t1.refresh_token);
    expect((await api(s, r2.body.access_token, '/v4/auxiliary/keys/')).status).toBe(200);

    const reuse = await tokenRequest(s, { grant_type: 'refresh_token', refresh_token: t1.refresh_token });
    expect(reuse.status).toBe(400);
    expect(reuse.body.error).toBe('invalid_grant');
    // The whole family is gone: the newest access and refresh tokens too.
    expect((await api(s, r2.body.access_token, '/v4/auxiliary/keys/')).status).toBe(401);
    const r3 = await tokenRequest(s, { grant_type: 'refresh_token', refresh_token: r2.body.refresh_token });
    expect(r3.status).toBe(400);
  });

  it('introspect of a revoked token is inactive; logout revokes both tokens', async () => {
    const s = get();
    const t = await signIn(s, 'marketing', 'sandbox-marketing');
    const rv = await fetch(`${s.idp}/v4/auth/o/revoke/`, {
      method: 'POST',
      body: new URLSearchParams({ token: t.access_token, client_id: CONSOLE_CLIENT_ID }),
    });
    expect(rv.status).toBe(200);
    expect(RevokeResponse.parse(await rv.json())).toEqual({});
    const caller = await signIn(s, 'support', 'sandbox-support');
    expect(await introspectToken(s.idp, t.access_token, caller.access_token)).toEqual({ active: false });

    const t2 = await signIn(s, 'marketing', 'sandbox-marketing');
    const out = await fetch(`${s.idp}/v4/auth/o/logout/`, { method: 'POST', headers: { authorization: `Bearer ${t2.access_token}` } });
    expect(out.status).toBe(200);
    expect(LogoutResponse.safeParse(await out.json()).success).toBe(true);
    expect((await api(s, t2.access_token, '/v4/auxiliary/keys/')).status).toBe(401);
    expect((await tokenRequest(s, { grant_type: 'refresh_token', refresh_token: t2.refresh_token })).status).toBe(400);
  });

  it('expires access tokens after ACCESS_TOKEN_TTL; refresh brings access back', async () => {
    const short = await startServer({ db: get().db, accessTokenTtl: 1 });
    try {
      const t = await signIn(short, 'admin', 'sandbox-admin');
      expect(t.expires_in).toBe(1);
      expect((await api(short, t.access_token, '/v4/auxiliary/keys/')).status).toBe(200);
      await new Promise((r) => setTimeout(r, 1500));
      const dead = await api(short, t.access_token, '/v4/auxiliary/keys/');
      expect(dead.status).toBe(401);
      expect(dead.headers.get('www-authenticate')).toBe('Bearer');
      const r = await tokenRequest(short, { grant_type: 'refresh_token', refresh_token: t.refresh_token });
      expect(r.status).toBe(200);
      expect((await api(short, r.body.access_token, '/v4/auxiliary/keys/')).status).toBe(200);
    } finally {
      await short.close();
    }
  });

  it("lists the user's own sessions and ends one of them", async () => {
    const s = get();
    const a = await signIn(s, 'finance', 'sandbox-finance');
    const b = await signIn(s, 'finance', 'sandbox-finance');
    const me = await api(s, a.access_token, '/v4/accounts/me/');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ username: 'finance', scope: 'app:control staff:finance brand:dj', brand: 'brand:dj' });
    const sessions = me.body.sessions as { id: string; current: boolean }[];
    expect(sessions.filter((x) => x.current)).toHaveLength(1);
    const other = sessions.find((x) => !x.current)!;
    expect((await api(s, a.access_token, `/v4/accounts/me/sessions/${other.id}/`, { method: 'DELETE' })).status).toBe(204);
    expect((await api(s, b.access_token, '/v4/accounts/me/')).status).toBe(401);
    expect((await api(s, a.access_token, '/v4/accounts/me/')).status).toBe(200);
    // Someone else's session id is not found.
    const c = await signIn(s, 'support', 'sandbox-support');
    const theirs = ((await api(s, c.access_token, '/v4/accounts/me/')).body.sessions as { id: string }[])[0].id;
    expect((await api(s, a.access_token, `/v4/accounts/me/sessions/${theirs}/`, { method: 'DELETE' })).status).toBe(404);
  });

  it('401 without a token; temp-account-email for unclaimed labels', async () => {
    const s = get();
    expect((await api(s, null, '/v4/catalog/tracks/')).status).toBe(401);
    const t = await signIn(s, 'labelmgmt', 'sandbox-labelmgmt');
    const r = await api(s, t.access_token, '/v4/auth/temp-account-email/?label_id=10');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ label_id: 10, claimed: false, username: 'label10-temp' });
    const f = await signIn(s, 'finance', 'sandbox-finance');
    expect((await api(s, f.access_token, '/v4/auth/temp-account-email/?label_id=10')).status).toBe(403);
  });

  it('temp-account-email is registered from its declaration: the answer parses, a bad label_id is a 400 naming it', async () => {
    const s = get();
    const t = await signIn(s, 'labelmgmt', 'sandbox-labelmgmt');
    const ok = await api(s, t.access_token, `${pathOf(authEndpoints.tempAccountEmail)}?label_id=10`);
    expect(authEndpoints.tempAccountEmail.response.parse(ok.body)).toEqual(ok.body);
    for (const v of ['2147483648', '99999999999', '0', 'x', '-1', '']) {
      const r = await api(s, t.access_token, `/v4/auth/temp-account-email/?label_id=${v}`);
      expect([r.status, Object.keys(r.body as object)], `label_id=${v}`).toEqual([400, ['label_id']]);
    }
    const missing = await api(s, t.access_token, '/v4/auth/temp-account-email/');
    expect([missing.status, missing.body]).toEqual([400, { label_id: ['A valid integer is required.'] }]);
    // The largest int4 id is a well-formed id that names no label.
    expect((await api(s, t.access_token, '/v4/auth/temp-account-email/?label_id=2147483647')).status).toBe(404);
  });

  authHardeningSuite(get);
}
