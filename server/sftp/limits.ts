/**
 * The SFTP drop server's limits (issue 26), in one place; README "SFTP limits" lists them.
 * Each has an environment variable (read by sftpLimitsFromEnv) except the attempts per
 * connection, which is the protocol's own guard and not a deployment's choice.
 */

export interface SftpLimits {
  /** Connections open at once, in all (SFTP_MAX_CONNECTIONS); one past it is closed at once. */
  maxConnections: number;
  /** Connections open at once from one address (SFTP_MAX_CONNECTIONS_PER_ADDRESS; IPv6 by its /64). */
  maxConnectionsPerAddress: number;
  /** Time from the TCP connection to a completed sign-in (SFTP_AUTH_TIMEOUT_MS, at most MAX_AUTH_TIMEOUT_MS). */
  authTimeoutMs: number;
  /** Authentication attempts (any method but `none`) per connection, then it is closed. */
  maxAuthAttempts: number;
  /** The largest file one upload may write (SFTP_MAX_FILE_BYTES). */
  maxFileBytes: number;
  /** Bytes one supplier's drop folder may hold, uploads in progress included (SFTP_QUOTA_BYTES). */
  quotaBytes: number;
  /** Writes are refused when they would leave less than this free on the drop volume (SFTP_MIN_FREE_BYTES)… */
  minFreeBytes: number;
  /** …or less than this share of it (SFTP_MIN_FREE_PERCENT, given in percent). */
  minFreeFraction: number;
}

const GiB = 1024 ** 3;

/** The longest pre-authentication time limit accepted (issue 26: at most 30 s). */
export const MAX_AUTH_TIMEOUT_MS = 30_000;

/** The defaults. */
export const SFTP_LIMITS: Readonly<SftpLimits> = Object.freeze({
  maxConnections: 200,
  maxConnectionsPerAddress: 10,
  authTimeoutMs: 20_000,
  maxAuthAttempts: 6,
  maxFileBytes: 2 * GiB,
  quotaBytes: 20 * GiB,
  minFreeBytes: 1 * GiB,
  minFreeFraction: 0.05,
});

/** Authentication attempts (any method but `none`) one connection may make before it is closed. */
export const MAX_AUTH_ATTEMPTS = SFTP_LIMITS.maxAuthAttempts;

/** The environment variable of each limit that has one. */
export const SFTP_LIMIT_ENV = {
  maxConnections: 'SFTP_MAX_CONNECTIONS',
  maxConnectionsPerAddress: 'SFTP_MAX_CONNECTIONS_PER_ADDRESS',
  authTimeoutMs: 'SFTP_AUTH_TIMEOUT_MS',
  maxFileBytes: 'SFTP_MAX_FILE_BYTES',
  quotaBytes: 'SFTP_QUOTA_BYTES',
  minFreeBytes: 'SFTP_MIN_FREE_BYTES',
  minFreeFraction: 'SFTP_MIN_FREE_PERCENT',
} as const satisfies Partial<Record<keyof SftpLimits, string>>;

/**
 * The limits the environment sets (unset or empty: the default). A value that is not a
 * whole number ≥ 1 (a percentage from 0 to 100; a time limit up to MAX_AUTH_TIMEOUT_MS)
 * throws, naming the variable: a typo never silently lifts a limit.
 */
export function sftpLimitsFromEnv(env: NodeJS.ProcessEnv = process.env): SftpLimits {
  const out: SftpLimits = { ...SFTP_LIMITS };
  for (const [key, name] of Object.entries(SFTP_LIMIT_ENV) as [keyof typeof SFTP_LIMIT_ENV, string][]) {
    const raw = env[name];
    if (raw === undefined || raw === '') continue;
    const n = /^[0-9]{1,16}(\.[0-9]+)?$/.test(raw) ? Number(raw) : NaN;
    if (key === 'minFreeFraction') {
      if (!(n >= 0 && n <= 100)) throw new Error(`${name} must be a percentage from 0 to 100. Got ${JSON.stringify(raw)}.`);
      out.minFreeFraction = n / 100;
      continue;
    }
    if (!(Number.isInteger(n) && n >= 1)) throw new Error(`${name} must be a whole number of at least 1. Got ${JSON.stringify(raw)}.`);
    if (key === 'authTimeoutMs' && n > MAX_AUTH_TIMEOUT_MS)
      throw new Error(`${name} must be at most ${MAX_AUTH_TIMEOUT_MS} (ms). Got ${JSON.stringify(raw)}.`);
    out[key] = n;
  }
  return out;
}

/** Free and total bytes of the volume holding a folder. */
export interface DiskSpace {
  free: number;
  total: number;
}

/** The drop volume's space, by fs.statfs (what an unprivileged process may still use). */
export type FreeSpaceProbe = (dir: string) => Promise<DiskSpace>;
