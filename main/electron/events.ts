import type { BrowserWindow } from 'electron';
import { IPC_EVENT_CHANNEL } from '../../shared/bridge';
import type { EventBus } from '../bridge';
import { isAppUrl } from './constants';

/** Main's bridge events go to every window showing the app's own origin, and nowhere else. */
export function forwardEventsToWindows(events: EventBus, windows: () => Pick<BrowserWindow, 'webContents'>[]): () => void {
  return events.subscribe((name, payload) => {
    for (const win of windows()) {
      if (isAppUrl(win.webContents.getURL())) win.webContents.send(IPC_EVENT_CHANNEL, name, payload);
    }
  });
}
