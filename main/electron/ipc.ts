import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import { channelNames, type BridgeResult, type ChannelName } from '../../shared/bridge';
import { dispatch, type Handlers } from '../bridge';
import { APP_URL, IPC_PREFIX, isAppUrl } from './constants';

/**
 * The one way main registers a bridge channel on Electron's IPC: the sender must be
 * a frame of the app's own origin (app://console), else the call is refused before
 * anything else; then dispatch() parses the request with the channel's schema before
 * the handler runs. Answers the BridgeResult envelope (the preload passes it on and
 * renderer/lib/bridge.ts turns a failure into a BridgeError).
 */
export function handle(ipc: Pick<IpcMain, 'handle'>, name: ChannelName, handlers: Handlers): void {
  ipc.handle(`${IPC_PREFIX}${name}`, async (event: IpcMainInvokeEvent, request: unknown): Promise<BridgeResult> => {
    if (!isAllowedSender(event)) {
      return { ok: false, error: { code: 'forbidden_sender', message: 'Bridge calls are only accepted from the console itself.' } };
    }
    return dispatch(handlers, name, request, { transport: 'electron', origin: APP_URL });
  });
}

/** Registers every channel of shared/bridge through handle(). */
export function registerBridge(ipc: Pick<IpcMain, 'handle'>, handlers: Handlers): void {
  for (const name of channelNames) handle(ipc, name, handlers);
}

/** The sender guard: the calling frame (not just the window) is on app://console. */
export function isAllowedSender(event: Pick<IpcMainInvokeEvent, 'senderFrame'>): boolean {
  const frame = event.senderFrame;
  return frame !== null && frame !== undefined && isAppUrl(frame.url);
}
