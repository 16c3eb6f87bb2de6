import { afterEach, describe, expect, it, vi } from 'vitest';
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
    expect(Object.fromEntries(u.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'store-console',
      redirect_uri: REDIRECT,
      code_challenge_method: 'S256',
      state,
    });
    expect(u.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('exchanges the code, keeps tokens in the vault only, and introspects the user', async () => {
    const { signIn, vault, session } = setup();
    const user = await signIn();
    expect(user).toEqual({
      userId: 7,
      username: 'admin',
      displayName: undefined,
      scope: 'app:control staff:admin brand:dance brand:dj',
      features: ['beta'],
      brand: 'brand:dance',
      brands: ['brand:dance', 'brand:dj'],
    });
    expect(JSON.stringify(user)).not.toContain('at1');
    const stored = JSON.parse([...vault.entries.values()][0]);
    expect(stored).toMatchObject({ accessToken: expect.any(String), refreshToken: expect.any(String) });
    expect(await session.status()).toEqual({ signedIn: true, user });
  });

  it("introspects with POST (RFC 7662): its access token as the caller's bearer and as the form's token, none in the URL", async () => {
    const { signIn, idp, vault } = setup();
    await signIn();
    const { accessToken } = JSON.parse([...vault.entries.values()][0]) as { accessToken: string };
    expect(idp.state.introspections).toEqual([{ method: 'POST', bearer: accessToken, token: accessToken, query: '' }]);
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
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => api.request({ method: 'GET', path: `/v4/catalog/tracks/${i}/` })),
    );
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

  it('a call with no session left (signed out in another window) raises a 401 and says the session ended', async () => {
    const { signIn, api, ended, session } = setup();
    await signIn();
    await session.signOut();
    expect(ended).not.toHaveBeenCalled();
    await expect(api.request({ method: 'GET', path: '/v4/catalog/tracks/' })).rejects.toMatchObject({ code: 'not_signed_in', status: 401 });
    expect(ended).toHaveBeenCalledExactlyOnceWith({ reason: 'You are not signed in.' });
  });
});

