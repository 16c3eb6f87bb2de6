/** OAuth client facts shared by the console and the identity provider. */

/** The console's public client id (no secret; PKCE S256 required). */
export const CONSOLE_CLIENT_ID = 'store-console';

/**
 * Allowed redirect URIs (RFC 8252 §7.3 loopback): http://127.0.0.1:<port>/<path> or
 * http://[::1]:<port>/<path>, any port 1-65535 and path, nothing else (no localhost, no https,
 * no user info, no fragment).
 */
export function isAllowedRedirectUri(uri: string): boolean {
  // shared/ has no URL global in its lib: match the loopback shape directly (no control characters).
  // eslint-disable-next-line no-control-regex
  const m = /^http:\/\/(?:127\.0\.0\.1|\[::1\])(?::(\d{1,5}))?(?:\/[^#\s\x00-\x1f\x7f]*)?$/.exec(uri);
  if (!m) return false;
  // A port must be a TCP port (1-65535): 0 or 99999 are refused here, before anything is stored.
  return m[1] === undefined || (Number(m[1]) >= 1 && Number(m[1]) <= 65535);
}

/** The identity provider's paths, declared with its answers in endpoints/auth.ts. */
export { AUTH_PATHS } from './endpoints/auth';
