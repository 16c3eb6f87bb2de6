import { homedir } from 'node:os';
import { join } from 'node:path';
import { POLL_TIMEOUT_MS } from '../shared/constants';

/**
 * What the renderer may open with systemOpenExternal (https only, default port): exact
 * hosts, no subdomains; where one host serves many owners, the host and its owner's path
 * (cloud storage: the store's delivery bucket only, not any bucket). See isAllowedExternalUrl.
 */
export const EXTERNAL_ALLOWLIST: readonly string[] = [
  'support.store-console.example',
  'docs.store-console.example',
  'storage.googleapis.com/store-console-deliveries/',
];

/** What main's services need to know, read once at start from the environment. */
export interface MainConfig {
  /** The v4 API host, e.g. http://127.0.0.1:8400 (no trailing slash). */
  apiUrl: string;
  /** The identity provider host. */
  idpUrl: string;
  /** Where settings and the embedded sandbox's data live. */
  dataDir: string;
  environment: 'sandbox' | 'production';
  version: string;
  /** Sentry-compatible DSN for systemReportError; none means reporting is a no-op. */
  sentryDsn?: string;
  externalAllowlist: readonly string[];
  /**
   * The store's SFTP drop server, where "Deliver to the store" sends packages: the
   * sandbox's own (embedded API) or SFTP_URL (with SFTP_HOST_KEY pinned). None: delivery
   * is refused with a message saying so.
   */
  sftp?: SftpServer;
  /** How long main's job poller waits for a job (spec §4: 120 s, POLL_TIMEOUT_MS); see jobTimeoutMsFromEnv. */
  jobTimeoutMs?: number;
}

/** An SFTP server to deliver to: its host, port and (pinned) host key. */
export interface SftpServer {
  host: string;
  port: number;
  /** The server's host key, an OpenSSH public key line ("ssh-ed25519 AAAA…"): any other is refused. */
  hostKey?: string;
}

/**
 * The job poller's timeout, read once at start: POLL_TIMEOUT_MS (120 s, spec §4), unless
 * CONSOLE_JOB_TIMEOUT_MS gives a whole number of milliseconds from 1 to POLL_TIMEOUT_MS.
 * For tests only (the e2e shows "Request Timed Out" without waiting two minutes); it can
 * shorten the wait, never lengthen it. Any other value stops the start with a message.
 */
export function jobTimeoutMsFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const v = env.CONSOLE_JOB_TIMEOUT_MS;
  if (v === undefined || v === '') return POLL_TIMEOUT_MS;
  const ms = Number(v);
  if (!/^\d+$/.test(v) || ms < 1 || ms > POLL_TIMEOUT_MS) {
    throw new Error(
      `CONSOLE_JOB_TIMEOUT_MS must be a whole number of milliseconds from 1 to ${POLL_TIMEOUT_MS} (got ${JSON.stringify(v)}).`,
    );
  }
  return ms;
}

/**
 * The user's data folder: CONSOLE_DATA_DIR, else $XDG_DATA_HOME/store-console,
 * else ~/.local/share/store-console (Electron passes app.getPath('userData')).
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.CONSOLE_DATA_DIR) return env.CONSOLE_DATA_DIR;
  const base = env.XDG_DATA_HOME || join(homedir(), '.local', 'share');
  return join(base, 'store-console');
}

export function trimUrl(url: string): string {
  return url.replace(/\/+$/, '');
}

/** The URL of a host the sandbox API reported ready on: a port on 127.0.0.1, or a URL as given. */
export function urlOf(v: string | number): string {
  return typeof v === 'number' || /^\d+$/.test(v) ? `http://127.0.0.1:${v}` : trimUrl(String(v));
}

/** Hosts where plain http stays on this machine: 127.0.0.0/8, [::1] and localhost (as URL.hostname spells them). */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/**
 * An API or identity-provider URL from the environment, checked at start before anything
 * is sent to it: https, or plain http only on a loopback host, since the console sends
 * passwords and tokens there; no user name or password in it. Returns it without trailing
 * slashes; throws an Error whose message says what to change.
 */
export function checkHostUrl(name: 'API_URL' | 'IDP_URL', value: string): string {
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    throw new Error(`${name} is not a URL: "${value}". Give the host as https://host[:port].`);
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') throw new Error(`${name} must be an https URL, not ${u.protocol} ("${value}").`);
  if (u.username || u.password) throw new Error(`${name} must not contain a user name or password.`);
  if (u.protocol === 'http:' && !isLoopbackHost(u.hostname)) {
    throw new Error(
      `${name} must use https: ${value} would carry sign-in tokens in clear. ` +
        'Plain http is allowed only on this machine (127.0.0.0/8, [::1], localhost).',
    );
  }
  return trimUrl(value);
}

/**
 * The store's SFTP drop server from SFTP_URL (sftp://host[:port], port 22 by default)
 * and SFTP_HOST_KEY (its public host key line), checked at start: no user name or
 * password in the URL (main signs in with the supplier's key from the keychain), and a
 * host other than this machine must have its host key pinned, or a delivery could be
 * sent to whoever answers. Throws an Error whose message says what to change.
 */
export function checkSftpUrl(value: string, hostKey?: string): SftpServer {
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    throw new Error(`SFTP_URL is not a URL: "${value}". Give the server as sftp://host[:port].`);
  }
  if (u.protocol !== 'sftp:') throw new Error(`SFTP_URL must be an sftp:// URL, not ${u.protocol} ("${value}").`);
  if (u.username || u.password)
    throw new Error('SFTP_URL must not contain a user name or password: each supplier signs in with its own delivery key.');
  if (!u.hostname) throw new Error(`SFTP_URL has no host: "${value}".`);
  const key = hostKey?.trim() || undefined;
  if (key && !/^(ssh-ed25519|ecdsa-sha2-nistp(256|384|521)|ssh-rsa) [A-Za-z0-9+/]+=*( .*)?$/.test(key)) {
    throw new Error('SFTP_HOST_KEY must be the server\'s public host key line, e.g. "ssh-ed25519 AAAA…".');
  }
  if (!key && !isLoopbackHost(u.hostname)) {
    throw new Error(`SFTP_HOST_KEY is required with SFTP_URL ${value}: the server's host key is pinned so packages go only to the store.`);
  }
  return { host: u.hostname.replace(/^\[(.*)\]$/, '$1'), port: u.port ? Number(u.port) : 22, hostKey: key };
}
