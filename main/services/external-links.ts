import { BridgeError } from '../../shared/bridge';

/**
 * The only URLs main opens in the system browser for the renderer: https, no
 * credentials, and a host on the allowlist (exact, or a subdomain of an entry).
 */
export function isAllowedExternalUrl(url: string, allowlist: readonly string[]): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  if (u.protocol !== 'https:' || u.username || u.password) return false;
  const host = u.hostname.toLowerCase();
  return allowlist.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}

export function assertAllowedExternalUrl(url: string, allowlist: readonly string[]): void {
  if (!isAllowedExternalUrl(url, allowlist)) {
    throw new BridgeError({ code: 'external_url_refused', message: 'This link cannot be opened: only https links to known sites are allowed.' });
  }
}
