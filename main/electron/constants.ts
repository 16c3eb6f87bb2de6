/** The renderer's own origin in Electron: app://console (a standard, secure scheme). */
export const APP_SCHEME = 'app';
export const APP_HOST = 'console';
export const APP_URL = `${APP_SCHEME}://${APP_HOST}/`;

/** True when a frame URL is the app's own origin (WHATWG gives custom schemes origin "null", so compare parts). */
export function isAppUrl(url: string | undefined | null): boolean {
  if (!url) return false;
  try {
    const u = new URL(url);
    return u.protocol === `${APP_SCHEME}:` && u.host === APP_HOST && !u.username && !u.password;
  } catch {
    return false;
  }
}

export { IPC_PREFIX } from '../../shared/bridge/transport';
