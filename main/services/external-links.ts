import { BridgeError } from '../../shared/bridge';
import { AUTH_PATHS } from '../../shared/api/client';
import { isLoopbackHost } from '../config';

/**
 * The only URLs main opens in the system browser for the renderer: https on the default
 * port, no credentials, and an allowlist entry that matches exactly. An entry is a host
 * ('docs.store-console.example': that host only, no subdomain) or a host and a path prefix
 * ending in '/' ('storage.googleapis.com/store-console-deliveries/': that bucket only). The
 * path compared is the parsed one, with `..` and `%2e%2e` already resolved.
 */
export function isAllowedExternalUrl(url: string, allowlist: readonly string[]): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  if (u.protocol !== 'https:' || u.username || u.password || u.port) return false;
  return allowlist.some((entry) => {
    const slash = entry.indexOf('/');
    const host = slash < 0 ? entry : entry.slice(0, slash);
    const prefix = slash < 0 ? '/' : entry.slice(slash);
    return u.hostname === host.toLowerCase() && u.pathname.startsWith(prefix);
  });
}

export function assertAllowedExternalUrl(url: string, allowlist: readonly string[]): void {
  if (!isAllowedExternalUrl(url, allowlist)) {
    throw new BridgeError({
      code: 'external_url_refused',
      message: 'This link cannot be opened: only https links to known sites are allowed.',
    });
  }
}

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
  const secure = idp.protocol === 'https:' || (idp.protocol === 'http:' && isLoopbackHost(idp.hostname));
  return secure && !u.username && !u.password && u.origin === idp.origin && u.pathname === AUTH_PATHS.authorize;
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
