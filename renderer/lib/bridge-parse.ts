/**
 * The bridge's schemas for the renderer (zod): loaded by renderer/lib/bridge.ts on its
 * first call or subscription, so the first chunk stays free of zod. Answers are parsed
 * with their channel's response schema, event payloads with their event's schema
 * (shared/bridge). Parsing is one safeParse per message: apiRequest's answer schema
 * leaves the API's data to the declared endpoint (renderer/lib/api.ts), so it is cheap.
 */
import { parseChannelAnswer, parseEventPayload, type BridgeEventName, type BridgeEventPayload } from '../../shared/bridge';
import { reportError } from './report-error';

export { parseChannelAnswer };

/**
 * An event's payload parsed by its schema; one that does not match is not delivered
 * (null) and is reported (spec §7 error reporting) with the bad_response message.
 */
export function eventPayload<E extends BridgeEventName>(name: E, payload: unknown): BridgeEventPayload<E> | null {
  try {
    return parseEventPayload(name, payload);
  } catch (e) {
    reportError({ message: e instanceof Error ? e.message : String(e) });
    return null;
  }
}
