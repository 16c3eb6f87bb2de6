import { randomBytes } from 'node:crypto';
import { BridgeError } from '../../shared/bridge';
import type { SessionUser } from '../../shared/bridge/channels/session';
import { brandsOf, parseScope } from '../../shared/access';
import type { EventBus } from './event-bus';
import { IdpClient, type TokenResponse } from './idp-client';
import { createPkce } from './pkce';
import type { TokenVault } from './token-vault';

/** What the vault holds for the session (JSON in one keychain entry). */
interface StoredSession {
  accessToken: string;
  refreshToken: string;
  /** Epoch ms when the access token expires. */
  expiresAt: number;
  /** The brand the user chose (a brand token of their scope), if any. */
  brand?: string;
}

export interface SessionDeps {
  idpUrl: string;
  vault: TokenVault;
  events: EventBus;
  clientId?: string;
  fetch?: typeof fetch;
  now?: () => number;
  /** Refresh this long before the access token expires. */
  refreshSkewMs?: number;
  /**
   * The keychain account the session is stored under. Default `session@<idpUrl>`;
   * the sandbox (whose ports change each launch) uses one per data folder.
   */
  account?: string;
}

/** A sign-in that left for the identity provider and has not come back yet. */
interface PendingSignIn {
  verifier: string;
  redirectUri: string;
  createdAt: number;
}

const PENDING_TTL_MS = 10 * 60_000;
const NOT_SIGNED_IN = 'You are not signed in.';
/** After a refresh ahead of expiry failed for a passing reason (host unreachable), try again this soon. */
const RETRY_REFRESH_MS = 15_000;

/**
 * The session, in main only: OAuth authorization code + PKCE (S256) against the
 * identity provider (its calls: IdpClient in idp-client.ts), tokens in the OS
 * keychain (never in the renderer or settings), the user from introspection, refresh
 * before expiry (on a timer while signed in, and lazily when a call finds the token
 * about to expire), one refresh at a time however many callers need one, and the end of the session (sessionEnded) when a 401
 * cannot be cured by a refresh.
 */
export class SessionService {
  private readonly idp: IdpClient;
  private readonly now: () => number;
  private readonly skew: number;
  private readonly account: string;
  private tokens: StoredSession | null = null;
  private user: SessionUser | null = null;
  private restored: Promise<void> | null = null;
  private refreshing: Promise<string> | null = null;
  /** The refresh ahead of expiry (unref'd: it never keeps the process alive). */
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly pending = new Map<string, PendingSignIn>();
  /**
   * This sign-in's own id: new at each sign-in (and at each launch that restores one),
   * kept through refreshes, gone when the session ends. What main hands out for a
   * session (media tickets) is bound to it.
   */
  private sessionId: string | null = null;
  private readonly endListeners = new Set<(sessionId: string) => void>();

  constructor(private readonly deps: SessionDeps) {
    this.idp = new IdpClient({ idpUrl: deps.idpUrl, clientId: deps.clientId, fetch: deps.fetch });
    this.now = deps.now ?? Date.now;
    this.skew = deps.refreshSkewMs ?? 30_000;
    this.account = deps.account ?? `session@${this.idp.idpUrl}`;
  }

  /**
   * Who is signed in; restores a stored session from the keychain on first use.
   * `fresh` introspects again even when the user is known (the renderer's start-up
   * asks so, so a profile changed on the server shows after a reload); if the identity
   * provider cannot be reached then, the known user is answered.
   */
  async status(opts: { fresh?: boolean } = {}): Promise<{ signedIn: boolean; user: SessionUser | null }> {
    await this.restore();
    if (this.tokens && (!this.user || opts.fresh)) {
      try {
        this.user = await this.introspect();
      } catch (err) {
        const ended = err instanceof BridgeError && err.status === 401;
        if (!ended && !this.user) throw err;
      }
    }
    return { signedIn: this.user !== null, user: this.user };
  }

  /** Step 1: the identity provider URL to send the user to (PKCE S256 + state). */
  beginSignIn(redirectUri: string): { url: string; state: string } {
    const { verifier, challenge, state } = createPkce();
    this.prunePending();
    this.pending.set(state, { verifier, redirectUri, createdAt: this.now() });
    return { url: this.idp.authorizeUrl({ redirectUri, challenge, state }), state };
  }

