/**
 * Auth view state (spec §4), persisted under settings key 'auth'. It mirrors who is
 * signed in for guards and menus; tokens are never part of it (they stay in main's
 * keychain vault). Pure reducer: unit-tested in tests/renderer/auth-state.test.ts.
 */
import type { SessionUser } from '../../shared/bridge/channels/session';
import { AUTH_VERSION } from '../../shared/constants';

export interface AuthState {
  version: number;
  /** Space-separated §6 scope string; '' when signed out. */
  scope: string;
  features: string[];
  user: SessionUser | null;
}

/** What a failed guard hands /auth: the page to return to, and why, when the user lacked the rule. */
export interface AuthRouteState {
  error?: string;
  from?: string;
}

export type AuthAction =
  | { type: 'INIT_AUTH'; stored: unknown }
  | { type: 'REFRESH_USER'; user: SessionUser }
  | { type: 'UPDATE_USER'; user: Partial<SessionUser> }
  | { type: 'LOGOUT' };

export const initialAuthState: AuthState = { version: AUTH_VERSION, scope: '', features: [], user: null };

const isString = (v: unknown): v is string => typeof v === 'string';
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter(isString) : []);

/**
 * The user as the view state may hold it: only the SessionUser fields, each of its
 * type, copied one by one. Anything else a stored or merged object carries (a token
 * left by an older build, a field nobody asked for) is dropped, never persisted again.
 * Null when the required fields are missing.
 */
export function pickUser(value: unknown): SessionUser | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  if (typeof v.userId !== 'number' || !Number.isInteger(v.userId) || !isString(v.username) || !isString(v.scope)) return null;
  const user: SessionUser = {
    userId: v.userId,
    username: v.username,
    scope: v.scope,
    features: strings(v.features),
    brand: isString(v.brand) ? v.brand : '',
    brands: strings(v.brands),
  };
  if (isString(v.displayName)) user.displayName = v.displayName;
  return user;
}

function isStoredAuth(value: unknown): value is AuthState {
  if (!value || typeof value !== 'object') return false;
  const v = value as Partial<AuthState>;
  return v.version === AUTH_VERSION && typeof v.scope === 'string' && v.scope.trim() !== '';
}

export function authReducer(state: AuthState, action: AuthAction): AuthState {
  switch (action.type) {
    case 'INIT_AUTH': {
      // Reset when the stored version is not 1 or the scope is empty (§4).
      if (!isStoredAuth(action.stored)) return initialAuthState;
      const s = action.stored;
      return {
        version: AUTH_VERSION,
        scope: s.scope,
        features: strings(s.features),
        user: pickUser(s.user),
      };
    }
    case 'REFRESH_USER': {
      const user = pickUser(action.user);
      if (!user) return state;
      return { version: AUTH_VERSION, scope: user.scope, features: [...user.features], user };
    }
    case 'UPDATE_USER': {
      if (!state.user) return state;
      const user = pickUser({ ...state.user, ...action.user }) ?? state.user;
      return { ...state, user, scope: user.scope, features: [...user.features] };
    }
    case 'LOGOUT':
      return initialAuthState;
  }
}
