import type { z } from 'zod';
import { apiChannels } from './channels/api';
import { sessionChannels } from './channels/session';
import { settingsChannels } from './channels/settings';
import { systemChannels } from './channels/system';

/**
 * The bridge: every channel between renderer and main, declared once. Add an area's
 * channels in channels/<area>.ts and spread them here.
 */
export const channels = {
  ...sessionChannels,
  ...apiChannels,
  ...settingsChannels,
  ...systemChannels,
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
