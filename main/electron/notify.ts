import type { Notification as ElectronNotification, Shell } from 'electron';
import type { ExportNotify } from '../services/exports';

type NotificationClass = Pick<typeof ElectronNotification, 'isSupported'> &
  (new (options: { title: string; body: string }) => Pick<ElectronNotification, 'on' | 'show'>);

/** The OS notification of an ended export (Electron's Notification); a click shows the file in its folder. */
export function electronExportNotify(Notification: NotificationClass, shell: Pick<Shell, 'showItemInFolder'>): ExportNotify {
  return (notice, path) => {
    if (!Notification.isSupported()) return;
    const n = new Notification(notice);
    n.on('click', () => shell.showItemInFolder(path));
    n.show();
  };
}
