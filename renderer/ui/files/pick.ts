/**
 * Paths for picked and dropped files. Native dialogs answer in Electron; in the
 * browser host the caller opens FolderBrowser instead. A dropped File resolves to
 * its path in Electron's preload (webUtils.getPathForFile): the renderer never reads
 * its contents. In a plain browser a drop has no path, so it cannot be used.
 */
import type { PickKind } from '../../../shared/bridge/channels/packaging';
import { bridge } from '../../lib/bridge';

/** Native paths, or null when this transport has no native dialog. */
export async function pickNative(kind: PickKind): Promise<string[] | null> {
  const r = await bridge.packagingPick({ kind });
  return r.native ? r.paths : null;
}

type PathResolver = (file: File) => string;

export function droppedPath(file: File): string | null {
  const api = (window as unknown as { storeConsole?: { getPathForFile?: PathResolver } }).storeConsole;
  const path = api?.getPathForFile?.(file);
  return path || null;
}

export const DROP_NEEDS_APP = 'Dropped files can only be read in the desktop app: use Browse to pick them here.';
