import { z } from 'zod';
import { BridgeResult } from './define';

/**
 * The browser host's WebSocket protocol (one JSON message per frame). Electron does
 * not use it: there each channel is an ipcMain.handle() of the same name.
 *
 *   renderer → main  {t:'call', id, channel, request}
 *   main → renderer  {t:'result', id, result: BridgeResult}
 *   main → renderer  {t:'event', name, payload}
 */
export const WireCall = z.object({
  t: z.literal('call'),
  id: z.number().int().nonnegative(),
  channel: z.string().max(128),
  request: z.unknown(),
});
export type WireCall = z.infer<typeof WireCall>;

export const WireResult = z.object({ t: z.literal('result'), id: z.number().int(), result: BridgeResult });
export const WireEvent = z.object({ t: z.literal('event'), name: z.string(), payload: z.unknown() });
export const WireFromMain = z.discriminatedUnion('t', [WireResult, WireEvent]);
export type WireFromMain = z.infer<typeof WireFromMain>;

export { BRIDGE_WS_PATH, IPC_EVENT_CHANNEL, IPC_PREFIX, LAUNCH_KEY_PARAM, MEDIA_PATH, PRELOAD_GLOBAL } from './transport';
