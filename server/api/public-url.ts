/**
 * The API's public origin, for the links it writes into answers (the list envelope's
 * `next` and `previous`): the configured one (PUBLIC_URL) or the address the API listens
 * on, never the request's Host header (issue 26: `Host: evil.example` came back in
 * `next`), nor the scheme or host of an absolute request target.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** The origin (and any path prefix, no trailing slash) the API's links start with. */
    publicUrl(): string;
  }
}

/** The first address `app` listens on, as an http origin; null before it listens (inject-only apps). */
function listeningOrigin(app: FastifyInstance): string | null {
  const [a] = app.addresses();
  if (!a || typeof a === 'string') return null;
  const host = a.family === 'IPv6' ? `[${a.address}]` : a.address;
  return `http://${host}:${a.port}`;
}

/** Gives `app` (and every scope in it) its publicUrl(): `configured()` when it says one, else the listening address. */
export function installPublicUrl(app: FastifyInstance, configured: () => string | undefined = () => undefined): void {
  app.decorate('publicUrl', () => (configured() ?? listeningOrigin(app) ?? 'http://127.0.0.1').replace(/\/+$/, ''));
}

/** The absolute URL of the requested path on the public origin (the request's query left off). */
export function publicLinkBase(req: FastifyRequest): string {
  return `${req.server.publicUrl()}${new URL(req.url, 'http://x').pathname}`;
}

/** The absolute URL of `path` (an API path) on the public origin. */
export function publicUrlOf(req: FastifyRequest, path: string): string {
  return `${req.server.publicUrl()}${path}`;
}

/**
 * A configured public origin (PUBLIC_URL, IDP_PUBLIC_URL): an http(s) URL with no query,
 * fragment or credentials, kept without a trailing slash (a path prefix stays); unset or
 * empty is undefined; anything else throws, so a bad value stops the start instead of
 * going into links.
 */
export function parsePublicUrl(name: string, value: string | undefined): string | undefined {
  if (!value) return undefined;
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {
    /* said below */
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash || url.username || url.password) {
    throw new Error(`${name} must be an http:// or https:// URL without a query or credentials (it is ${JSON.stringify(value)}).`);
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}
