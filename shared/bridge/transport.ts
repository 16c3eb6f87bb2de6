/** Transport constants, free of zod (the renderer's first chunk imports them). */

/** Path of the bridge WebSocket on the host's own origin; the launch key goes in `?key=`. */
export const BRIDGE_WS_PATH = '/bridge';
/** The fragment parameter that carries the launch key in the printed URL. */
export const LAUNCH_KEY_PARAM = 'key';

/** IPC channel Electron's main uses to push bridge events to the renderer. */
export const IPC_EVENT_CHANNEL = 'bridge:event';

/** The name of the Electron preload's API on window (see PreloadApi). */
export const PRELOAD_GLOBAL = 'storeConsole';

/** Prefix of the per-channel IPC names in Electron (bridge:sessionStatus …). */
export const IPC_PREFIX = 'bridge:';

/**
 * Path prefix of main's media route on the app's own origin (the browser host's server,
 * Electron's app:// handler): `/media/<ticket>` streams what main fetched from the API
 * with the session's token, so <img> and <audio> play without the token leaving main.
 */
export const MEDIA_PATH = '/media/';
