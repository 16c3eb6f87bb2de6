import { BrowserWindow, dialog, ipcMain, type OpenDialogOptions } from 'electron';
import { isAbsolute } from 'node:path';
import type { PickKind } from '../../shared/bridge/channels/packaging';
import { PACKAGING_DROP_IPC } from '../../shared/packaging/ipc';
import type { PackagingDialogs } from '../services/packaging/dialogs';
import { isAllowedSender } from './ipc';

const AUDIO = { name: 'Audio (WAV, FLAC, AIFF)', extensions: ['wav', 'flac', 'aif', 'aiff', 'aifc'] };
const IMAGES = { name: 'Images', extensions: ['jpg', 'jpeg', 'png'] };

const PICKS: Record<PickKind, OpenDialogOptions> = {
  audioFolder: { title: 'Choose the audio folder', properties: ['openDirectory'] },
  audioFiles: { title: 'Choose audio files', properties: ['openFile', 'multiSelections'], filters: [AUDIO] },
  coverArt: { title: 'Choose the cover art', properties: ['openFile'], filters: [IMAGES] },
  outputFolder: { title: 'Choose where to write the package', properties: ['openDirectory', 'createDirectory'] },
  csv: { title: 'Choose a CSV file', properties: ['openFile'], filters: [{ name: 'CSV', extensions: ['csv'] }] },
};

const focused = () => BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0];

/** Native pickers for the packaging wizard: main chooses the options, the renderer only the kind. */
export const electronPackagingDialogs: PackagingDialogs = {
  async pick(kind) {
    const win = focused();
    const result = win ? await dialog.showOpenDialog(win, PICKS[kind]) : await dialog.showOpenDialog(PICKS[kind]);
    return result.canceled ? [] : result.filePaths;
  },
  // The preload tells main the path of each real drop; only the console's own frame is heard.
  onDrop(listener) {
    ipcMain.on(PACKAGING_DROP_IPC, (event, path: unknown) => {
      if (!isAllowedSender(event) || typeof path !== 'string' || !isAbsolute(path) || path.length > 4096) return;
      listener(path);
    });
  },
};

/** Where a CSV export goes: the native save dialog (null when dismissed). */
export async function chooseExportTarget(suggestedName: string): Promise<string | null> {
  const options = { title: 'Save export', defaultPath: suggestedName, filters: [{ name: 'CSV', extensions: ['csv'] }] };
  const win = focused();
  const result = win ? await dialog.showSaveDialog(win, options) : await dialog.showSaveDialog(options);
  return result.canceled || !result.filePath ? null : result.filePath;
}

/** Where a file the user saves goes (a delivery's file): the native save dialog, its name suggested (null when dismissed). */
export async function chooseSaveTarget(suggestedName: string): Promise<string | null> {
  const options = { title: 'Save file', defaultPath: suggestedName };
  const win = focused();
  const result = win ? await dialog.showSaveDialog(win, options) : await dialog.showSaveDialog(options);
  return result.canceled || !result.filePath ? null : result.filePath;
}