  /** Step 2: the code came back with the state; exchange it, store, introspect. */
  async completeSignIn(code: string, state: string): Promise<SessionUser> {
    const pending = this.pending.get(state);
    this.pending.delete(state);
    if (!pending || this.now() - pending.createdAt > PENDING_TTL_MS) {
      throw new BridgeError({
        code: 'invalid_state',
        message: 'This sign-in link has expired or was not started here. Please sign in again.',
        status: 400,
      });
    }
    const tokens = await this.idp.exchangeCode({ code, redirectUri: pending.redirectUri, verifier: pending.verifier });
    // A sign-in over a session still held is a new session: what the earlier one was given ends with it.
    this.endSessionId();
    await this.store({ ...tokens, brand: this.tokens?.brand });
    this.sessionId = newSessionId();
    this.user = await this.introspect();
    return this.user;
  }

  /** Switches the active brand, only to a brand the user's scope grants. */
  async switchBrand(brand: string): Promise<SessionUser> {
    const { user } = await this.status();
    if (!user || !this.tokens) throw notSignedIn();
    if (!user.brands.includes(brand)) {
      throw new BridgeError({ code: 'brand_not_allowed', message: 'You do not have access to that brand.', status: 403 });
    }
    await this.store({ ...this.tokens, brand });
    this.user = { ...user, brand };
    return this.user;
  }

  /**
   * The id of the session signed in now (restored from the keychain first), or null
   * when no one is: a new one at every sign-in, the same through token refreshes.
   */
  async currentSessionId(): Promise<string | null> {
    await this.restore();
    return this.tokens ? this.sessionId : null;
  }

  /** Calls `listener` with a session's id when that session ends (sign-out, a 401 refresh cannot cure, a new sign-in over it). */
  onSessionEnd(listener: (sessionId: string) => void): () => void {
    this.endListeners.add(listener);
    return () => this.endListeners.delete(listener);
  }

  /** The active brand, for the API client's brand header. */
  get activeBrand(): string | undefined {
    return this.user?.brand || undefined;
  }

  /** Revokes both tokens (best effort) and clears the keychain entry. */
  async signOut(): Promise<void> {
    await this.restore();
    this.cancelTimer();
    const tokens = this.tokens;
    if (tokens) {
      for (const [token, hint] of [
        [tokens.refreshToken, 'refresh_token'],
        [tokens.accessToken, 'access_token'],
      ] as const) {
        try {
          await this.idp.revoke(token, hint);
        } catch {
          // The identity provider may be gone; the local session ends regardless.
        }
      }
    }
    await this.clear();
  }

  /**
   * A valid access token, refreshed first when it is about to expire. A call that
   * needs one when there is no session (signed out in another window, or the end was
   * missed) cannot be cured either: it is told the session ended (sessionEnded) too.
   */
  async accessToken(): Promise<string> {
    await this.restore();
    if (!this.tokens) {
      this.deps.events.emit('sessionEnded', { reason: NOT_SIGNED_IN });
      throw notSignedIn();
    }
    if (this.tokens.expiresAt - this.skew <= this.now()) return this.refresh();
    return this.tokens.accessToken;
  }

  /**
   * A call with `usedToken` got a 401. If another caller already refreshed, the new
   * token is returned; otherwise one refresh is made (shared by every concurrent
   * caller). When refresh cannot cure it the session ends and this throws a 401.
   */
  async recoverFrom401(usedToken: string): Promise<string> {
    if (this.tokens && this.tokens.accessToken !== usedToken) return this.tokens.accessToken;
    return this.refresh();
  }

  /**
   * Runs an authorized call: with a fresh token, and once more after a refresh when
   * it answers 401. A second 401 ends the session (sessionEnded) and throws a 401.
   */
  async withAccessToken(call: (token: string) => Promise<Response>): Promise<Response> {
    const token = await this.accessToken();
    const res = await call(token);
    if (res.status !== 401) return res;
    await res.body?.cancel().catch(() => {});
    const fresh = await this.recoverFrom401(token);
    const retry = await call(fresh);
    if (retry.status !== 401) return retry;
    await retry.body?.cancel().catch(() => {});
    await this.end('Your session has ended. Please sign in again.');
    throw sessionEnded();
  }

  /**
   * Ends the session locally and tells the renderer (spec §7: a 401 lands on /logout).
   * A stored session that turns out dead on restore, before any user was shown in
   * this launch, is cleared quietly: the console simply starts signed out.
   */
  async end(reason: string): Promise<void> {
    const wasActive = this.user !== null;
    await this.clear().catch(() => {});
    if (wasActive) this.deps.events.emit('sessionEnded', { reason });
  }

