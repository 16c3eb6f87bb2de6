import { realpath, stat } from 'node:fs/promises';
import { extname, isAbsolute, relative, resolve, sep } from 'node:path';

/**
 * Maps a URL pathname to a file inside `root`, or null when it would escape it.
 * Refuses: `..` segments (raw or percent-encoded, once or twice), backslashes,
 * NUL bytes, and symlinks whose real path leaves the root (realpath containment).
 * Used by the app:// protocol handler and by the browser host's static server.
 */
export async function resolveInside(root: string, urlPath: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\') || /%2e|%2f|%5c/i.test(decoded)) return null;
  const segments = decoded.split('/');
  if (segments.some((s) => s === '..' || s === '.')) return null;
  const realRoot = await realpath(root);
  const candidate = resolve(realRoot, `.${decoded.startsWith('/') ? decoded : `/${decoded}`}`);
  if (!contains(realRoot, candidate)) return null;
  let real: string;
  try {
    real = await realpath(candidate);
  } catch {
    return null;
  }
  if (!contains(realRoot, real)) return null;
  const info = await stat(real).catch(() => null);
  return info?.isFile() ? real : null;
}

function contains(root: string, p: string): boolean {
  const rel = relative(root, p);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
};

export function contentType(file: string): string {
  return TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** A request path that names a client route (no file extension) gets index.html. */
export function isClientRoute(urlPath: string): boolean {
  const last = urlPath.split('/').pop() ?? '';
  return !last.includes('.');
}
