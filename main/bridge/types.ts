import type { z } from 'zod';
import type { ChannelName, ChannelResponse, Channels } from '../../shared/bridge';

/** Who is calling: which transport, and the origin it proved (app://console or the host's). */
export interface CallContext {
  readonly transport: 'electron' | 'host';
  readonly origin: string;
}

/** A handler gets the request already parsed by its channel's schema. */
export type Handler<N extends ChannelName> = (
  request: z.output<Channels[N]['request']>,
  ctx: CallContext,
) => Promise<ChannelResponse<N>> | ChannelResponse<N>;

/** Handlers for exactly the given channels (an area's map). */
export type HandlerMap<K extends ChannelName> = { [N in K]: Handler<N> };

/** Handlers for an area's channel object, e.g. `AreaHandlers<typeof sessionChannels>`. */
export type AreaHandlers<C> = HandlerMap<Extract<keyof C, ChannelName>>;

/** Every channel handled: a missing one is a compile error where this is built. */
export type Handlers = HandlerMap<ChannelName>;
