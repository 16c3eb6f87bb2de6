// @vitest-environment happy-dom
/**
 * renderer/lib/bridge.ts: the launch key's path, the Electron preload transport and the
 * browser host's WebSocket; on both, answers parsed with their channel's response schema
 * and event payloads with their event's schema (one that does not parse is reported to
 * main over the same transport: systemReportError).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.resetModules();
  vi.unstubAllGlobals();
  delete (window as { storeConsole?: unknown }).storeConsole;
  window.sessionStorage.clear();
});

const progress = { exportId: 'e1', state: 'running', rows: 3, bytes: 10, total: null, fileName: 'tracks.csv' };

describe('renderer bridge in the browser host', () => {
  it('takes the key from the fragment into sessionStorage and strips it from the address bar', async () => {
    window.history.replaceState(null, '', 'http://localhost:3000/auth?x=1#key=launch-key-123');
    await import('../../renderer/lib/bridge');
    expect(window.sessionStorage.getItem('store-console.launchKey')).toBe('launch-key-123');
    expect(window.location.href).toBe('http://localhost:3000/auth?x=1');
  });

  it('without a key anywhere, calls reject with no_launch_key', async () => {
    window.history.replaceState(null, '', 'http://localhost:3000/');
    const { bridge } = await import('../../renderer/lib/bridge');
    await expect(bridge.sessionStatus({})).rejects.toMatchObject({ code: 'no_launch_key' });
  });

  it('is not a thenable (awaiting the module object is safe)', async () => {
    const { bridge } = await import('../../renderer/lib/bridge');
    expect((bridge as unknown as { then?: unknown }).then).toBeUndefined();
  });
});

describe('renderer bridge in Electron', () => {
  it('calls the preload, unwraps values and throws BridgeError on failure', async () => {
    const onEvent = vi.fn(() => () => {});
    (window as { storeConsole?: unknown }).storeConsole = {
      calls: {
        settingsGet: vi.fn(async () => ({ ok: true, value: { value: 'x' } })),
        sessionStatus: vi.fn(async () => ({ ok: false, error: { code: 'http_error', message: 'Forbidden', status: 403 } })),
      },
      onEvent,
    };
    const { bridge, onBridgeEvent, BridgeError } = await import('../../renderer/lib/bridge');
    expect(await bridge.settingsGet({ key: 'drawer' })).toEqual({ value: 'x' });
    const err = await bridge.sessionStatus({}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BridgeError);
    expect(err).toMatchObject({ status: 403, message: 'Forbidden' });
    const cb = () => {};
    onBridgeEvent('sessionEnded', cb);
    expect(onEvent).toHaveBeenCalledWith('sessionEnded', expect.any(Function));
  });

  it("an answer that does not match its channel's response schema rejects with bad_response naming the channel", async () => {
    (window as { storeConsole?: unknown }).storeConsole = {
      calls: { exportStart: vi.fn(async () => ({ ok: true, value: { started: 'yes' } })) },
      onEvent: vi.fn(),
    };
    const { bridge, BridgeError } = await import('../../renderer/lib/bridge');
    const err = await bridge.exportStart({ kind: 'search', type: 'tracks', filters: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BridgeError);
    expect(err).toMatchObject({
      code: 'bad_response',
      message: expect.stringMatching(/^Unexpected answer from main to exportStart \(started: /),
    });
  });

  it('delivers event payloads parsed by their schema; a malformed one is reported and not delivered', async () => {
    let deliver: (payload: unknown) => void = () => {};
    const reported: { message: string; route?: string }[] = [];
    (window as { storeConsole?: unknown }).storeConsole = {
      calls: { systemReportError: vi.fn(async (r: { message: string }) => (reported.push(r), { ok: true, value: { ok: true } })) },
      onEvent: vi.fn((_name: string, l: (payload: unknown) => void) => {
        deliver = l;
        return () => {};
      }),
    };
    const { onBridgeEvent } = await import('../../renderer/lib/bridge');
    const got: unknown[] = [];
    onBridgeEvent('exportProgress', (p) => got.push(p));
    deliver({ ...progress, rows: -1 });
    deliver(progress);
    await vi.waitFor(() => expect(got).toEqual([progress]));
    await vi.waitFor(() => expect(reported).toHaveLength(1));
    expect(reported[0].message).toMatch(/^Unexpected payload of main's exportProgress event \(rows: /);
    expect(reported[0].route).toBe(window.location.pathname);
  });
});

/** A stand-in for the browser's WebSocket to the host: answers each call with `answers[channel]`. */
class FakeSocket {
  static last: FakeSocket | null = null;
  static answers: Record<string, unknown> = {};
  /** The calls sent, in order. */
  static sent: { channel: string; request: unknown }[] = [];
  readyState = 1;
  onopen: ((ev: unknown) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.last = this;
    setTimeout(() => this.onopen?.({}), 0);
  }
  send(data: string) {
    const m = JSON.parse(data) as { id: number; channel: string; request: unknown };
    FakeSocket.sent.push({ channel: m.channel, request: m.request });
    setTimeout(() => this.onmessage?.({ data: JSON.stringify({ t: 'result', id: m.id, result: FakeSocket.answers[m.channel] }) }), 0);
  }
  emit(name: string, payload: unknown) {
    this.onmessage?.({ data: JSON.stringify({ t: 'event', name, payload }) });
  }
  close() {}
}

describe("renderer bridge over the browser host's WebSocket", () => {
  beforeEach(() => {
    window.history.replaceState(null, '', 'http://localhost:3000/#key=k1');
    vi.stubGlobal('WebSocket', FakeSocket);
  });

  it('parses answers: a good one resolves, a malformed one rejects with bad_response', async () => {
    FakeSocket.answers = {
      settingsGet: { ok: true, value: { value: 1 } },
      exportCancel: { ok: true, value: { ok: 'sure' } },
    };
    const { bridge, BridgeError } = await import('../../renderer/lib/bridge');
    expect(await bridge.settingsGet({ key: 'drawer' })).toEqual({ value: 1 });
    const err = await bridge.exportCancel({ exportId: 'e1' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BridgeError);
    expect(err).toMatchObject({
      code: 'bad_response',
      message: expect.stringMatching(/^Unexpected answer from main to exportCancel \(ok: /),
    });
  });

  it('parses event payloads: a malformed one is reported and not delivered', async () => {
    FakeSocket.sent = [];
    FakeSocket.answers = { systemReportError: { ok: true, value: { ok: true } } };
    const { onBridgeEvent } = await import('../../renderer/lib/bridge');
    const got: unknown[] = [];
    onBridgeEvent('exportProgress', (p) => got.push(p));
    await vi.waitFor(() => expect(FakeSocket.last?.onmessage).toBeTruthy());
    FakeSocket.last!.emit('exportProgress', { ...progress, state: 'paused' });
    FakeSocket.last!.emit('exportProgress', progress);
    await vi.waitFor(() => expect(got).toEqual([progress]));
    await vi.waitFor(() => expect(FakeSocket.sent).toHaveLength(1));
    expect(FakeSocket.sent).toEqual([
      {
        channel: 'systemReportError',
        request: expect.objectContaining({
          message: expect.stringMatching(/^Unexpected payload of main's exportProgress event \(state: /),
        }),
      },
    ]);
  });
});
