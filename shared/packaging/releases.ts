/**
 * The releases a scan found. A package holds one release, so when the files of one scan
 * come from more than one release the wizard says so and the supplier chooses which to
 * package (or keeps them as one: the untagged discs of one release). A file's release is
 * its album tag; an untagged file belongs to the album its folder's tagged files share,
 * else to its folder.
 */
import type { ScanEntry } from './model';

export interface ReleaseGroup {
  /** Stable within one scan: 'album:<tag>' or 'folder:<path>'. */
  key: string;
  /** The album tag, or the folder's name. */
  name: string;
  /** The folder the group's first file is in. */
  folder: string;
  /** The files' real paths, in path order. */
  paths: string[];
}

const folderOf = (path: string) => path.replace(/[\\/][^\\/]*$/, '') || path;
const baseName = (path: string) => path.split(/[\\/]/).filter(Boolean).at(-1) ?? path;
const albumKey = (album: string) => album.trim().replace(/\s+/g, ' ').toLowerCase();

/** The releases among the usable files (status ok) of a scan, in the order first found by path. */
export function releaseGroups(entries: readonly ScanEntry[]): ReleaseGroup[] {
  const ok = entries.filter((e) => e.status === 'ok').sort((a, b) => a.path.localeCompare(b.path));
  /** Per folder, the albums its tagged files name. */
  const folderAlbums = new Map<string, Map<string, string>>();
  for (const e of ok) {
    const album = e.tags?.album?.trim();
    if (!album) continue;
    const f = folderOf(e.path);
    const m = folderAlbums.get(f) ?? new Map<string, string>();
    m.set(albumKey(album), album);
    folderAlbums.set(f, m);
  }
  const groups = new Map<string, ReleaseGroup>();
  for (const e of ok) {
    const folder = folderOf(e.path);
    let album = e.tags?.album?.trim();
    const shared = folderAlbums.get(folder);
    if (!album && shared?.size === 1) album = [...shared.values()][0];
    const key = album ? `album:${albumKey(album)}` : `folder:${folder}`;
    const g = groups.get(key) ?? { key, name: album ?? baseName(folder), folder, paths: [] };
    g.paths.push(e.path);
    groups.set(key, g);
  }
  return [...groups.values()];
}
