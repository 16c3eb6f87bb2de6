/**
 * Sign-in throttling per username: failed attempts are counted per username (known or
 * not, so the answer never tells which accounts exist); after `freeFailures` failures
 * within `windowMs` every further attempt is refused until a delay has passed, a delay
 * that doubles with each further failure up to `maxDelayMs`. A success resets the count.
 * The per-address part is @fastify/rate-limit's (see idp.ts).
 */

export interface ThrottleOptions {
  /** Failures allowed before attempts are refused (SIGN_IN_THROTTLE.freeFailures). */
  freeFailures: number;
  /** Failures older than this (since the last one) are forgotten. */
  windowMs: number;
  /** The first refusal's wait; each further failure doubles it. */
  baseDelayMs: number;
  /** The longest wait. */
  maxDelayMs: number;
  /** Usernames tracked at most (the oldest is forgotten first). */
  maxTracked: number;
}

/** The limits the identity provider uses unless told otherwise (server/README.md "Signing in"). */
export const SIGN_IN_THROTTLE: ThrottleOptions = {
  freeFailures: 5,
  windowMs: 15 * 60_000,
  baseDelayMs: 30_000,
  maxDelayMs: 15 * 60_000,
  maxTracked: 10_000,
};

interface Entry {
  failures: number;
  lastFailure: number;
  blockedUntil: number;
}

export class LoginThrottle {
  private readonly entries = new Map<string, Entry>();
  readonly options: ThrottleOptions;

  constructor(
    options: Partial<ThrottleOptions> = {},
    private readonly now: () => number = Date.now,
  ) {
    this.options = { ...SIGN_IN_THROTTLE, ...options };
  }

  private static key(username: string): string {
    return username.normalize('NFKC').toLowerCase();
  }

  /** Seconds to wait before this username may try again, or 0 when it may try now. */
  retryAfter(username: string): number {
    const e = this.entries.get(LoginThrottle.key(username));
    const now = this.now();
    if (!e || e.blockedUntil <= now) return 0;
    return Math.ceil((e.blockedUntil - now) / 1000);
  }

  /** Counts a failed attempt; from the `freeFailures`-th on, the username waits. */
  fail(username: string): void {
    const key = LoginThrottle.key(username);
    const now = this.now();
    const o = this.options;
    const old = this.entries.get(key);
    const failures = old && now - old.lastFailure < o.windowMs ? old.failures + 1 : 1;
    const over = failures - o.freeFailures;
    const delay = over >= 0 ? Math.min(o.maxDelayMs, o.baseDelayMs * 2 ** Math.min(over, 30)) : 0;
    this.entries.delete(key); // re-inserted last: Map order is the eviction order
    this.entries.set(key, { failures, lastFailure: now, blockedUntil: delay ? now + delay : 0 });
    if (this.entries.size > o.maxTracked) this.purge();
    while (this.entries.size > o.maxTracked) this.entries.delete(this.entries.keys().next().value!);
  }

  /** A successful sign-in: the username starts afresh. */
  succeed(username: string): void {
    this.entries.delete(LoginThrottle.key(username));
  }

  /** Forgets usernames whose failures are past the window and that are not waiting. */
  purge(): number {
    const now = this.now();
    let n = 0;
    for (const [k, e] of this.entries) {
      if (now - e.lastFailure >= this.options.windowMs && e.blockedUntil <= now) {
        this.entries.delete(k);
        n++;
      }
    }
    return n;
  }

  get size(): number {
    return this.entries.size;
  }
}

/** A per-client-address request limit (counted by @fastify/rate-limit). */
export interface AddressLimit {
  max: number;
  windowMs: number;
}

/**
 * Sign-in form POSTs per client address. Generous: the test suites sign many sandbox
 * accounts in from 127.0.0.1 within seconds; the per-username throttle is what stops
 * password guessing, this stops one address spraying many usernames.
 */
export const SIGN_IN_ADDRESS_LIMIT: AddressLimit = { max: 300, windowMs: 60_000 };
/** Token endpoint requests per client address (a sign-in is one; each refresh is one). */
export const TOKEN_ADDRESS_LIMIT: AddressLimit = { max: 600, windowMs: 60_000 };
/** How long a sign-in form (its anti-CSRF token) stays valid. */
export const SIGN_IN_FORM_TTL_MS = 30 * 60_000;
/** How often expired codes, tokens and throttle entries are deleted (and once at start). */
export const PURGE_INTERVAL_MS = 10 * 60_000;

/** The identity provider's sign-in limits; tests shorten them and bring their own clock. */
export interface SignInOptions {
  throttle?: Partial<ThrottleOptions>;
  signInAddressLimit?: AddressLimit;
  tokenAddressLimit?: AddressLimit;
  formTtlMs?: number;
  purgeIntervalMs?: number;
  /** The clock of the per-username throttle and of the form tokens (default Date.now). */
  now?: () => number;
}
