/**
 * The session service and API client against the real v4 server and identity
 * provider (in-process, PGlite in memory): PKCE sign-in through the IdP's form,
 * refresh with rotation, five concurrent 401s → one refresh, brand header, sign-out.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer, type RunningServer } from '../../server/app';
import { EventBus } from '../../main/bridge';
import { ApiClient } from '../../main/services/api-client';
import { SessionService } from '../../main/services/session';
import { createMemoryVault } from '../../main/services/token-vault';
import { introspectToken, postSignInForm, signIn as signInDirect, startTestServer } from '../server/helpers';

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer({ accessTokenTtl: 600 });
});
afterAll(() => server?.close());

function setup() {
  let now = Date.now();
  const events = new EventBus();
  const ended = vi.fn();
  events.subscribe((name, p) => name === 'sessionEnded' && ended(p));
  let refreshCalls = 0;
  const countingFetch: typeof fetch = async (input, init) => {
    if (String(input).endsWith('/v4/auth/o/token/') && String(init?.body ?? '').includes('grant_type=refresh_token')) refreshCalls++;
    return fetch(input, init);
  };
  const vault = createMemoryVault();
  const session = new SessionService({ idpUrl: server.idp, vault, events, fetch: countingFetch, now: () => now });
  const api = new ApiClient({ apiUrl: server.api, session, fetch: countingFetch });
  const signIn = async (username: string, password: string) => {
    const { url } = session.beginSignIn('http://127.0.0.1:53999/auth/verify');
    const res = await postSignInForm(url, username, password);
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get('location')!).searchParams;
    return session.completeSignIn(back.get('code')!, back.get('state')!);
  };
  return { session, api, vault, ended, signIn, refreshes: () => refreshCalls, advance: (ms: number) => (now += ms) };
}

describe('session against the real identity provider', () => {
  it('signs in with PKCE and introspects the user', async () => {
    const { signIn } = setup();
    const user = await signIn('curation', 'sandbox-curation');
    expect(user).toMatchObject({ username: 'curation', displayName: 'Cora Curator', brand: 'brand:dj' });
    expect(user.scope.split(' ')).toEqual(expect.arrayContaining(['app:control', 'staff:curation']));
    expect([...user.brands].sort()).toEqual(['brand:dance', 'brand:dj']);
  });

  it('calls the API; refreshes before expiry (rotation); five concurrent calls share one refresh', async () => {
    const { signIn, api, advance, refreshes } = setup();
    await signIn('admin', 'sandbox-admin');
    expect((await api.request({ method: 'GET', path: '/v4/accounts/me/' })).status).toBe(200);
    advance(590_000); // within the refresh skew of the 600 s token
    const results = await Promise.all(Array.from({ length: 5 }, () => api.request({ method: 'GET', path: '/v4/accounts/me/' })));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(refreshes()).toBe(1);
  });

  it('status({ fresh }) introspects again: a profile saved on the server shows without signing in again', async () => {
    const { signIn, api, session } = setup();
    await signIn('labelmgmt', 'sandbox-labelmgmt');
    const me = await api.request({ method: 'GET', path: '/v4/accounts/me/' });
    const saved = await api.request({ method: 'PATCH', path: '/v4/accounts/me/', body: { display_name: 'Lena L.' }, ifMatch: me.etag });
    expect(saved.data).toMatchObject({ display_name: 'Lena L.' });
    expect((await session.status()).user?.displayName).toBe('Lena Labels');
    expect((await session.status({ fresh: true })).user?.displayName).toBe('Lena L.');
    // A refused PATCH reaches the caller as a typed error with the server's field errors.
    await expect(
      api.request({ method: 'PATCH', path: '/v4/accounts/me/', body: { role: 'staff:admin' }, ifMatch: saved.etag }),
    ).rejects.toMatchObject({
      status: 400,
      detail: { role: ['Unknown or read-only field.'] },
    });
    await api.request({ method: 'PATCH', path: '/v4/accounts/me/', body: { display_name: 'Lena Labels' }, ifMatch: saved.etag });
  });

  it('ends the session when the tokens are revoked elsewhere: sessionEnded, vault cleared, 401', async () => {
    const { signIn, api, session, vault, ended } = setup();
    await signIn('support', 'sandbox-support');
    const stored = JSON.parse([...vault.entries.values()][0]) as { refreshToken: string };
    await fetch(`${server.idp}/v4/auth/o/revoke/`, {
      method: 'POST',
      body: new URLSearchParams({ token: stored.refreshToken, client_id: 'store-console' }),
    });
    await expect(api.request({ method: 'GET', path: '/v4/accounts/me/' })).rejects.toMatchObject({ status: 401 });
    expect(ended).toHaveBeenCalledTimes(1);
    expect(vault.entries.size).toBe(0);
    expect((await session.status()).signedIn).toBe(false);
  });

  it('signs out: the tokens are revoked at the identity provider', async () => {
    const { signIn, session, vault } = setup();
    await signIn('finance', 'sandbox-finance');
    const stored = JSON.parse([...vault.entries.values()][0]) as { accessToken: string };
    await session.signOut();
    // Asked by another live session (a revoked caller is refused outright).
    const other = (await signInDirect(server, 'support', 'sandbox-support')).access_token;
    expect(await introspectToken(server.idp, stored.accessToken, other)).toEqual({ active: false });
    expect(vault.entries.size).toBe(0);
  });

  it('refreshes ahead of expiry on its own (short ACCESS_TOKEN_TTL): the old token dies, calls need no refresh, sign-out stops it', async () => {
    const short = await startServer({ db: server.db, accessTokenTtl: 3 });
    try {
      let refreshes = 0;
      const counting: typeof fetch = async (input, init) => {
        if (String(input).endsWith('/v4/auth/o/token/') && String(init?.body ?? '').includes('grant_type=refresh_token')) refreshes++;
        return fetch(input, init);
      };
      const vault = createMemoryVault();
      const session = new SessionService({ idpUrl: short.idp, vault, events: new EventBus(), fetch: counting, refreshSkewMs: 1_000 });
      const api = new ApiClient({ apiUrl: short.api, session, fetch: counting });
      const { url } = session.beginSignIn('http://127.0.0.1:53999/auth/verify');
      const res = await postSignInForm(url, 'contentops', 'sandbox-contentops');
      const back = new URL(res.headers.get('location')!).searchParams;
      await session.completeSignIn(back.get('code')!, back.get('state')!);
      const first = (JSON.parse([...vault.entries.values()][0]) as { accessToken: string }).accessToken;
      expect(refreshes).toBe(0);

      // The timer fires 1 s before the 3 s token expires: waited for, not slept.
      expect(session.refreshScheduled).toBe(true);
      const stored = () => (JSON.parse([...vault.entries.values()][0]) as { accessToken: string }).accessToken;
      await expect.poll(stored, { timeout: 15_000, interval: 50 }).not.toBe(first);
      expect(refreshes).toBe(1);
      const second = stored();
      const caller = (await signInDirect(short, 'support', 'sandbox-support')).access_token;
      const intro = async (t: string) => (await introspectToken(short.idp, t, caller)) as { active: boolean };
      expect((await intro(first)).active).toBe(false);
      expect((await intro(second)).active).toBe(true);
      expect((await api.request({ method: 'GET', path: '/v4/accounts/me/' })).status).toBe(200);
      expect(refreshes).toBe(1);

      await session.signOut();
      // Nothing left to fire: no refresh after sign-out.
      expect(session.refreshScheduled).toBe(false);
      expect(refreshes).toBe(1);
    } finally {
      await short.close();
    }
  });
});
