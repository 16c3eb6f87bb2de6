/**
 * The bridge's schemas for the renderer (zod): loaded by renderer/lib/bridge.ts on its
 * first call or subscription, so the first chunk stays free of zod. Answers are parsed
 * with their channel's response schema, event payloads with their event's schema
 * (shared/bridge). Parsing is one safeParse per message: apiRequest's answer schema
 * leaves the API's data to the declared endpoint (renderer/lib/api.ts), so it is cheap.
 */
import { parseChannelAnswer, parseEventPayload, type BridgeEventName, type BridgeEventPayload } from '../../shared/bridge';

export { parseChannelAnswer };

/**
 * An event's payload parsed by its schema, or why it does not match (the bad_response
 * message): the bridge then does not deliver it, and reports it (spec §7 error reporting).
 */
export function eventPayload<E extends BridgeEventName>(
  name: E,
  payload: unknown,
): { ok: true; payload: BridgeEventPayload<E> } | { ok: false; message: string } {
  try {
    return { ok: true, payload: parseEventPayload(name, payload) };
  } catch (e) {
    return { ok: false, message: e instanceof Error ? e.message : String(e) };
  }
}
