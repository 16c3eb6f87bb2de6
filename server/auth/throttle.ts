/**
 * Sign-in limits (issue 26): password attempts are counted in the database
 * (`sign_in_attempts`), so every API process on one database counts once, and an attempt
 * is reserved (counted as a failure) BEFORE its password is hashed, in one transaction
 * that locks the counters: parallel attempts cannot get past the limit.
 *
 * Two counts per attempt, each refusing on its own:
 * - per username AND client address (SIGN_IN_THROTTLE): after `freeFailures` failures
 *   within `windowMs` of each other, that address waits for this username, a wait that
 *   doubles with each further failure up to `maxDelayMs`. The attacker's address is
 *   locked; the user at another address is not.
 * - per username over all addresses (ACCOUNT_THROTTLE): a slow-down, short on purpose
 *   (at most `maxDelayMs`, a minute), so attempts from many addresses cannot lock a user
 *   out for longer than that after their last failure.
 * A success resets both. An unknown username is counted as a known one is. The services
 * (`idp` the sign-in form, `sftp` the drop server's passwords) count apart.
 * The per-address request caps are @fastify/rate-limit's (see idp.ts).
 */
import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import type { Db } from '../db/client';

export interface ThrottleOptions {
  /** Failures allowed before attempts are refused (SIGN_IN_THROTTLE.freeFailures). */
  freeFailures: number;
  /** Failures older than this (since the last one) are forgotten. */
  windowMs: number;
  /** The first refusal's wait; each further failure doubles it. */
  baseDelayMs: number;
  /** The longest wait. */
  maxDelayMs: number;
}

/**
 * Per username and client address (server/README.md "Signing in"): 5 failures within 15
 * minutes, then 30 s, doubling with each further failure up to 15 minutes.
 */
export const SIGN_IN_THROTTLE: ThrottleOptions = {
  freeFailures: 5,
  windowMs: 15 * 60_000,
  baseDelayMs: 30_000,
  maxDelayMs: 15 * 60_000,
};

/**
 * Per username over every address: 20 failures within 15 minutes (four addresses' worth),
 * then 15 s, doubling up to one minute at most: the longest anyone elsewhere can keep a
 * user out after their last failure.
 */
export const ACCOUNT_THROTTLE: ThrottleOptions = {
  freeFailures: 20,
  windowMs: 15 * 60_000,
  baseDelayMs: 15_000,
  maxDelayMs: 60_000,
};

/** Which password check is counted: the identity provider's sign-in form, or the SFTP drop server. */
export type SignInService = 'idp' | 'sftp';

/** The limits of one service; tests shorten them and bring their own clock. */
export interface LimitOptions {
  /** Per username and address (default SIGN_IN_THROTTLE). */
  throttle?: Partial<ThrottleOptions>;
  /** Per username, all addresses (default ACCOUNT_THROTTLE). */
  account?: Partial<ThrottleOptions>;
  /** The clock (default Date.now). */
  now?: () => number;
}

/** The username as counted: NFKC, lower case; a very long one by its SHA-256 (keys stay small). */
export function usernameKey(username: string): string {
  const k = username.normalize('NFKC').toLowerCase();
  return k.length <= 200 ? k : `sha256:${createHash('sha256').update(k).digest('base64url')}`;
}

/**
 * The address as counted: IPv4 as it is (an IPv4-mapped IPv6 address as its IPv4), IPv6
 * by its /64 (one host's usual allocation: its 2^64 addresses count as one).
 */
