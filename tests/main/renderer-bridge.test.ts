// @vitest-environment happy-dom
/** renderer/lib/bridge.ts: the launch key's path, and the Electron preload transport. */
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.resetModules();
  delete (window as { storeConsole?: unknown }).storeConsole;
  window.sessionStorage.clear();
});

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
    expect(onEvent).toHaveBeenCalledWith('sessionEnded', cb);
  });
});
