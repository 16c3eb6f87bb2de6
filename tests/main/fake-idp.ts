import { challengeOf } from '../../main/services/pkce';

/**
 * A fake identity provider + API as a fetch function: enough of the v4 auth
 * endpoints to drive the session service, counting calls.
 */
export function fakeIdp(opts: { scope?: string; ttl?: number } = {}) {
  const state = {
    codes: new Map<string, { challenge: string; redirectUri: string }>(),
    access: new Set<string>(),
    refresh: new Set<string>(),
    revoked: [] as string[],
    refreshCalls: 0,
    failRefresh: false,
    refreshDelayMs: 0,
    n: 0,
    introspections: [] as { method: string; bearer: string; token: string | null; query: string }[],
  };
  const issue = () => {
    const n = ++state.n;
    state.access.add(`at${n}`);
    state.refresh.add(`rt${n}`);
    return {
      access_token: `at${n}`,
      token_type: 'Bearer',
      expires_in: opts.ttl ?? 300,
      refresh_token: `rt${n}`,
      scope: opts.scope ?? 'app:control staff:admin brand:dance brand:dj',
    };
  };
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  const fetch = (async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const headers = new Headers(init.headers);
    const form = new URLSearchParams(typeof init.body === 'string' ? init.body : '');
    const bearer = headers.get('authorization')?.replace(/^Bearer /, '') ?? '';
    if (url.pathname === '/v4/auth/o/token/') {
      if (form.get('grant_type') === 'authorization_code') {
        const c = state.codes.get(form.get('code') ?? '');
        if (!c || c.redirectUri !== form.get('redirect_uri') || challengeOf(form.get('code_verifier') ?? '') !== c.challenge)
          return json(400, { error: 'invalid_grant' });
        state.codes.delete(form.get('code')!);
        return json(200, issue());
      }
      if (form.get('grant_type') === 'refresh_token') {
        state.refreshCalls++;
        if (state.refreshDelayMs) await new Promise((r) => setTimeout(r, state.refreshDelayMs));
        const rt = form.get('refresh_token') ?? '';
        if (state.failRefresh || !state.refresh.delete(rt))
          return json(400, { error: 'invalid_grant', error_description: 'Refresh token is invalid.' });
        return json(200, issue());
      }
      return json(400, { error: 'unsupported_grant_type' });
    }
    if (url.pathname === '/v4/auth/o/introspect/') {
      // As the real one: POST only, the caller's own bearer token, the token asked about in the body.
      state.introspections.push({ method: init.method ?? 'GET', bearer, token: form.get('token'), query: url.search });
      if ((init.method ?? 'GET') !== 'POST') return new Response(null, { status: 405, headers: { allow: 'POST' } });
      if (!state.access.has(bearer))
        return json(401, { error: 'invalid_token', error_description: 'Introspection needs a valid bearer access token of the caller.' });
      if (!form.get('token')) return json(400, { error: 'invalid_request' });
      if (!state.access.has(form.get('token')!)) return json(200, { active: false });
      return json(200, {
        active: true,
        scope: opts.scope ?? 'app:control staff:admin brand:dance brand:dj',
        exp: 0,
        username: 'admin',
        user_id: 7,
        features: ['beta'],
      });
    }
    if (url.pathname === '/v4/auth/o/revoke/') {
      state.revoked.push(form.get('token') ?? '');
      state.access.delete(form.get('token') ?? '');
      state.refresh.delete(form.get('token') ?? '');
      return new Response(null, { status: 200 });
    }
    if (url.pathname.startsWith('/v4/')) {
      if (!state.access.has(bearer)) return json(401, { detail: 'Authentication credentials were not provided.' });
      return json(200, {
        path: url.pathname,
        query: url.search,
        bearer,
        brand: headers.get('x-brand'),
        ifMatch: headers.get('if-match'),
        idem: headers.get('idempotency-key'),
        body: init.body ?? null,
      });
    }
    return json(404, { detail: 'Not found.' });
  }) as typeof globalThis.fetch;

  /** What the IdP's form does after a good password: a code bound to the PKCE challenge. */
  const authorize = (authorizeUrl: string) => {
    const u = new URL(authorizeUrl);
    const code = `code${++state.n}`;
    state.codes.set(code, { challenge: u.searchParams.get('code_challenge')!, redirectUri: u.searchParams.get('redirect_uri')! });
    return { code, state: u.searchParams.get('state')! };
  };

  return { fetch, authorize, state, expireAll: () => state.access.clear() };
}
