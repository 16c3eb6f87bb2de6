/** OAuth client facts shared by the console and the identity provider. */

/** The console's public client id (no secret; PKCE S256 required). */
export const CONSOLE_CLIENT_ID = 'store-console';

/**
 * Allowed redirect URIs (RFC 8252 §7.3 loopback): http://127.0.0.1:<port>/<path> or
 * http://[::1]:<port>/<path>, any port and path, nothing else (no localhost, no https,
 * no user info, no fragment).
 */
export function isAllowedRedirectUri(uri: string): boolean {
  // shared/ has no URL global in its lib: match the loopback shape directly.
  return /^http:\/\/(127\.0\.0\.1|\[::1\])(:\d{1,5})?(\/[^#\s]*)?$/.test(uri);
}

/** The identity provider's paths, declared with its answers in endpoints/auth.ts. */
export { AUTH_PATHS } from './endpoints/auth';
