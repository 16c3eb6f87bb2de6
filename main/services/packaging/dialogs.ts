import type { PickKind } from '../../../shared/bridge/channels/packaging';

/**
 * Native pickers, given by the Electron transport (main/electron). The browser host
 * has none: the renderer then uses the folder browser served over the bridge.
 */
export interface PackagingDialogs {
  /** Answers the chosen absolute paths, or [] when the user dismissed the dialog. */
  pick(kind: PickKind): Promise<string[]>;
  /**
   * Registers who hears about files dropped on the window, as the preload resolved
   * them (webUtils.getPathForFile of a real drop): those paths become readable too.
   */
  onDrop?(listener: (path: string) => void): void;
}
