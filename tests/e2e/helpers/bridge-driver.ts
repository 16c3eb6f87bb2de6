/**
 * The console's bridge from the test's side: a WebSocket to the browser host with its
 * launch key and origin, as a tab of the console opens one, and the renderer's own
 * socket client (renderer/lib/bridge-client.ts). The e2e fixtures sign accounts in with
 * it through the same channels the /auth screen calls (no path of its own in main).
 */
import WebSocket from 'ws';
import type { SessionUser } from '../../../shared/bridge/channels/session';
import type { SettingsKey } from '../../../shared/bridge/channels/settings';
import { BRIDGE_WS_PATH, LAUNCH_KEY_PARAM } from '../../../shared/bridge/transport';
import { createSocketClient, type SocketLike } from '../../../renderer/lib/bridge-client';
import type { SandboxAccount } from '../../../server/seed/accounts';
import { postSignInForm } from '../../server/helpers';

export interface BridgeDriver {
  call<T = unknown>(channel: string, request?: unknown): Promise<T>;
  /** A persisted settings entry (settingsGet), as the renderer reads it at start. */
  setting(key: SettingsKey): Promise<unknown>;
  /**
   * `account` signed in on this console, on its first brand, as a test expects to find it:
   * the session kept when it is already the account's (its brand switched back if a test
   * changed it), else the console signs out and signs the account in again; and nothing an
   * earlier test left in the console's settings that a new session would not see either:
   * no search filters (as /logout clears them), no packaging draft and the side menu open
   * (FRESH_SETTINGS). Saved views and chosen columns stay, as they do across sign-ins.
   */
  signInAs(account: SandboxAccount): Promise<void>;
  close(): void;
}

/** Settings an earlier test may leave that a test must not find (null: as on a new machine). */
const FRESH_SETTINGS: readonly SettingsKey[] = ['packagingDraft', 'drawer'];

export async function openBridge(host: { origin: string; key: string }): Promise<BridgeDriver> {
  const url = `${host.origin.replace(/^http/, 'ws')}${BRIDGE_WS_PATH}?${LAUNCH_KEY_PARAM}=${encodeURIComponent(host.key)}`;
  const client = createSocketClient({ url, createSocket: (u) => new WebSocket(u, { origin: host.origin }) as unknown as SocketLike });
  const call = <T>(channel: string, request: unknown = {}) => client.call(channel, request) as Promise<T>;

  async function signInFresh(account: SandboxAccount): Promise<void> {
    await call('sessionSignOut');
    const start = await call<{ mode: 'redirect'; url: string }>('sessionSignIn');
    if (start.mode !== 'redirect') throw new Error(`sessionSignIn answered ${JSON.stringify(start)}`);
    const form = await postSignInForm(start.url, account.username, account.password);
    const back = new URL(form.headers.get('location') ?? 'http://invalid/');
    const code = back.searchParams.get('code');
    const state = back.searchParams.get('state');
    if (form.status !== 302 || !code || !state) throw new Error(`sign-in of ${account.username} answered ${form.status} → ${back}`);
    await call('sessionCompleteSignIn', { code, state });
  }

  return {
    call,
    setting: async (key) => (await call<{ value: unknown }>('settingsGet', { key })).value,
    async signInAs(account) {
      const status = await call<{ signedIn: boolean; user: SessionUser | null }>('sessionStatus').catch(() => ({
        signedIn: false,
        user: null,
      }));
      if (!status.signedIn || status.user?.username !== account.username) await signInFresh(account);
      const now = await call<{ signedIn: boolean; user: SessionUser | null }>('sessionStatus');
      if (!now.user) throw new Error(`${account.username} is not signed in after signing in`);
      const brand = account.brands[0];
      if (brand && now.user.brand !== brand) await call('sessionSwitchBrand', { brand });
      // As /logout does when a session ends: the search filters go, saved views and columns stay.
      const prefs = await call<{ value: unknown }>('settingsGet', { key: 'preferences' });
      const users = (prefs.value as { users?: Record<string, { filters?: object }> } | null)?.users;
      if (users && Object.values(users).some((u) => u.filters && Object.keys(u.filters).length)) {
        const cleared = Object.fromEntries(Object.entries(users).map(([id, u]) => [id, { ...u, filters: {} }]));
        await call('settingsSet', { key: 'preferences', value: { ...(prefs.value as object), users: cleared } });
      }
      for (const key of FRESH_SETTINGS) await call('settingsSet', { key, value: null });
    },
    close: () => client.close(),
  };
}
