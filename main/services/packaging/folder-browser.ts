/**
 * The browser host's stand-in for native dialogs: lists one folder at a time, only
 * inside the allowed roots (the user's home by default), never following a link
 * out of them. Hidden entries are left out of the listing.
 */
import { readdir, realpath, stat } from 'node:fs/promises';
import { dirname, extname, join } from 'node:path';
import type { BrowseListing } from '../../../shared/bridge/channels/packaging';
import { isInside, OutsideRootError } from './containment';

const IMAGE_EXTENSIONS = new Set(['.jpg', '.jpeg', '.png']);

export async function browse(
  realRoots: readonly string[],
  path: string | undefined,
  show: 'folders' | 'audio' | 'images' | 'csv',
): Promise<BrowseListing> {
  if (!realRoots.length) throw new OutsideRootError(path ?? '');
  const real = await realpath(path ?? realRoots[0]);
  const root = realRoots.find((r) => isInside(r, real));
  if (!root) throw new OutsideRootError(path ?? '');
  if (!(await stat(real)).isDirectory()) throw new Error('Not a folder');
  const entries: BrowseListing['entries'] = [];
  for (const d of await readdir(real, { withFileTypes: true })) {
    if (d.name.startsWith('.')) continue;
    const full = join(real, d.name);
    let target: string;
    try {
      target = await realpath(full);
    } catch {
      continue;
    }
    if (!isInside(root, target)) continue;
    const st = await stat(target).catch(() => null);
    if (!st) continue;
    if (st.isDirectory()) entries.push({ name: d.name, path: full, kind: 'folder' });
    else if (st.isFile()) {
      const ext = extname(d.name).toLowerCase();
      const wanted = show === 'audio' ? true : show === 'images' ? IMAGE_EXTENSIONS.has(ext) : show === 'csv' ? ext === '.csv' : false;
      if (wanted) entries.push({ name: d.name, path: full, kind: 'file', size: st.size });
    }
  }
  entries.sort((a, b) => (a.kind === b.kind ? a.name.localeCompare(b.name) : a.kind === 'folder' ? -1 : 1));
  return { path: real, parent: real === root ? null : dirname(real), roots: [...realRoots], entries };
}
