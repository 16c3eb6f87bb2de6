/**
 * The preload: exposes window.storeConsole with one named function per bridge
 * channel (derived from shared/bridge, each invoking `bridge:<name>`) and one typed
 * event subscription. Never ipcRenderer itself, nothing untyped.
 */
import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron';
import {
  bridgeEvents,
  channelNames,
  IPC_EVENT_CHANNEL,
  IPC_PREFIX,
  PRELOAD_GLOBAL,
  type PreloadApi,
  type PreloadCalls,
} from '../shared/bridge';
import { PACKAGING_DROP_IPC } from '../shared/packaging/ipc';

export function buildPreloadApi(
  ipc: Pick<typeof ipcRenderer, 'invoke' | 'on' | 'removeListener'> & Partial<Pick<typeof ipcRenderer, 'send'>>,
  files?: Pick<typeof webUtils, 'getPathForFile'>,
): PreloadApi {
  const calls = Object.fromEntries(
    channelNames.map((name) => [name, (request: unknown) => ipc.invoke(`${IPC_PREFIX}${name}`, request ?? {})]),
  ) as PreloadCalls;
  return {
    calls,
    onEvent(name, listener) {
      if (!Object.prototype.hasOwnProperty.call(bridgeEvents, name)) throw new Error(`Unknown bridge event: ${String(name)}`);
      const forward = (_event: IpcRendererEvent, eventName: string, payload: unknown) => {
        if (eventName === name) listener(payload as Parameters<typeof listener>[0]);
      };
      ipc.on(IPC_EVENT_CHANNEL, forward);
      return () => {
        ipc.removeListener(IPC_EVENT_CHANNEL, forward);
      };
    },
    // A real drop's path is also told to main (privately, not as a bridge channel):
    // main reads only what the user picked or dropped.
    ...(files
      ? {
          getPathForFile: (file: object) => {
            const path = files.getPathForFile(file as Parameters<typeof webUtils.getPathForFile>[0]);
            if (path) ipc.send?.(PACKAGING_DROP_IPC, path);
            return path;
          },
        }
      : {}),
  };
}

contextBridge.exposeInMainWorld(PRELOAD_GLOBAL, buildPreloadApi(ipcRenderer, webUtils));
