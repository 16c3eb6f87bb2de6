import { describe, expect, it, vi } from 'vitest';
import { BridgeError } from '../../shared/bridge';
import { dispatch, type Handlers } from '../../main/bridge';

const ctx = { transport: 'host', origin: 'http://127.0.0.1:1' } as const;

function handlersWith(overrides: Partial<Handlers>): Handlers {
  return new Proxy(overrides as Handlers, {
    get: (t, name) =>
      (t as Record<string | symbol, unknown>)[name] ??
      (() => {
        throw new Error(`unexpected call ${String(name)}`);
      }),
  });
}

describe('dispatch', () => {
  it('parses the request and answers the handler value', async () => {
    const settingsGet = vi.fn(() => ({ value: 3 }));
    const result = await dispatch(handlersWith({ settingsGet }), 'settingsGet', { key: 'drawer' }, ctx);
    expect(result).toEqual({ ok: true, value: { value: 3 } });
    expect(settingsGet).toHaveBeenCalledWith({ key: 'drawer' }, ctx);
  });

  it('rejects a malformed payload before any handler runs', async () => {
    const settingsGet = vi.fn();
    for (const bad of [{ key: 'tokens' }, { key: 'drawer', extra: 1 }, 'drawer', 42]) {
      const result = await dispatch(handlersWith({ settingsGet }), 'settingsGet', bad, ctx);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error.code).toBe('invalid_request');
    }
    expect(settingsGet).not.toHaveBeenCalled();
  });

  it('refuses an api path that is not a v4 path', async () => {
    const apiRequest = vi.fn();
    const result = await dispatch(handlersWith({ apiRequest }), 'apiRequest', { method: 'GET', path: '/v4/../admin' }, ctx);
    expect(result.ok).toBe(false);
    expect(apiRequest).not.toHaveBeenCalled();
  });

  it('answers unknown channels (including prototype names) with an error', async () => {
    for (const name of ['nope', '__proto__', 'constructor', 'toString']) {
      const result = await dispatch(handlersWith({}), name, {}, ctx);
      expect(result).toMatchObject({ ok: false, error: { code: 'unknown_channel' } });
    }
  });

  it('carries a thrown BridgeError, status and detail included', async () => {
    const apiRequest = vi.fn(async () => {
      throw new BridgeError({ code: 'http_error', message: 'Not Found', status: 404, detail: 'gone' });
    });
    const result = await dispatch(handlersWith({ apiRequest }), 'apiRequest', { method: 'GET', path: '/v4/catalog/tracks/' }, ctx);
    expect(result).toEqual({ ok: false, error: { code: 'http_error', message: 'Not Found', status: 404, detail: 'gone' } });
  });

  it('turns any other throw into an internal error (logged to stderr)', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const systemInfo = vi.fn(() => {
      throw new TypeError('boom');
    });
    const result = await dispatch(handlersWith({ systemInfo }), 'systemInfo', {}, ctx);
    expect(result).toEqual({ ok: false, error: { code: 'internal', message: 'boom' } });
    expect(log).toHaveBeenCalledWith('bridge: systemInfo failed:', expect.any(TypeError));
    log.mockRestore();
  });
});
