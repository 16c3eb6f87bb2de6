/**
 * The renderer's store persists its slices through main's settings store (settingsGet,
 * settingsSet over the fake main), never localStorage, and takes the user from main's session.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'jotai';
import { fakeMain } from './fake-main';
import type { SessionUser } from '../../shared/bridge/channels/session';

const settings = fakeMain.settings;
let session: { signedIn: boolean; user: SessionUser | null } = { signedIn: false, user: null };
fakeMain.channel('sessionStatus', () => session);
/** The settings main was asked to write, in order ("set:key"). */
const writes = () => fakeMain.requestsOf('settingsSet').map((r) => `set:${r.key}`);

const { authAtom, drawerAtom, initPersistedState, preferencesAtom, principalAtom } = await import('../../renderer/lib/store');

const user = {
  userId: 3,
  username: 'cy',
  scope: 'app:control staff:curation brand:dance brand:dj',
  features: [],
  brand: 'brand:dj',
  brands: ['brand:dance', 'brand:dj'],
};

beforeEach(() => {
  settings.clear();
  fakeMain.calls.length = 0;
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
    await vi.waitFor(() => expect(settings.get('auth')).toEqual({ version: 1, scope: user.scope, features: [], user }));
  });

  it('on start without a session: signed out, stored auth cleared', async () => {
    settings.set('auth', { version: 1, scope: 'app:control staff:admin', features: [], user });
    const store = createStore();
    await initPersistedState(store);
    expect(store.get(authAtom).scope).toBe('');
    await vi.waitFor(() => expect(settings.has('auth')).toBe(false));
  });

  it('writes go through settingsSet, never localStorage', async () => {
    const store = createStore();
    store.set(drawerAtom, { collapsed: true });
    store.set(preferencesAtom, { type: 'SET_COLUMNS', userId: 3, searchType: 'tracks', columns: ['title'] });
    await vi.waitFor(() => expect(writes()).toEqual(['set:drawer', 'set:preferences']));
    expect(typeof localStorage === 'undefined' || localStorage.length === 0).toBe(true);
  });
});
