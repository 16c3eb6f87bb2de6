/**
 * Picking one image (JPEG or PNG) for main to read: the native dialog in the desktop app,
 * main's folder browser in the browser host. `pick()` opens whichever this transport has;
 * `browser` is the folder browser to render; the chosen path goes to `onPath`.
 */
import { useState, type ReactNode } from 'react';
import { FolderBrowser } from './FolderBrowser';
import { pickNative } from './pick';

export function useImagePick(title: string, onPath: (path: string) => void): { pick: () => Promise<void>; browser: ReactNode } {
  const [browsing, setBrowsing] = useState(false);
  const pick = async () => {
    const paths = await pickNative('coverArt');
    if (paths === null) setBrowsing(true);
    else if (paths[0]) onPath(paths[0]);
  };
  const browser = (
    <FolderBrowser
      open={browsing}
      title={title}
      mode="file"
      show="images"
      kind="coverArt"
      onCancel={() => setBrowsing(false)}
      onPick={(p) => {
        setBrowsing(false);
        onPath(p);
      }}
    />
  );
  return { pick, browser };
}
