import type { z } from 'zod';
import type { BridgeResult } from './define';
import type { BridgeEventName, BridgeEventPayload } from './events';
import { apiChannels } from './channels/api';
import { exportsChannels } from './channels/exports';
import { sessionChannels } from './channels/session';
import { settingsChannels } from './channels/settings';
import { systemChannels } from './channels/system';
import { packagingChannels } from './channels/packaging';
import { jobsChannels } from './channels/jobs';

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
