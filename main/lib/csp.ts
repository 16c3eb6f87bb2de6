/**
 * The renderer's Content-Security-Policy, the same for app:// and the browser host.
 * Scripts only from the app itself (no inline, no eval); styles allow inline because
 * antd's CSS-in-JS injects <style> tags; data calls go through the bridge, so
 * connect-src is the app itself (plus the host's bridge socket); images and media
 * may come from the API host (cover art, previews).
 */
export function contentSecurityPolicy(opts: { self: string; bridgeSocket?: string; apiUrl?: string }): string {
  const api = opts.apiUrl ? ` ${new URL(opts.apiUrl).origin}` : '';
  return [
    `default-src 'self'`,
    `script-src 'self'`,
    `style-src 'self' 'unsafe-inline'`,
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
