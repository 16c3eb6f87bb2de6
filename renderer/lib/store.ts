/**
 * The one jotai store of the renderer: client/UI state only (auth view, preferences,
 * drawer). Each slice is persisted through the settings store over the bridge, never
 * localStorage. Server data lives in TanStack Query, never here.
 */
import { atom, createStore } from 'jotai';
import type { SettingsKey } from '../../shared/bridge/channels/settings';
import { principalFrom, type Principal } from '../../shared/access';
import { authReducer, initialAuthState, type AuthAction, type AuthState } from './auth-state';
import {
  initialPreferences,
  preferencesReducer,
  userPreferences,
  type PreferencesAction,
  type PreferencesState,
} from './preferences-state';
import { initialDrawer, parseDrawer, type DrawerState } from './drawer-state';
import { bridge } from './bridge';

export const appStore = createStore();

function persist(key: SettingsKey, value: unknown): void {
  bridge.settingsSet({ key, value }).catch(() => {
    // Persisting UI state is best effort: the session keeps working without it.
  });
}

const authBase = atom<AuthState>(initialAuthState);
/** Read the auth view state; write an AuthAction to dispatch it (persisted). */
export const authAtom = atom(
  (get) => get(authBase),
  (get, set, action: AuthAction) => {
    const next = authReducer(get(authBase), action);
    set(authBase, next);
    if (action.type !== 'INIT_AUTH') persist('auth', next.scope ? next : null);
  },
);

/** Who is asking, for can(): scopes, features and the active brand. */
export const principalAtom = atom<Principal>((get) => {
  const { scope, features, user } = get(authBase);
  return principalFrom(scope, features, user?.brand);
});

const preferencesBase = atom<PreferencesState>(initialPreferences);
export const preferencesAtom = atom(
  (get) => get(preferencesBase),
  (get, set, action: PreferencesAction) => {
    const next = preferencesReducer(get(preferencesBase), action);
    set(preferencesBase, next);
    if (action.type !== 'INIT_PREFERENCES') persist('preferences', next);
  },
);
/** The signed-in user's own filters and columns. */
export const myPreferencesAtom = atom((get) => userPreferences(get(preferencesBase), get(authBase).user?.userId));

const drawerBase = atom<DrawerState>(initialDrawer);
export const drawerAtom = atom(
  (get) => get(drawerBase),
  (_get, set, next: DrawerState) => {
    set(drawerBase, next);
    persist('drawer', next);
  },
);

async function readSetting(key: SettingsKey): Promise<unknown> {
  try {
    return (await bridge.settingsGet({ key })).value;
  } catch {
    return null;
  }
}

/**
 * Start-up: load the persisted slices (INIT_AUTH is dispatched here, §4), then ask
 * main who is signed in and replace the user with the session's answer.
 */
export async function initPersistedState(store = appStore): Promise<void> {
  const [auth, preferences, drawer] = await Promise.all([readSetting('auth'), readSetting('preferences'), readSetting('drawer')]);
  store.set(authAtom, { type: 'INIT_AUTH', stored: auth });
  store.set(preferencesAtom, { type: 'INIT_PREFERENCES', stored: preferences });
  store.set(drawerBase, parseDrawer(drawer));
  try {
    const status = await bridge.sessionStatus({});
    if (status.signedIn && status.user) store.set(authAtom, { type: 'REFRESH_USER', user: status.user });
    else store.set(authAtom, { type: 'LOGOUT' });
  } catch {
    // Main unreachable: keep the persisted view; the first API call will tell.
  }
}
