/**
 * The renderer's Content-Security-Policy, the same for app:// and the browser host.
 * Scripts only from the app itself (no inline, no eval); styles from the app, and
 * inline <style> only with this response's nonce: antd's CSS-in-JS injects <style> tags
 * and stamps them with the nonce the renderer reads from the page (renderer/lib/style-nonce.ts);
 * no 'unsafe-inline' anywhere. Data calls go through the bridge, so connect-src is the app
 * itself (plus the host's bridge socket); images and media may come from the API host
 * (cover art, previews).
 */
import { randomBytes } from 'node:crypto';

export interface CspOptions {
  /** The app's own origin (app://console, http://127.0.0.1:PORT). */
  self: string;
  /** The browser host's bridge WebSocket origin. */
  bridgeSocket?: string;
  apiUrl?: string;
  /** This response's nonce for inline <style> (see htmlWithCsp). */
  styleNonce?: string;
}

export function contentSecurityPolicy(opts: CspOptions): string {
  const api = opts.apiUrl ? ` ${new URL(opts.apiUrl).origin}` : '';
  return [
    `default-src 'self'`,
    `script-src 'self'`,
    `style-src 'self'${opts.styleNonce ? ` 'nonce-${opts.styleNonce}'` : ''}`,
    `img-src 'self' data: blob:${api}`,
    `media-src 'self' blob:${api}`,
    `font-src 'self' data:`,
    `connect-src 'self'${opts.bridgeSocket ? ` ${opts.bridgeSocket}` : ''}`,
    `object-src 'none'`,
    `base-uri 'none'`,
    `form-action 'none'`,
    `frame-src 'none'`,
    `frame-ancestors 'none'`,
    `worker-src 'self' blob:`,
  ].join('; ');
}

/** The page's nonce carrier, as Vite's html.cspNonce spells it (read as the element's `nonce` property). */
export const NONCE_META = 'csp-nonce';

/**
 * An HTML page with a fresh style nonce: the page gets `<meta property="csp-nonce" nonce="…">`
 * first in its head, and the CSP header allows inline <style> with that nonce only.
 */
export function htmlWithCsp(html: string, opts: Omit<CspOptions, 'styleNonce'>): { html: string; csp: string } {
  const nonce = randomBytes(18).toString('base64');
  const meta = `<meta property="${NONCE_META}" nonce="${nonce}">`;
  const head = /<head(\s[^>]*)?>/i.exec(html);
  return {
    html: head ? `${html.slice(0, head.index + head[0].length)}${meta}${html.slice(head.index + head[0].length)}` : `${meta}${html}`,
    csp: contentSecurityPolicy({ ...opts, styleNonce: nonce }),
  };
}
