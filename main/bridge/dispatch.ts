import { BridgeError, channels, isChannelName, type BridgeErrorShape, type BridgeResult } from '../../shared/bridge';
import type { CallContext, Handler, Handlers } from './types';

/**
 * The one path from a transport to a handler: the channel must exist, the request
 * must parse with its schema (a malformed one never reaches the handler), and
 * whatever the handler throws comes back as a BridgeError shape. Transports check
 * the sender (origin, launch key) before calling this.
 */
export async function dispatch(handlers: Handlers, channel: string, request: unknown, ctx: CallContext): Promise<BridgeResult> {
  if (!isChannelName(channel)) return fail({ code: 'unknown_channel', message: `Unknown bridge channel: ${channel.slice(0, 64)}` });
  const parsed = channels[channel].request.safeParse(request ?? {});
  if (!parsed.success) {
    return fail({
      code: 'invalid_request',
      message: `Invalid request for ${channel}`,
      detail: parsed.error.issues.map((i) => ({ path: i.path.map(String), message: i.message })),
    });
  }
  try {
    const handler = handlers[channel] as Handler<typeof channel>;
    const value = await handler(parsed.data as never, ctx);
    return { ok: true, value };
  } catch (err) {
    // A non-BridgeError is a bug in main: keep its stack where a developer looks (stderr).
    if (!(err instanceof BridgeError)) console.error(`bridge: ${channel} failed:`, err);
    return fail(toErrorShape(err));
  }
}

export function toErrorShape(err: unknown): BridgeErrorShape {
  if (err instanceof BridgeError) return err.toShape();
  const message = err instanceof Error ? err.message : String(err);
  return { code: 'internal', message };
}

function fail(error: BridgeErrorShape): BridgeResult {
  return { ok: false, error };
}
