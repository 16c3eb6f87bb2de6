import type { IncomingMessage } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import { WebSocketServer, type WebSocket } from 'ws';
import { BRIDGE_WS_PATH, WireCall, type WireFromMain } from '../../shared/bridge';
import { dispatch, type EventBus, type Handlers } from '../bridge';

export interface BridgeSocketOptions {
  handlers: Handlers;
  events: EventBus;
  /** The per-launch key the renderer must present (`?key=`). */
  key: string;
  /** The host's own origin; any other Origin header is refused. */
  origin: () => string;
}

/**
 * The browser host's bridge transport: a WebSocket on the host's own origin that
 * refuses the upgrade unless the Origin header is the host's and the launch key
 * matches; every call then goes through dispatch() (schema parse before any
 * handler). Events from the EventBus are pushed to every open socket.
 */
export function createBridgeSocket(opts: BridgeSocketOptions): { wss: WebSocketServer; verify: (req: IncomingMessage) => number } {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 8 * 1024 * 1024 });
  const expected = Buffer.from(opts.key);

  /** 0 when the upgrade may proceed, else the HTTP status to refuse it with. */
  const verify = (req: IncomingMessage): number => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname !== BRIDGE_WS_PATH) return 404;
    if (req.headers.origin !== opts.origin()) return 403;
    const given = Buffer.from(url.searchParams.get('key') ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 401;
    return 0;
  };

  const send = (ws: WebSocket, msg: WireFromMain) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(msg));
  };

  opts.events.subscribe((name, payload) => {
    for (const ws of wss.clients) send(ws, { t: 'event', name, payload });
  });

  wss.on('connection', (ws) => {
    ws.on('message', (data) => {
      let call: WireCall;
      try {
        const parsed = WireCall.safeParse(JSON.parse(String(data)));
        if (!parsed.success) return;
        call = parsed.data;
      } catch {
        return;
      }
      // dispatch answers every failure as a result: it does not reject.
      void dispatch(opts.handlers, call.channel, call.request, { transport: 'host', origin: opts.origin() }).then((result) =>
        send(ws, { t: 'result', id: call.id, result }),
      );
    });
  });

  return { wss, verify };
}
