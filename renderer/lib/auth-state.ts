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

export type AuthAction =
  | { type: 'INIT_AUTH'; stored: unknown }
  | { type: 'REFRESH_USER'; user: SessionUser }
  | { type: 'UPDATE_USER'; user: Partial<SessionUser> }
  | { type: 'LOGOUT' };

export const initialAuthState: AuthState = { version: AUTH_VERSION, scope: '', features: [], user: null };

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
        features: Array.isArray(s.features) ? s.features.filter((f) => typeof f === 'string') : [],
        user: s.user ?? null,
      };
    }
    case 'REFRESH_USER':
      return { version: AUTH_VERSION, scope: action.user.scope, features: [...action.user.features], user: action.user };
    case 'UPDATE_USER': {
      if (!state.user) return state;
      const user = { ...state.user, ...action.user };
      return { ...state, user, scope: user.scope, features: [...user.features] };
    }
    case 'LOGOUT':
      return initialAuthState;
  }
}
