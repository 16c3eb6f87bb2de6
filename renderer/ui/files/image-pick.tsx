/**
 * Picking one file for main to read (an image, JPEG or PNG; a CSV file): the native dialog in the desktop app,
 * main's folder browser in the browser host. `pick()` opens whichever this transport has;
 * `browser` is the folder browser to render; the chosen path goes to `onPath`.
 */
import { useState, type ReactNode } from 'react';
import { FolderBrowser } from './FolderBrowser';
import { pickNative } from './pick';
import type { PickKind } from '../../../shared/bridge/channels/packaging';

/** Picking one file of a kind (`kind` for the native dialog, `show` for the folder browser), titled `title`. */
export function useFilePick(
  file: { kind: PickKind; show: 'images' | 'csv'; title: string },
  onPath: (path: string) => void,
): { pick: () => Promise<void>; browser: ReactNode } {
  const [browsing, setBrowsing] = useState(false);
  const pick = async () => {
    const paths = await pickNative(file.kind);
    if (paths === null) setBrowsing(true);
    else if (paths[0]) onPath(paths[0]);
  };
  const browser = (
    <FolderBrowser
      open={browsing}
      title={file.title}
      mode="file"
      show={file.show}
      kind={file.kind}
      onCancel={() => setBrowsing(false)}
      onPick={(p) => {
        setBrowsing(false);
        onPath(p);
      }}
    />
  );
  return { pick, browser };
}

export function useImagePick(title: string, onPath: (path: string) => void): { pick: () => Promise<void>; browser: ReactNode } {
  return useFilePick({ kind: 'coverArt', show: 'images', title }, onPath);
}
