import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Protocol } from 'electron';
import { htmlWithCsp } from '../lib/csp';
import { MediaService } from '../services/media';
import { contentType, isClientRoute, resolveInside } from '../lib/safe-path';
import { APP_HOST, APP_SCHEME } from './constants';

/** Must run before app 'ready': app:// is standard (relative URLs, origin) and secure. */
export function registerAppScheme(protocol: Pick<Protocol, 'registerSchemesAsPrivileged'>): void {
  // stream: <audio> previews from the media route (MEDIA_PATH) seek with Range requests.
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } },
  ]);
}

/**
 * Serves dist/renderer on app://console/. Refuses other hosts, `..` (raw or
 * encoded) and symlinks leading out of the folder (realpath containment, shared
 * with the browser host); client routes fall back to index.html; HTML carries the CSP
 * and its style nonce.
 */
export interface AppProtocolOptions {
  apiUrl?: string;
  /** Answers MEDIA_PATH requests (main/services/media.ts): images and previews fetched with the token in main. */
  media?: Pick<MediaService, 'serve'>;
}

export function createAppProtocolHandler(rendererDir: string, opts: AppProtocolOptions = {}): (request: Request) => Promise<Response> {
  const cspOptions = { self: `${APP_SCHEME}://${APP_HOST}`, apiUrl: opts.apiUrl };
  return async (request) => {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return new Response('Bad request', { status: 400 });
    }
    if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST || request.method !== 'GET')
      return new Response('Not found', { status: 404 });
    // Look at the raw path too: URL parsing already folds `..` and `%2e%2e` segments.
    const rawPath = request.url.slice(request.url.indexOf(APP_HOST) + APP_HOST.length).split(/[?#]/)[0] || '/';
    if (/(^|\/)(\.|%2e){2}(\/|$)/i.test(rawPath) || /%2f|%5c|\\/i.test(rawPath)) return new Response('Not found', { status: 404 });
    const path = url.pathname;
    if (opts.media && MediaService.owns(path)) return opts.media.serve(path, request.headers.get('range'));
    let file = path === '/' ? join(rendererDir, 'index.html') : await resolveInside(rendererDir, path);
    if (!file && isClientRoute(path)) file = join(rendererDir, 'index.html');
    if (!file) return new Response('Not found', { status: 404 });
    const headers: Record<string, string> = { 'content-type': contentType(file), 'x-content-type-options': 'nosniff' };
    if (file.endsWith('.html')) {
      // Each page gets its own style nonce, in its CSP header and in the page (main/lib/csp.ts).
      const page = htmlWithCsp(await readFile(file, 'utf8'), cspOptions);
      headers['content-security-policy'] = page.csp;
      return new Response(page.html, { status: 200, headers });
    }
    return new Response(new Uint8Array(await readFile(file)), { status: 200, headers });
  };
}

export function registerAppProtocol(protocol: Pick<Protocol, 'handle'>, rendererDir: string, opts: AppProtocolOptions = {}): void {
  protocol.handle(APP_SCHEME, createAppProtocolHandler(rendererDir, opts));
}
