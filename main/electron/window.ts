import type { BrowserWindow as BrowserWindowType, BrowserWindowConstructorOptions, WebPreferences } from 'electron';
import { BrowserWindow, dialog, shell } from 'electron';
import { isAllowedExternalUrl } from '../services/external-links';
import { APP_URL, isAppUrl } from './constants';

/** The only webPreferences a console window gets. */
export function secureWebPreferences(preload: string): WebPreferences {
  return {
    preload,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    experimentalFeatures: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
    spellcheck: false,
  };
}

export interface WindowOptions {
  preload: string;
  externalAllowlist: readonly string[];
  /** Where to start (default app://console/). */
  url?: string;
}

/**
 * The one window factory. Navigation stays on app://console; window.open and
 * off-origin navigation are denied, and https links on the allowlist go to the
 * system browser instead; webviews and permission requests are refused.
 */
export function createMainWindow(opts: WindowOptions): BrowserWindowType {
  const options: BrowserWindowConstructorOptions = {
    width: 1440,
    height: 900,
    minWidth: 360,
    minHeight: 480,
    show: false,
    title: 'Store Console',
    backgroundColor: '#f5f6fa',
    webPreferences: secureWebPreferences(opts.preload),
  };
  const win = new BrowserWindow(options);
  const contents = win.webContents;
  const openOutside = (url: string) => {
    if (isAllowedExternalUrl(url, opts.externalAllowlist)) void shell.openExternal(url);
  };

  contents.setWindowOpenHandler(({ url }) => {
    openOutside(url);
    return { action: 'deny' };
  });
  const guard = (event: { preventDefault(): void }, url: string) => {
    if (isAppUrl(url)) return;
    event.preventDefault();
    openOutside(url);
  };
  contents.on('will-navigate', guard);
  contents.on('will-redirect', guard);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  // A dirty form's beforeunload (closing the window or quitting): Electron shows no
  // prompt of its own, so ask here; "Leave" lets the unload go ahead.
  contents.on('will-prevent-unload', (event) => {
    const choice = dialog.showMessageBoxSync(win, {
      type: 'question',
      buttons: ['Leave', 'Stay'],
      defaultId: 1,
      cancelId: 1,
      title: 'Unsaved changes',
      message: 'Leave this page? Changes you made will not be saved.',
    });
    if (choice === 0) event.preventDefault();
  });
  contents.session.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  win.once('ready-to-show', () => win.show());
  void win.loadURL(opts.url ?? APP_URL);
  return win;
}
