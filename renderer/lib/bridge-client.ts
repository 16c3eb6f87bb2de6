/**
 * The browser host's bridge client over a WebSocket (the Electron preload needs
 * none of this). Kept free of DOM globals other than what is passed in, so it can
 * be tested in Node against the real host. Imports no zod: this is in the first chunk.
 * It hands answers and event payloads over as they came; renderer/lib/bridge.ts parses
 * them with their schemas (for this transport and the preload's alike).
 */
import { BridgeError, answerValue, type BridgeAnswer } from '../../shared/bridge/error';
import type { BridgeEventName, BridgeEventPayload } from '../../shared/bridge/events';

type Listener = (payload: unknown) => void;

export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(): void;
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
}

export interface SocketClientOptions {
  /** ws://127.0.0.1:PORT/bridge?key=… or null when this tab has no launch key. */
  url: string | null;
  createSocket: (url: string) => SocketLike;
}

export interface SocketClient {
  call(channel: string, request: unknown): Promise<unknown>;
  on<E extends BridgeEventName>(name: E, listener: (payload: BridgeEventPayload<E>) => void): () => void;
  close(): void;
}

const OPEN = 1;

export function createSocketClient(opts: SocketClientOptions): SocketClient {
  let socket: SocketLike | null = null;
  let opened: Promise<SocketLike> | null = null;
  let nextId = 1;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: BridgeError) => void }>();
  const listeners = new Map<string, Set<Listener>>();
  let closedByUser = false;
  let retry: ReturnType<typeof setTimeout> | null = null;

  const connect = (): Promise<SocketLike> => {
    if (opened) return opened;
    if (!opts.url)
      return Promise.reject(
        new BridgeError({
          code: 'no_launch_key',
          message: 'This tab has no launch key: open the console with the URL printed by npm start.',
        }),
      );
    const url = opts.url;
    opened = new Promise<SocketLike>((resolve, reject) => {
      const ws = opts.createSocket(url);
      socket = ws;
      let isOpen = false;
      ws.onopen = () => {
        isOpen = true;
        resolve(ws);
      };
      ws.onmessage = (ev) => receive(String(ev.data));
      ws.onerror = () => {};
      ws.onclose = () => {
        socket = null;
        opened = null;
        const err = new BridgeError({
          code: isOpen ? 'bridge_disconnected' : 'bridge_refused',
          message: isOpen
            ? 'The connection to the console host was lost.'
            : 'The console host refused the connection: open the console with the URL printed by npm start.',
        });
        if (!isOpen) reject(err);
        for (const p of pending.values()) p.reject(err);
        pending.clear();
        // Keep event subscriptions alive across a host hiccup.
        if (isOpen && !closedByUser && listeners.size > 0 && !retry) {
          retry = setTimeout(() => {
            retry = null;
            connect().catch(() => {});
          }, 1000);
        }
      };
    });
    return opened;
  };

  const receive = (raw: string) => {
    let msg: { t?: string; id?: number; result?: BridgeAnswer; name?: string; payload?: unknown };
    try {
      msg = JSON.parse(raw);
    } catch {
      return;
    }
    if (msg.t === 'result' && typeof msg.id === 'number') {
      const p = pending.get(msg.id);
      if (!p || !msg.result) return;
      pending.delete(msg.id);
      try {
        p.resolve(answerValue(msg.result));
      } catch (error) {
        p.reject(error as BridgeError);
      }
    } else if (msg.t === 'event' && typeof msg.name === 'string') {
      for (const l of listeners.get(msg.name) ?? []) l(msg.payload);
    }
  };

  return {
    async call(channel, request) {
      const ws = await connect();
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        if (ws.readyState !== OPEN) {
          pending.delete(id);
          reject(new BridgeError({ code: 'bridge_disconnected', message: 'The connection to the console host was lost.' }));
          return;
        }
        ws.send(JSON.stringify({ t: 'call', id, channel, request: request ?? {} }));
      });
    },
    on(name, listener) {
      let set = listeners.get(name);
      if (!set) listeners.set(name, (set = new Set()));
      set.add(listener as Listener);
      connect().catch(() => {});
      return () => {
        set.delete(listener as Listener);
        if (set.size === 0) listeners.delete(name);
      };
    },
    close() {
      closedByUser = true;
      if (retry) clearTimeout(retry);
      socket?.close();
    },
  };
}
