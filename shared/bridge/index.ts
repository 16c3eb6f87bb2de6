import type { z } from 'zod';
import { BridgeError } from './error';
import { parseAnswer, type BridgeResult } from './define';
import { bridgeEvents, type BridgeEventName, type BridgeEventPayload } from './events';
import { apiChannels } from './channels/api';
import { exportsChannels } from './channels/exports';
import { sessionChannels } from './channels/session';
import { settingsChannels } from './channels/settings';
import { systemChannels } from './channels/system';
import { packagingChannels } from './channels/packaging';
import { jobsChannels } from './channels/jobs';
import { mediaChannels } from './channels/media';
import { deliveryFilesChannels } from './channels/delivery-files';

/**
 * The bridge: every channel between renderer and main, declared once. Add an area's
 * channels in channels/<area>.ts and spread them here; then give main a handler for
 * each (main/bridge/handlers/<area>.ts, see main/bridge/index.ts) or `tsc -b` fails.
 */
export const channels = {
  ...sessionChannels,
  ...apiChannels,
  ...settingsChannels,
  ...systemChannels,
  ...exportsChannels,
  ...packagingChannels,
  ...jobsChannels,
  ...mediaChannels,
  ...deliveryFilesChannels,
} as const;

export type Channels = typeof channels;
export type ChannelName = keyof Channels;
export type ChannelRequest<N extends ChannelName> = z.input<Channels[N]['request']>;
export type ChannelResponse<N extends ChannelName> = z.output<Channels[N]['response']>;

/** The renderer's view of the bridge: one named async function per channel. */
export type BridgeCalls = { [N in ChannelName]: (request: ChannelRequest<N>) => Promise<ChannelResponse<N>> };

export const channelNames = Object.keys(channels) as ChannelName[];

export * from './define';
export * from './events';
export * from './wire';

export function isChannelName(name: string): name is ChannelName {
  return Object.prototype.hasOwnProperty.call(channels, name);
}

/**
 * A channel's answer as the renderer receives it, parsed by the channel's response
 * schema (renderer/lib/bridge.ts, either transport). One that does not match fails
 * with a BridgeError `bad_response` naming the channel and the fields (parseAnswer).
 */
export function parseChannelAnswer<N extends ChannelName>(name: N, value: unknown): ChannelResponse<N> {
  if (!isChannelName(name)) throw new BridgeError({ code: 'unknown_channel', message: `Unknown bridge channel: ${String(name)}` });
  return parseAnswer(channels[name].response, `answer from main to ${name}`, value) as ChannelResponse<N>;
}

/** An event's payload parsed by its schema (shared/bridge/events.ts), failing like parseChannelAnswer. */
export function parseEventPayload<E extends BridgeEventName>(name: E, payload: unknown): BridgeEventPayload<E> {
  if (!Object.prototype.hasOwnProperty.call(bridgeEvents, name))
    throw new BridgeError({ code: 'unknown_event', message: `Unknown bridge event: ${String(name)}` });
  return parseAnswer(bridgeEvents[name], `payload of main's ${name} event`, payload) as BridgeEventPayload<E>;
}

/**
 * What the Electron preload exposes (window.storeConsole): one named function per
 * channel answering the transport envelope; renderer/lib/bridge.ts turns a failed
 * envelope into a thrown BridgeError (class instances do not cross contextBridge).
 */
export type PreloadCalls = { [N in ChannelName]: (request: ChannelRequest<N>) => Promise<BridgeResult> };
export interface PreloadApi {
  calls: PreloadCalls;
  /** Subscribes to one main → renderer event; returns the unsubscribe function. */
  onEvent<E extends BridgeEventName>(name: E, listener: (payload: BridgeEventPayload<E>) => void): () => void;
  /**
   * The local path of a file dropped on the window (Electron's webUtils), so main can
   * read it; the renderer never reads file contents. Absent in the browser host.
   */
  getPathForFile?: (file: object) => string;
}
