/**
 * Electron main: the thin wiring around main's services. Everything that does not
 * need Electron lives in main/services and main/bridge and is tested in Node; this
 * file only connects app lifecycle, the app:// protocol, IPC, the window, the
 * keychain vault, electron-store and the sandbox utility process.
 */
import { app, BrowserWindow, ipcMain, Notification, protocol, shell } from 'electron';
import { join } from 'node:path';
import { createHandlers } from '../bridge';
import { checkHostUrl, checkSftpUrl, EXTERNAL_ALLOWLIST, jobTimeoutMsFromEnv, trimUrl, type MainConfig, type SftpServer } from '../config';
import { createServices, type MainServices } from '../services';
import { signInWithLoopback } from '../services/loopback-sign-in';
import { openIdentityProviderSignIn } from '../services/external-links';
import { createKeychainVault } from '../services/token-vault';
import { chooseExportTarget, chooseSaveTarget, electronPackagingDialogs } from './dialogs';
import { startUtilityApi } from './embedded-api';
import { forwardEventsToWindows } from './events';
import { electronExportNotify } from './notify';
import { registerBridge } from './ipc';
import { registerAppProtocol, registerAppScheme } from './protocol';
import { createElectronStoreBackend } from './settings-store';
import { createMainWindow } from './window';
import { JS_FLAGS } from '../../scripts/node-flags.mjs';

// dist/main/electron.cjs → dist/
const distDir = join(__dirname, '..');

registerAppScheme(protocol);
if (!app.requestSingleInstanceLock()) app.quit();

// The project's V8 flags for the renderers, which take --js-flags from main's command line
// (after any given there). Main's own V8 exists by now: it has them only from its command
// line (npm start passes them); the sandbox API's utility process gets them in embedded-api.ts.
app.commandLine.appendSwitch('js-flags', [app.commandLine.getSwitchValue('js-flags'), JS_FLAGS].filter(Boolean).join(' '));

let stopApi: (() => void) | null = null;
let services: MainServices | null = null;

async function start(): Promise<void> {
  const dataDir = process.env.CONSOLE_DATA_DIR || app.getPath('userData');
  // Refused before anything starts: tokens must not travel in clear (https, or http on loopback).
  let apiUrl = process.env.API_URL ? checkHostUrl('API_URL', process.env.API_URL) : undefined;
  let idpUrl = process.env.IDP_URL ? checkHostUrl('IDP_URL', process.env.IDP_URL) : apiUrl;
  // The store's SFTP drop server for "Deliver to the store": SFTP_URL, or the sandbox's own.
  let sftp: SftpServer | undefined = process.env.SFTP_URL ? checkSftpUrl(process.env.SFTP_URL, process.env.SFTP_HOST_KEY) : undefined;
  if (!apiUrl) {
    const api = await startUtilityApi(join(distDir, 'main', 'api-child.mjs'), join(dataDir, 'sandbox'));
    stopApi = api.stop;
    apiUrl = api.apiUrl;
    idpUrl = api.idpUrl;
    if (api.sftpUrl) sftp = checkSftpUrl(api.sftpUrl, api.sftpHostKey ?? undefined);
  }
  const config: MainConfig = {
    apiUrl: trimUrl(apiUrl),
    idpUrl: trimUrl(idpUrl!),
    dataDir,
    environment: stopApi ? 'sandbox' : 'production',
    version: app.getVersion(),
    sentryDsn: process.env.SENTRY_DSN || undefined,
    externalAllowlist: EXTERNAL_ALLOWLIST,
    sftp,
    jobTimeoutMs: jobTimeoutMsFromEnv(process.env),
  };
  services = createServices(config, {
    transport: 'electron',
    vault: createKeychainVault(),
    settings: await createElectronStoreBackend(),
    openExternal: (url) => shell.openExternal(url),
    // The identity provider's URL comes from config, not from the renderer; only its authorize page may open.
    signIn: async (session) => ({
      mode: 'done',
      user: await signInWithLoopback(
        session,
        openIdentityProviderSignIn((url) => shell.openExternal(url), config.idpUrl),
      ),
    }),
    chooseExportTarget,
    chooseSaveTarget,
    openPath: (path) => shell.openPath(path),
    showItemInFolder: (path) => shell.showItemInFolder(path),
    notify: electronExportNotify(Notification, shell),
    packagingDialogs: electronPackagingDialogs,
  });
  registerAppProtocol(protocol, join(distDir, 'renderer'), { apiUrl: config.apiUrl, media: services.media });
  registerBridge(ipcMain, createHandlers(services));
  forwardEventsToWindows(services.events, () => BrowserWindow.getAllWindows());

  const open = () => createMainWindow({ preload: join(distDir, 'main', 'preload.cjs'), externalAllowlist: config.externalAllowlist });
  open();
  console.log('Console ready: Electron window opened');
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) open();
  });
  app.on('second-instance', () => {
    const [win] = BrowserWindow.getAllWindows();
    if (win) {
      if (win.isMinimized()) win.restore();
      win.focus();
    }
  });
}

app.on('web-contents-created', (_event, contents) => {
  // No window, webview or navigation escapes the app's own origin, whoever creates it.
  contents.on('will-attach-webview', (e) => e.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
});
app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});
// Quitting stops what main still runs for the renderer: exports being written (their
// partial files are removed) and job waits, before the sandbox API goes away. Only on
// will-quit, once every window has closed: before-quit comes before a dirty form's
// "Leave / Stay" prompt, and choosing Stay cancels the quit with the work still running.
app.on('will-quit', () => {
  services?.exports.service.cancelAll();
  services?.jobs.cancelAll();
  stopApi?.();
});

app
  .whenReady()
  .then(start)
  .catch((err) => {
    console.error(`Console failed to start: ${err instanceof Error ? err.message : String(err)}`);
    app.exit(1);
  });
