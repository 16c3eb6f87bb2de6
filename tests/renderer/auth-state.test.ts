import { describe, expect, it } from 'vitest';
import { authReducer, initialAuthState, type AuthState } from '../../renderer/lib/auth-state';
import type { SessionUser } from '../../shared/bridge/channels/session';

const user: SessionUser = {
  userId: 7,
  username: 'ada',
  displayName: 'Ada',
  scope: 'app:control staff:admin brand:dance',
  features: ['beta'],
  brand: 'brand:dance',
  brands: ['brand:dance'],
};
const signedIn: AuthState = { version: 1, scope: user.scope, features: user.features, user };

describe('auth reducer (spec §4)', () => {
  it('INIT_AUTH keeps a stored state of version 1 with a scope', () => {
    expect(authReducer(initialAuthState, { type: 'INIT_AUTH', stored: signedIn })).toEqual(signedIn);
  });

  it.each([
    ['another version', { ...signedIn, version: 2 }],
    ['no version', { scope: user.scope, features: [], user }],
    ['an empty scope', { ...signedIn, scope: '' }],
    ['a blank scope', { ...signedIn, scope: '   ' }],
    ['nothing stored', null],
    ['garbage', 'x'],
  ])('INIT_AUTH resets on %s', (_name, stored) => {
    expect(authReducer(signedIn, { type: 'INIT_AUTH', stored })).toEqual(initialAuthState);
  });

  it('REFRESH_USER replaces the user, scope and features', () => {
    const other: SessionUser = {
      ...user,
      userId: 8,
      username: 'bob',
      displayName: undefined,
      scope: 'app:baseware user:supplier brand:dj',
      features: [],
    };
    const next = authReducer(signedIn, { type: 'REFRESH_USER', user: other });
    expect(next).toEqual({ version: 1, scope: other.scope, features: [], user: other });
    expect(next.user?.displayName).toBeUndefined();
  });

  it('UPDATE_USER merges into the user', () => {
    const next = authReducer(signedIn, { type: 'UPDATE_USER', user: { displayName: 'Ada L.', brand: 'brand:dj' } });
    expect(next.user).toEqual({ ...user, displayName: 'Ada L.', brand: 'brand:dj' });
    expect(next.scope).toBe(user.scope);
  });

  it('UPDATE_USER without a user changes nothing', () => {
    expect(authReducer(initialAuthState, { type: 'UPDATE_USER', user: { displayName: 'x' } })).toBe(initialAuthState);
  });

  it('LOGOUT resets', () => {
    expect(authReducer(signedIn, { type: 'LOGOUT' })).toEqual(initialAuthState);
  });

  it('never holds a token', () => {
    const stored = { ...signedIn, accessToken: 'secret', refresh_token: 'r' };
    expect(JSON.stringify(authReducer(initialAuthState, { type: 'INIT_AUTH', stored }))).not.toMatch(/secret|refresh_token|accessToken/);
  });

  it('INIT_AUTH keeps only the user fields: a token stored inside `user` does not ride along', () => {
    const stored = {
      ...signedIn,
      user: { ...user, accessToken: 'at-secret', refresh_token: 'rt-secret', token: { access: 'nested-secret' }, extra: 'x' },
    };
    const state = authReducer(initialAuthState, { type: 'INIT_AUTH', stored });
    expect(state.user).toEqual(user);
    expect(Object.keys(state.user!).sort()).toEqual(['brand', 'brands', 'displayName', 'features', 'scope', 'userId', 'username']);
    expect(JSON.stringify(state)).not.toMatch(/secret|accessToken|refresh_token|token/);
  });

  it('INIT_AUTH drops a stored user of the wrong shape, and wrongly typed fields', () => {
    expect(authReducer(initialAuthState, { type: 'INIT_AUTH', stored: { ...signedIn, user: { username: 'ada' } } }).user).toBeNull();
    const odd = { ...user, displayName: { token: 'secret' }, features: ['beta', { token: 'secret' }], brands: 'brand:dance' };
    const state = authReducer(initialAuthState, { type: 'INIT_AUTH', stored: { ...signedIn, user: odd } });
    expect(state.user).toEqual({ userId: 7, username: 'ada', scope: user.scope, features: ['beta'], brand: 'brand:dance', brands: [] });
    expect(JSON.stringify(state)).not.toContain('secret');
  });

  it('REFRESH_USER and UPDATE_USER cannot smuggle a token into the user either', () => {
    const refreshed = authReducer(initialAuthState, { type: 'REFRESH_USER', user: { ...user, accessToken: 'secret' } as SessionUser });
    expect(refreshed.user).toEqual(user);
    const updated = authReducer(signedIn, {
      type: 'UPDATE_USER',
      user: { displayName: 'Ada L.', refreshToken: 'secret' } as Partial<SessionUser>,
    });
    expect(updated.user).toEqual({ ...user, displayName: 'Ada L.' });
    expect(JSON.stringify([refreshed, updated])).not.toContain('secret');
  });
});