describe('session: refresh ahead of expiry (timer)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A session on the fake clock of vi.useFakeTimers (Date.now is faked too). */
  function timed(ttl: number) {
    vi.useFakeTimers();
    const idp = fakeIdp({ ttl });
    const vault = createMemoryVault();
    const events = new EventBus();
    const ended = vi.fn();
    events.subscribe((name, payload) => name === 'sessionEnded' && ended(payload));
    // Through idp.fetch at call time, so a test can swap the provider's fetch mid-session.
    const session = new SessionService({
      idpUrl: IDP,
      vault,
      events,
      fetch: (input, init) => idp.fetch(input, init),
      refreshSkewMs: 30_000,
    });
    const signIn = async () => {
      const back = idp.authorize(session.beginSignIn(REDIRECT).url);
      return session.completeSignIn(back.code, back.state);
    };
    const storedAccess = () => (JSON.parse([...vault.entries.values()][0] ?? '{}') as { accessToken?: string }).accessToken;
    return { idp, vault, ended, session, signIn, storedAccess };
  }

  it('refreshes skew before expiry with no call made, then again for the new token', async () => {
    const { idp, signIn, storedAccess } = timed(120);
    await signIn();
    const first = storedAccess();
    await vi.advanceTimersByTimeAsync(89_000);
    expect(idp.state.refreshCalls).toBe(0);
    await vi.advanceTimersByTimeAsync(1_000); // 120 s - 30 s
    expect(idp.state.refreshCalls).toBe(1);
    const second = storedAccess();
    expect(second).not.toBe(first);
    await vi.advanceTimersByTimeAsync(90_000);
    expect(idp.state.refreshCalls).toBe(2);
    expect(storedAccess()).not.toBe(second);
  });

  it('a token shorter-lived than the skew is refreshed at half its life, not in a loop', async () => {
    const { idp, signIn } = timed(10);
    await signIn();
    const atSignIn = idp.state.refreshCalls; // the lazy path already finds a 10 s token "about to expire"
    await vi.advanceTimersByTimeAsync(4_999);
    expect(idp.state.refreshCalls).toBe(atSignIn);
    await vi.advanceTimersByTimeAsync(1);
    expect(idp.state.refreshCalls).toBe(atSignIn + 1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(idp.state.refreshCalls).toBe(atSignIn + 13);
  });

  it('shares its refresh with calls made while it is in flight (one refresh in all)', async () => {
    const { idp, signIn, session, storedAccess } = timed(120);
    await signIn();
    const before = storedAccess();
    idp.state.refreshDelayMs = 500;
    await vi.advanceTimersByTimeAsync(90_000); // the timer's refresh is now in flight
    const api = new ApiClient({ apiUrl: 'http://127.0.0.1:9000', session, fetch: idp.fetch });
    const lazy = Promise.all([session.accessToken(), api.request({ method: 'GET', path: '/v4/catalog/tracks/' })]);
    await vi.advanceTimersByTimeAsync(500);
    const [token, res] = await lazy;
    expect(idp.state.refreshCalls).toBe(1);
    expect(token).not.toBe(before);
    expect(token).toBe(storedAccess());
    expect((res.data as { bearer: string }).bearer).toBe(token);
  });

  it('stops on sign-out: no refresh afterwards', async () => {
    const { idp, signIn, session } = timed(120);
    await signIn();
    await session.signOut();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(idp.state.refreshCalls).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops when the session ends: a refused refresh ends it once and is not retried', async () => {
    const { idp, signIn, session, ended, vault } = timed(120);
    await signIn();
    idp.state.failRefresh = true;
    await vi.advanceTimersByTimeAsync(90_000);
    expect(idp.state.refreshCalls).toBe(1);
    expect(ended).toHaveBeenCalledTimes(1);
    expect(vault.entries.size).toBe(0);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(idp.state.refreshCalls).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
    expect((await session.status()).signedIn).toBe(false);
  });

  it('an unreachable identity provider is retried soon, without ending the session', async () => {
    const { idp, signIn, session, ended } = timed(120);
    await signIn();
    const working = idp.fetch;
    let down = true;
    idp.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
      if (down && String(input).endsWith('/v4/auth/o/token/')) throw new TypeError('fetch failed');
      return working(input, init);
    }) as typeof fetch;
    await vi.advanceTimersByTimeAsync(90_000);
    expect(idp.state.refreshCalls).toBe(0);
    expect(ended).not.toHaveBeenCalled();
    down = false;
    await vi.advanceTimersByTimeAsync(15_000);
    expect(idp.state.refreshCalls).toBe(1);
    expect((await session.status()).signedIn).toBe(true);
  });

  it('the timer does not keep the process alive (unref)', async () => {
    vi.useRealTimers();
    const idp = fakeIdp({ ttl: 300 });
    const real = globalThis.setTimeout;
    const unref = vi.fn();
    vi.stubGlobal('setTimeout', ((fn: () => void, ms?: number) => {
      const t = real(fn, ms);
      const wrapped = Object.assign(Object.create(Object.getPrototypeOf(t) as object) as NodeJS.Timeout, t);
      return Object.assign(t, { unref: () => (unref(ms), wrapped) });
    }) as typeof setTimeout);
    try {
      const session = new SessionService({ idpUrl: IDP, vault: createMemoryVault(), events: new EventBus(), fetch: idp.fetch });
      const back = idp.authorize(session.beginSignIn(REDIRECT).url);
      await session.completeSignIn(back.code, back.state);
      expect(unref).toHaveBeenCalledWith(expect.any(Number));
      await session.signOut();
    } finally {
      vi.unstubAllGlobals();
    }
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

describe('session id: what main hands out per sign-in is bound to it (media tickets, issue 26)', () => {
  it('is new at each sign-in, the same through a refresh, gone at sign-out; each end is told once with the id that ended', async () => {
    const { session, signIn, advance } = setup({ ttl: 60 });
    const endedIds: string[] = [];
    session.onSessionEnd((id) => endedIds.push(id));
    expect(await session.currentSessionId()).toBeNull();
    await signIn();
    const first = await session.currentSessionId();
    expect(first).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const token = await session.accessToken();
    advance(60_000);
    expect(await session.accessToken()).not.toBe(token);
    expect(await session.currentSessionId()).toBe(first);
    // A sign-in over the session ends it: a new id.
    await signIn();
    const second = await session.currentSessionId();
    expect([second === first, endedIds]).toEqual([false, [first]]);
    await session.signOut();
    expect([await session.currentSessionId(), endedIds]).toEqual([null, [first, second]]);
  });

  it('a session restored from the keychain at a new launch gets an id of its own', async () => {
    const a = setup();
    await a.signIn();
    const before = await a.session.currentSessionId();
    const again = new SessionService({ idpUrl: IDP, vault: a.vault, events: new EventBus(), fetch: a.idp.fetch });
    const restored = await again.currentSessionId();
    expect(restored).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(restored).not.toBe(before);
  });
});
