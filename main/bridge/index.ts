/**
 * Main's bridge handlers, one map per area, combined into the single typed map both
 * transports (main/electron/ipc.ts, main/host/bridge-socket.ts) dispatch to.
 *
 * To add an area:
 *   1. declare its channels in shared/bridge/channels/<area>.ts and spread them into
 *      `channels` in shared/bridge/index.ts (events, if any, in shared/bridge/events.ts);
 *   2. write main/bridge/handlers/<area>.ts exporting
 *        export function <area>Handlers(s: MainServices): AreaHandlers<typeof <area>Channels>
 *      (if it needs a service of its own, add it to MainServices in main/services/index.ts);
 *   3. spread `...<area>Handlers(services)` into createHandlers below.
 * `createHandlers` returns `Handlers` (every ChannelName): a channel without a
 * handler, or a handler of the wrong shape, fails `tsc -b`.
 *
 * Handlers receive requests already parsed by the channel's zod schema and never see
 * a call from a foreign sender: dispatch() and the transports guarantee both.
 */
import type { MainServices } from '../services';
import { apiHandlers } from './handlers/api';
import { exportsHandlers } from './handlers/exports';
import { jobsHandlers } from './handlers/jobs';
import { mediaHandlers } from './handlers/media';
import { deliveryFilesHandlers } from './handlers/delivery-files';
import { packagingHandlers } from './handlers/packaging';
import { sessionHandlers } from './handlers/session';
import { settingsHandlers } from './handlers/settings';
import { systemHandlers } from './handlers/system';
import type { Handlers } from './types';

export function createHandlers(services: MainServices): Handlers {
  return {
    ...sessionHandlers(services),
    ...apiHandlers(services),
    ...settingsHandlers(services),
    ...systemHandlers(services),
    ...exportsHandlers(services),
    ...packagingHandlers(services),
    ...jobsHandlers(services),
    ...mediaHandlers(services),
    ...deliveryFilesHandlers(services),
  };
}

export { dispatch, toErrorShape } from './dispatch';
export { EventBus } from '../services/event-bus';
export type { AreaHandlers, CallContext, Handler, Handlers, HandlerMap } from './types';
