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

const LOOPBACK = new Set(['127.0.0.1', '[::1]', 'localhost']);

/**
 * The one URL main opens in the system browser that is not on the allowlist: the
 * configured identity provider's authorize endpoint, for sign-in. Same origin as the
 * configured identity provider, which itself must be https, or http on a loopback
 * address (the embedded sandbox); no credentials.
 */
export function isIdentityProviderSignInUrl(url: string, idpUrl: string): boolean {
  let u: URL;
  let idp: URL;
  try {
    u = new URL(url);
    idp = new URL(idpUrl);
  } catch {
    return false;
  }
  const secure = idp.protocol === 'https:' || (idp.protocol === 'http:' && LOOPBACK.has(idp.hostname));
  return secure && !u.username && !u.password && u.origin === idp.origin && u.pathname === '/v4/auth/o/authorize/';
}

/** Opens the identity provider's sign-in page through `open`, refusing any other URL. */
export function openIdentityProviderSignIn(open: (url: string) => Promise<void>, idpUrl: string): (url: string) => Promise<void> {
  return async (url) => {
    if (!isIdentityProviderSignInUrl(url, idpUrl)) {
      throw new BridgeError({ code: 'external_url_refused', message: 'Sign-in can only open the configured identity provider.' });
    }
    await open(url);
  };
}
