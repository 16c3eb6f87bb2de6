import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'jotai';

const settings = new Map<string, unknown>();
const calls: string[] = [];
let session: { signedIn: boolean; user: unknown } = { signedIn: false, user: null };

vi.mock('../../renderer/lib/bridge', () => ({
  bridge: {
    settingsGet: async ({ key }: { key: string }) => ({ value: settings.get(key) ?? null }),
    settingsSet: async ({ key, value }: { key: string; value: unknown }) => {
      calls.push(`set:${key}`);
      settings.set(key, value);
      return { ok: true };
    },
    sessionStatus: async () => session,
  },
  onBridgeEvent: () => () => {},
}));

const { authAtom, drawerAtom, initPersistedState, preferencesAtom, principalAtom } = await import('../../renderer/lib/store');

const user = { userId: 3, username: 'cy', scope: 'app:control staff:curation brand:dance brand:dj', features: [], brand: 'brand:dj', brands: ['brand:dance', 'brand:dj'] };

beforeEach(() => {
  settings.clear();
  calls.length = 0;
  session = { signedIn: false, user: null };
});

describe('persisted state through the settings store', () => {
  it('on start: INIT_AUTH from the stored state, then the session replaces the user', async () => {
    settings.set('auth', { version: 1, scope: 'app:control staff:admin', features: [], user: { ...user, username: 'old' } });
    settings.set('drawer', { collapsed: true });
    settings.set('preferences', { version: 1, users: { '3': { filters: {}, columns: {} } } });
    session = { signedIn: true, user };
    const store = createStore();
    await initPersistedState(store);
    expect(store.get(authAtom).user).toEqual(user);
    expect(store.get(principalAtom).brand).toBe('brand:dj');
    expect(store.get(drawerAtom)).toEqual({ collapsed: true });
    expect(store.get(preferencesAtom)).toEqual({ version: 2, users: {} });
    expect(settings.get('auth')).toEqual({ version: 1, scope: user.scope, features: [], user });
  });

  it('on start without a session: signed out, stored auth cleared', async () => {
    settings.set('auth', { version: 1, scope: 'app:control staff:admin', features: [], user });
    const store = createStore();
    await initPersistedState(store);
    expect(store.get(authAtom).scope).toBe('');
    expect(settings.get('auth')).toBeNull();
  });

  it('writes go through settingsSet, never localStorage', async () => {
    const store = createStore();
    store.set(drawerAtom, { collapsed: true });
    store.set(preferencesAtom, { type: 'SET_COLUMNS', userId: 3, searchType: 'tracks', columns: ['title'] });
    await Promise.resolve();
    expect(calls).toEqual(['set:drawer', 'set:preferences']);
    expect(typeof localStorage === 'undefined' || localStorage.length === 0).toBe(true);
  });
});
