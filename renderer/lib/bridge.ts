/**
 * The renderer's only way to main: `bridge.<channel>(request)` resolves with the
 * channel's response or rejects with a BridgeError; `onBridgeEvent(name, cb)`
 * subscribes to main's events and returns the unsubscribe function. Whichever the
 * transport, each answer is parsed with its channel's response schema (one that does
 * not match rejects with a BridgeError `bad_response`) and each event payload with its
 * event's schema (one that does not match is reported, not delivered): the schemas are
 * loaded on first use (./bridge-parse), keeping zod out of the first chunk.
 *
 * In Electron the preload's window.storeConsole carries the calls over IPC. In the
 * browser host they go over a WebSocket to the host, authorised by the per-launch
 * key that `npm start` printed in the URL's fragment (#key=…): read once, kept in
 * this tab's sessionStorage, and removed from the address bar.
 */
import { BridgeError, answerValue, type BridgeAnswer } from '../../shared/bridge/error';
import type { BridgeEventName, BridgeEventPayload } from '../../shared/bridge/events';
import type { BridgeCalls, ChannelName, PreloadApi } from '../../shared/bridge';
import { BRIDGE_WS_PATH, LAUNCH_KEY_PARAM, PRELOAD_GLOBAL } from '../../shared/bridge/transport';
import { createSocketClient, type SocketClient } from './bridge-client';
import { errorReport } from './error-report';
import type * as BridgeParse from './bridge-parse';

const KEY_STORAGE = 'store-console.launchKey';

declare global {
  interface Window {
    [PRELOAD_GLOBAL]?: PreloadApi;
  }
}

/** Takes the launch key from the fragment (then strips it) or from this tab's sessionStorage. */
function launchKey(): string | null {
  const hash = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  const fromHash = hash.get(LAUNCH_KEY_PARAM);
  if (fromHash) {
    try {
      window.sessionStorage.setItem(KEY_STORAGE, fromHash);
    } catch {
      // storage disabled: the key still works until this page is reloaded
    }
    hash.delete(LAUNCH_KEY_PARAM);
    const rest = hash.toString();
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}${rest ? `#${rest}` : ''}`);
    return fromHash;
  }
  try {
    return window.sessionStorage.getItem(KEY_STORAGE);
  } catch {
    return null;
  }
}

const preload = typeof window !== 'undefined' ? window[PRELOAD_GLOBAL] : undefined;

let socketClient: SocketClient | null = null;
function socket(): SocketClient {
  if (!socketClient) {
    const key = launchKey();
    const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
    socketClient = createSocketClient({
      url: key ? `${scheme}://${window.location.host}${BRIDGE_WS_PATH}?key=${encodeURIComponent(key)}` : null,
      createSocket: (url) => new WebSocket(url) as unknown as ReturnType<Parameters<typeof createSocketClient>[0]['createSocket']>,
    });
  }
  return socketClient;
}
// Read (and strip) the key as soon as the app loads, before any route change.
if (!preload && typeof window !== 'undefined') socket();

let parsers: Promise<typeof BridgeParse> | null = null;
/** The bridge's schemas, loaded once (a separate chunk with zod). */
const loadParsers = () => (parsers ??= import('./bridge-parse'));

async function call(channel: string, request: unknown): Promise<unknown> {
  // Loaded while the call is in flight; after the first call this is a settled promise.
  const parse = loadParsers();
  const value = await transportCall(channel, request);
  return (await parse).parseChannelAnswer(channel as ChannelName, value);
}

async function transportCall(channel: string, request: unknown): Promise<unknown> {
  if (preload) {
    const fn = (preload.calls as unknown as Record<string, ((r: unknown) => Promise<BridgeAnswer>) | undefined>)[channel];
    if (!fn) throw new BridgeError({ code: 'unknown_channel', message: `Unknown bridge channel: ${channel}` });
    return answerValue(await fn(request ?? {}));
  }
  const value = await socket().call(channel, request);
  // In the browser host main only approves the link; this tab opens it.
  if (channel === 'systemOpenExternal') window.open((request as { url: string }).url, '_blank', 'noopener,noreferrer');
  return value;
}

/** One named async function per bridge channel (see shared/bridge/channels/). */
export const bridge: BridgeCalls = new Proxy({} as BridgeCalls, {
  get(_target, name) {
    if (typeof name !== 'string' || name === 'then') return undefined;
    return (request?: unknown) => call(name, request ?? {});
  },
});

/** Subscribes to one of main's events (shared/bridge/events.ts); returns the unsubscribe function. */
export function onBridgeEvent<E extends BridgeEventName>(name: E, listener: (payload: BridgeEventPayload<E>) => void): () => void {
  const parse = loadParsers();
  // In arrival order (each waits on the same promise); a payload that does not parse is dropped.
  const deliver = (payload: unknown) => {
    void parse.then((p) => {
      const parsed = p.eventPayload(name, payload);
      if (parsed.ok) return listener(parsed.payload);
      // Reported here, not through ./report-error (which calls this bridge): no import circle.
      const report = errorReport({ message: parsed.message });
      if (report) call('systemReportError', report).catch(() => undefined);
    });
  };
  if (preload) return preload.onEvent(name, deliver);
  return socket().on(name, deliver);
}

export { BridgeError };