export function addressKey(address: string | undefined): string {
  const a = (address ?? '').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  if (isIPv4(a)) return a;
  if (!isIPv6(a)) return 'unknown';
  const [head, tail = ''] = a.toLowerCase().split('%')[0].split('::');
  const h = head ? head.split(':') : [];
  const t = a.includes('::') && tail ? tail.split(':') : [];
  const groups = a.includes('::') ? [...h, ...Array(8 - h.length - t.length).fill('0'), ...t] : h;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

interface Row {
  address: string;
  failures: number;
  last_failure_ms: number;
  blocked_until_ms: number;
}

/** The counters of one service, in the database. */
export class SignInLimiter {
  readonly pair: ThrottleOptions;
  readonly account: ThrottleOptions;
  private readonly now: () => number;

  constructor(
    private readonly db: Db,
    private readonly service: SignInService,
    options: LimitOptions = {},
  ) {
    this.pair = { ...SIGN_IN_THROTTLE, ...options.throttle };
    this.account = { ...ACCOUNT_THROTTLE, ...options.account };
    this.now = options.now ?? Date.now;
  }

  /**
   * Reserves one attempt for `username` from `address`: 0 when it may go on (it is already
   * counted as a failure; call `succeed` when the password was right), otherwise the
   * seconds to wait (nothing counted). Atomic: the two counters are locked (the account's
   * first, always in that order) while they are read and written.
   */
  async reserve(username: string, address: string | undefined): Promise<number> {
    const user = usernameKey(username);
    const addr = addressKey(address);
    for (let i = 0; ; i++) {
      const out = await this.db.transaction(async (tx) => {
        await tx.query(
          `insert into sign_in_attempts (service, username, address) values ($1, $2, ''), ($1, $2, $3) on conflict do nothing`,
          [this.service, user, addr],
        );
        const rows = await tx.query<Row>(
          `select address, failures, last_failure_ms, blocked_until_ms from sign_in_attempts
           where service = $1 and username = $2 and address in ('', $3) order by address for update`,
          [this.service, user, addr],
        );
        // A success deleted a row between the insert and the lock: start again.
        if (rows.length !== 2) return null;
        // The time once the counters are held (a wait for the lock does not age the answer).
        const now = this.now();
        const wait = Math.max(...rows.map((r) => Number(r.blocked_until_ms) - now));
        if (wait > 0) return Math.ceil(wait / 1000);
        for (const r of rows) {
          const o = r.address === '' ? this.account : this.pair;
          const failures = now - Number(r.last_failure_ms) < o.windowMs ? r.failures + 1 : 1;
          const over = failures - o.freeFailures;
          const delay = over >= 0 ? Math.min(o.maxDelayMs, o.baseDelayMs * 2 ** Math.min(over, 30)) : 0;
          await tx.query(
            `update sign_in_attempts set failures = $4, last_failure_ms = $5, blocked_until_ms = $6
             where service = $1 and username = $2 and address = $3`,
            [this.service, user, r.address, failures, now, delay ? now + delay : 0],
          );
        }
        return 0;
      });
      if (out !== null) return out;
      if (i >= 5) throw new Error('sign-in limits: the counters kept changing');
    }
  }

  /** Seconds `username` must wait at `address` before its next attempt (0: it may try now); reads only. */
  async retryAfter(username: string, address: string | undefined): Promise<number> {
    const rows = await this.db.query<Row>(
      `select blocked_until_ms from sign_in_attempts where service = $1 and username = $2 and address in ('', $3)`,
      [this.service, usernameKey(username), addressKey(address)],
    );
    const wait = Math.max(0, ...rows.map((r) => Number(r.blocked_until_ms) - this.now()));
    return Math.ceil(wait / 1000);
  }

  /** The password was right: both counts start afresh (one statement each: no lock held across them). */
  async succeed(username: string, address: string | undefined): Promise<void> {
    const user = usernameKey(username);
    await this.db.query(`delete from sign_in_attempts where service = $1 and username = $2 and address = ''`, [this.service, user]);
    await this.db.query(`delete from sign_in_attempts where service = $1 and username = $2 and address = $3`, [
      this.service,
      user,
      addressKey(address),
    ]);
  }

  /**
   * Deletes the counters (of every service: the identity provider purges for the drop
   * server too) past this limiter's windows that hold no wait; returns how many.
   */
  async purge(): Promise<number> {
    const now = this.now();
    const rows = await this.db.query<{ n: number }>(
      `with gone as (delete from sign_in_attempts where blocked_until_ms <= $1
         and last_failure_ms <= $1 - case when address = '' then $2::bigint else $3::bigint end returning 1)
       select count(*)::int as n from gone`,
      [now, this.account.windowMs, this.pair.windowMs],
    );
    return rows[0].n;
  }
}

/** A per-client-address request limit (counted by @fastify/rate-limit). */
export interface AddressLimit {
  max: number;
  windowMs: number;
}

/**
 * Sign-in form POSTs per client address, counted in each process (a flood guard).
 * Generous: the test suites sign many sandbox accounts in from 127.0.0.1 within seconds;
 * the SignInLimiter's counts are what stop password guessing, this stops one address
 * spraying many usernames.
 */
export const SIGN_IN_ADDRESS_LIMIT: AddressLimit = { max: 300, windowMs: 60_000 };
/** Token endpoint requests per client address (a sign-in is one; each refresh is one). */
export const TOKEN_ADDRESS_LIMIT: AddressLimit = { max: 600, windowMs: 60_000 };
/** How long a sign-in form (its anti-CSRF token) stays valid. */
export const SIGN_IN_FORM_TTL_MS = 30 * 60_000;
/** How often expired codes, tokens and idle sign-in counters are deleted (and once at start). */
export const PURGE_INTERVAL_MS = 10 * 60_000;

/** The identity provider's sign-in limits; tests shorten them and bring their own clock. */
export interface SignInOptions {
  /** Per username and address (default SIGN_IN_THROTTLE). */
  throttle?: Partial<ThrottleOptions>;
  /** Per username, all addresses (default ACCOUNT_THROTTLE). */
  account?: Partial<ThrottleOptions>;
  signInAddressLimit?: AddressLimit;
  tokenAddressLimit?: AddressLimit;
  formTtlMs?: number;
  purgeIntervalMs?: number;
  /** The clock of the sign-in limits and of the form tokens (default Date.now). */
  now?: () => number;
  /** The password check (default crypto.ts verifyPassword); tests count the calls. */
  verifyPassword?: (password: string, stored: string | null) => Promise<boolean>;
}
