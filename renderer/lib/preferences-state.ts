/**
 * Per-user preferences (spec §4): filters and columns per search type, persisted
 * under settings key 'preferences' with version 2; anything else is re-initialised.
 * Pure reducer: unit-tested in tests/renderer/preferences-state.test.ts.
 */
import { PREFERENCES_VERSION } from '../../shared/constants';

export type FilterValues = Record<string, unknown>;

export interface UserPreferences {
  /** Filters per search type key. */
  filters: Record<string, FilterValues>;
  /** Chosen column keys per search type key. */
  columns: Record<string, string[]>;
}

export interface PreferencesState {
  version: number;
  /** Keyed by user id. */
  users: Record<string, UserPreferences>;
}

export type PreferencesAction =
  | { type: 'INIT_PREFERENCES'; stored: unknown }
  | { type: 'SET_FILTERS'; userId: number; searchType: string; filters: FilterValues }
  | { type: 'SET_COLUMNS'; userId: number; searchType: string; columns: string[] }
  /** Sign-out: the session's filters go (a new session starts with none); columns and saved views stay. */
  | { type: 'CLEAR_FILTERS'; userId: number }
  | { type: 'RESET_USER_PREFERENCES'; userId: number };

export const initialPreferences: PreferencesState = { version: PREFERENCES_VERSION, users: {} };
export const emptyUserPreferences: UserPreferences = { filters: {}, columns: {} };

export function userPreferences(state: PreferencesState, userId: number | undefined): UserPreferences {
  return (userId !== undefined && state.users[String(userId)]) || emptyUserPreferences;
}

function withUser(state: PreferencesState, userId: number, change: (p: UserPreferences) => UserPreferences): PreferencesState {
  const key = String(userId);
  return { ...state, users: { ...state.users, [key]: change(state.users[key] ?? emptyUserPreferences) } };
}

export function preferencesReducer(state: PreferencesState, action: PreferencesAction): PreferencesState {
  switch (action.type) {
    case 'INIT_PREFERENCES': {
      const s = action.stored as Partial<PreferencesState> | null | undefined;
      if (!s || typeof s !== 'object' || s.version !== PREFERENCES_VERSION || !s.users || typeof s.users !== 'object') {
        return initialPreferences;
      }
      return { version: PREFERENCES_VERSION, users: s.users };
    }
    case 'SET_FILTERS':
      return withUser(state, action.userId, (p) => ({ ...p, filters: { ...p.filters, [action.searchType]: action.filters } }));
    case 'SET_COLUMNS':
      return withUser(state, action.userId, (p) => ({ ...p, columns: { ...p.columns, [action.searchType]: [...action.columns] } }));
    case 'CLEAR_FILTERS':
      return state.users[String(action.userId)] ? withUser(state, action.userId, (p) => ({ ...p, filters: {} })) : state;
    case 'RESET_USER_PREFERENCES': {
      const users = { ...state.users };
      delete users[String(action.userId)];
      return { ...state, users };
    }
  }
}
