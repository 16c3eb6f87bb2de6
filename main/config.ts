import { homedir } from 'node:os';
import { join } from 'node:path';

/** Hosts the renderer may open with systemOpenExternal (https only). */
export const EXTERNAL_ALLOWLIST: readonly string[] = ['support.store-console.example', 'docs.store-console.example', 'storage.googleapis.com'];

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