  /**
   * Schedules the refresh ahead of expiry: `skew` before the access token expires, but
   * never sooner than half its remaining life (a token shorter-lived than the skew
   * does not make the timer spin). Shares the single refresh with the lazy path.
   */
  private schedule(delayMs?: number): void {
    this.cancelTimer();
    const tokens = this.tokens;
    if (!tokens) return;
    const remaining = tokens.expiresAt - this.now();
    const delay = delayMs ?? Math.max(remaining - this.skew, remaining / 2, 0);
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.tokens !== tokens) return;
      this.refresh().catch((err: unknown) => {
        // A 4xx ended the session (the timer is gone with it); anything else: try again soon.
        if (this.tokens && !(err instanceof BridgeError && err.code === 'session_ended')) this.schedule(RETRY_REFRESH_MS);
      });
    }, delay);
    this.timer.unref?.();
  }

  /** Whether a refresh ahead of expiry is scheduled (none once signed out). */
  get refreshScheduled(): boolean {
    return this.timer !== null;
  }

  private cancelTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private refresh(): Promise<string> {
    if (!this.refreshing) {
      this.refreshing = this.doRefresh().finally(() => {
        this.refreshing = null;
      });
    }
    return this.refreshing;
  }

  private async doRefresh(): Promise<string> {
    const current = this.tokens;
    if (!current) throw notSignedIn();
    let next: TokenResponse;
    try {
      next = await this.idp.refresh(current.refreshToken);
    } catch (err) {
      if (err instanceof BridgeError && err.status !== undefined && err.status >= 400 && err.status < 500) {
        await this.end('Your session has expired. Please sign in again.');
        throw sessionEnded();
      }
      throw err;
    }
    await this.store({ ...next, brand: current.brand });
    return this.tokens!.accessToken;
  }

  private async introspect(): Promise<SessionUser> {
    const info = await this.idp.introspect((call) => this.withAccessToken(call));
    if (!info.active) {
      await this.end('Your session is no longer active. Please sign in again.');
      throw sessionEnded();
    }
    const scopes = parseScope(info.scope);
    const brands: string[] = brandsOf([...scopes, ...(info.brands ?? [])]);
    const chosen = this.tokens?.brand;
    return {
      userId: Number(info.user_id ?? 0),
      username: info.username ?? '',
      displayName: info.display_name ?? info.name ?? undefined,
      scope: info.scope ?? '',
      features: info.features ?? [],
      brand: chosen && brands.includes(chosen) ? chosen : info.brand && brands.includes(info.brand) ? info.brand : (brands[0] ?? ''),
      brands,
    };
  }

  private async store(t: TokenResponse | StoredSession): Promise<void> {
    const stored: StoredSession =
      'access_token' in t
        ? {
            accessToken: t.access_token,
            refreshToken: t.refresh_token,
            expiresAt: this.now() + t.expires_in * 1000,
            brand: (t as { brand?: string }).brand,
          }
        : t;
    await this.deps.vault.save(this.account, JSON.stringify(stored));
    const renewed = this.tokens?.accessToken !== stored.accessToken;
    this.tokens = stored;
    if (renewed) this.schedule();
  }

  private async clear(): Promise<void> {
    this.cancelTimer();
    this.tokens = null;
    this.user = null;
    this.endSessionId();
    await this.deps.vault.delete(this.account);
  }

  private restore(): Promise<void> {
    if (!this.restored) {
      this.restored = (async () => {
        const raw = await this.deps.vault.read(this.account);
        if (!raw) return;
        try {
          const parsed = JSON.parse(raw) as StoredSession;
          if (parsed.accessToken && parsed.refreshToken && !this.tokens) {
            this.tokens = parsed;
            this.sessionId = newSessionId();
            this.schedule();
          }
        } catch {
          await this.deps.vault.delete(this.account);
        }
      })().catch((err) => {
        this.restored = null;
        throw err;
      });
    }
    return this.restored;
  }

  /** Forgets the current session's id and tells the listeners it ended. */
  private endSessionId(): void {
    const ended = this.sessionId;
    this.sessionId = null;
    if (ended) for (const listener of this.endListeners) listener(ended);
  }

  private prunePending(): void {
    for (const [state, p] of this.pending) if (this.now() - p.createdAt > PENDING_TTL_MS) this.pending.delete(state);
  }
}

const newSessionId = () => randomBytes(16).toString('base64url');

function sessionEnded(): BridgeError {
  return new BridgeError({ code: 'session_ended', message: 'Your session has ended. Please sign in again.', status: 401 });
}

function notSignedIn(): BridgeError {
  return new BridgeError({ code: 'not_signed_in', message: NOT_SIGNED_IN, status: 401 });
}
