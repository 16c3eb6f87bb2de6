import { describe, expect, it, vi } from 'vitest';
import { EventBus } from '../../main/bridge';
import { ApiClient } from '../../main/services/api-client';
import { SessionService } from '../../main/services/session';
import { createMemoryVault } from '../../main/services/token-vault';
import { challengeOf } from '../../main/services/pkce';
import { fakeIdp } from './fake-idp';

const IDP = 'http://127.0.0.1:9001';
const REDIRECT = 'http://127.0.0.1:5555/auth/verify';

function setup(opts: { ttl?: number; scope?: string } = {}) {
  const idp = fakeIdp(opts);
  const vault = createMemoryVault();
  const events = new EventBus();
  const ended = vi.fn();
  events.subscribe((name, payload) => name === 'sessionEnded' && ended(payload));
  let now = 1_000_000;
  const session = new SessionService({ idpUrl: IDP, vault, events, fetch: idp.fetch, now: () => now });
  const api = new ApiClient({ apiUrl: 'http://127.0.0.1:9000', session, fetch: idp.fetch });
  const signIn = async () => {
    const { url } = session.beginSignIn(REDIRECT);
    const back = idp.authorize(url);
    return session.completeSignIn(back.code, back.state);
  };
  return { idp, vault, events, ended, session, api, signIn, advance: (ms: number) => (now += ms) };
}

describe('session: sign-in with PKCE', () => {
  it('builds an S256 authorize URL with state for the console client', () => {
    const { session } = setup();
    const { url, state } = session.beginSignIn(REDIRECT);
    const u = new URL(url);
    expect(`${u.origin}${u.pathname}`).toBe(`${IDP}/v4/auth/o/authorize/`);
    expect(Object.fromEntries(u.searchParams)).toMatchObject({ response_type: 'code', client_id: 'store-console', redirect_uri: REDIRECT, code_challenge_method: 'S256', state });
    expect(u.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('exchanges the code, keeps tokens in the vault only, and introspects the user', async () => {
    const { signIn, vault, session } = setup();
    const user = await signIn();
    expect(user).toEqual({ userId: 7, username: 'admin', displayName: undefined, scope: 'app:control staff:admin brand:dance brand:dj', features: ['beta'], brand: 'brand:dance', brands: ['brand:dance', 'brand:dj'] });
    expect(JSON.stringify(user)).not.toContain('at1');
    const stored = JSON.parse([...vault.entries.values()][0]);
    expect(stored).toMatchObject({ accessToken: expect.any(String), refreshToken: expect.any(String) });
    expect(await session.status()).toEqual({ signedIn: true, user });
  });

  it('refuses an unknown or replayed state', async () => {
    const { session, idp } = setup();
    const { url } = session.beginSignIn(REDIRECT);
    const back = idp.authorize(url);
    await expect(session.completeSignIn(back.code, 'forged')).rejects.toMatchObject({ code: 'invalid_state' });
    expect((await session.completeSignIn(back.code, back.state)).username).toBe('admin');
    await expect(session.completeSignIn(back.code, back.state)).rejects.toMatchObject({ code: 'invalid_state' });
  });

  it('restores the session from the vault after a restart', async () => {
    const a = setup();
    await a.signIn();
    const again = new SessionService({ idpUrl: IDP, vault: a.vault, events: new EventBus(), fetch: a.idp.fetch });
    expect((await again.status()).user?.username).toBe('admin');
  });

  it('uses the PKCE challenge of the verifier (RFC 7636 appendix B)', () => {
    expect(challengeOf('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });
});

describe('session: refresh', () => {
  it('refreshes before expiry', async () => {
    const { signIn, session, idp, advance } = setup({ ttl: 60 });
    await signIn();
    advance(45_000);
    const token = await session.accessToken();
    expect(idp.state.refreshCalls).toBe(1);
    expect(token).not.toBe('at1');
  });

  it('makes one refresh call for five simultaneous 401s, and every call succeeds', async () => {
    const { signIn, api, idp, ended } = setup();
    await signIn();
    idp.expireAll();
    idp.state.refreshDelayMs = 20;
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => api.request({ method: 'GET', path: `/v4/catalog/tracks/${i}/` })));
    expect(idp.state.refreshCalls).toBe(1);
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(new Set(results.map((r) => (r.data as { bearer: string }).bearer)).size).toBe(1);
    expect(ended).not.toHaveBeenCalled();
  });

  it('ends the session when refresh cannot cure a 401: sessionEnded, vault cleared, 401 raised', async () => {
    const { signIn, api, idp, ended, vault, session } = setup();
    await signIn();
    idp.expireAll();
    idp.state.failRefresh = true;
    const calls = Array.from({ length: 5 }, () => api.request({ method: 'GET', path: '/v4/catalog/tracks/' }).catch((e) => e));
    const errors = await Promise.all(calls);
    for (const e of errors) expect(e).toMatchObject({ code: 'session_ended', status: 401 });
    expect(idp.state.refreshCalls).toBe(1);
    expect(ended).toHaveBeenCalledTimes(1);
    expect(vault.entries.size).toBe(0);
    expect(await session.status()).toEqual({ signedIn: false, user: null });
  });
});

describe('session: brand and sign-out', () => {
  it('switches only to a brand the user holds, and the API client sends it', async () => {
    const { signIn, session, api } = setup();
    await signIn();
    expect((await session.switchBrand('brand:dj')).brand).toBe('brand:dj');
    await expect(session.switchBrand('brand:other')).rejects.toMatchObject({ code: 'brand_not_allowed', status: 403 });
    const res = await api.request({ method: 'GET', path: '/v4/catalog/tracks/' });
    expect((res.data as { brand: string }).brand).toBe('brand:dj');
  });

  it('a single-brand user cannot switch', async () => {
    const { signIn, session } = setup({ scope: 'app:baseware user:supplier brand:dance' });
    expect((await signIn()).brands).toEqual(['brand:dance']);
    await expect(session.switchBrand('brand:dj')).rejects.toMatchObject({ status: 403 });
  });

  it('signs out: revokes both tokens and clears the vault', async () => {
    const { signIn, session, idp, vault } = setup();
    await signIn();
    await session.signOut();
    expect(idp.state.revoked).toEqual([expect.stringMatching(/^rt/), expect.stringMatching(/^at/)]);
    expect(vault.entries.size).toBe(0);
    expect(await session.status()).toEqual({ signedIn: false, user: null });
  });
});

describe('session: restore', () => {
  it('a dead stored session is cleared quietly on start (no sessionEnded)', async () => {
    const a = setup();
    await a.signIn();
    a.idp.expireAll();
    a.idp.state.failRefresh = true;
    const events = new EventBus();
    const ended = vi.fn();
    events.subscribe(ended);
    const again = new SessionService({ idpUrl: IDP, vault: a.vault, events, fetch: a.idp.fetch, now: () => 10_000_000 });
    expect(await again.status()).toEqual({ signedIn: false, user: null });
    expect(ended).not.toHaveBeenCalled();
    expect(a.vault.entries.size).toBe(0);
  });

  it('uses the given keychain account (the sandbox keys it by data folder)', async () => {
    const idp = fakeIdp();
    const vault = createMemoryVault();
    const session = new SessionService({ idpUrl: IDP, vault, events: new EventBus(), fetch: idp.fetch, account: 'sandbox@/data' });
    const back = idp.authorize(session.beginSignIn(REDIRECT).url);
    await session.completeSignIn(back.code, back.state);
    expect([...vault.entries.keys()]).toEqual(['sandbox@/data']);
  });
});
