import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { EventBus, type Handlers } from '../../main/bridge';
import { startHostServer, type HostServer } from '../../main/host/server';
import { createSocketClient } from '../../renderer/lib/bridge-client';
import { BridgeError } from '../../shared/bridge';

const settingsGet = vi.fn(({ key }: { key: string }) => ({ value: `v:${key}` }));
const handlers = new Proxy({ settingsGet } as unknown as Handlers, {
  get: (t, name) =>
    (t as Record<string | symbol, unknown>)[name] ??
    (() => {
      throw new Error(`unexpected ${String(name)}`);
    }),
});
const events = new EventBus();
let host: HostServer;
let root: string;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'host-'));
  root = join(dir, 'renderer');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>console</title>');
  writeFileSync(join(root, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(dir, 'secret.txt'), 'secret');
  symlinkSync(join(dir, 'secret.txt'), join(root, 'assets', 'leak.txt'));
  host = await startHostServer({ rendererDir: root, handlers, events, key: 'k'.repeat(32) });
});
afterAll(() => host.close());

function open(opts: { key?: string | null; origin?: string | null }): Promise<{ ws: WebSocket; status: number }> {
  const key = opts.key === undefined ? host.key : opts.key;
  const url = `${host.origin.replace('http', 'ws')}/bridge${key === null ? '' : `?key=${key}`}`;
  const headers: Record<string, string> = {};
  const origin = opts.origin === undefined ? host.origin : opts.origin;
  if (origin !== null) headers.origin = origin;
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { headers });
    ws.on('open', () => resolve({ ws, status: 101 }));
    ws.on('unexpected-response', (_req, res) => resolve({ ws, status: res.statusCode ?? 0 }));
    ws.on('error', () => resolve({ ws, status: -1 }));
  });
}

function call(ws: WebSocket, msg: unknown): Promise<unknown> {
  return new Promise((resolve) => {
    ws.once('message', (data) => resolve(JSON.parse(String(data))));
    ws.send(JSON.stringify(msg));
  });
}

describe('browser host: bridge socket', () => {
  it('prints a URL with the launch key in the fragment only', () => {
    expect(host.url).toBe(`${host.origin}/#key=${host.key}`);
    expect(host.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('refuses a WebSocket without the launch key, or with a wrong one', async () => {
    expect((await open({ key: null })).status).toBe(401);
    expect((await open({ key: 'x'.repeat(32) })).status).toBe(401);
    expect((await open({ key: 'short' })).status).toBe(401);
  });

  it('refuses a WebSocket from a foreign origin, even with the key', async () => {
    expect((await open({ origin: 'http://evil.example' })).status).toBe(403);
    expect((await open({ origin: 'http://localhost:1' })).status).toBe(403);
    expect((await open({ origin: null })).status).toBe(403);
  });

  it('answers calls through dispatch, and a malformed payload never reaches the handler', async () => {
    settingsGet.mockClear();
    const { ws, status } = await open({});
    expect(status).toBe(101);
    expect(await call(ws, { t: 'call', id: 1, channel: 'settingsGet', request: { key: 'drawer' } })).toEqual({
      t: 'result',
      id: 1,
      result: { ok: true, value: { value: 'v:drawer' } },
    });
    const bad = (await call(ws, { t: 'call', id: 2, channel: 'settingsGet', request: { key: '../../etc' } })) as {
      result: { ok: boolean; error: { code: string } };
    };
    expect(bad.result.ok).toBe(false);
    expect(bad.result.error.code).toBe('invalid_request');
    expect(settingsGet).toHaveBeenCalledTimes(1);
    ws.close();
  });

  it('pushes events to connected sockets', async () => {
    const { ws } = await open({});
    const got = new Promise((resolve) => ws.once('message', (d) => resolve(JSON.parse(String(d)))));
    events.emit('sessionEnded', { reason: 'expired' });
    expect(await got).toEqual({ t: 'event', name: 'sessionEnded', payload: { reason: 'expired' } });
    ws.close();
  });

  it('works with the renderer client: values, BridgeErrors and events', async () => {
    const client = createSocketClient({
      url: `${host.origin.replace('http', 'ws')}/bridge?key=${host.key}`,
      createSocket: (u) => new WebSocket(u, { headers: { origin: host.origin } }) as never,
    });
    expect(await client.call('settingsGet', { key: 'auth' })).toEqual({ value: 'v:auth' });
    const err = (await client.call('settingsGet', { key: 'nope' }).catch((e: unknown) => e)) as BridgeError;
    expect(err).toBeInstanceOf(BridgeError);
    expect(err.code).toBe('invalid_request');
    const seen = new Promise((resolve) => client.on('sessionEnded', resolve));
    events.emit('sessionEnded', { reason: 'bye' });
    expect(await seen).toEqual({ reason: 'bye' });
    client.close();
  });

  it('the renderer client rejects clearly when the key is missing or refused', async () => {
    const none = createSocketClient({
      url: null,
      createSocket: () => {
        throw new Error('no');
      },
    });
    await expect(none.call('settingsGet', { key: 'auth' })).rejects.toMatchObject({ code: 'no_launch_key' });
    const refused = createSocketClient({
      url: `${host.origin.replace('http', 'ws')}/bridge?key=wrong`,
      createSocket: (u) => new WebSocket(u, { headers: { origin: host.origin } }) as never,
    });
    await expect(refused.call('settingsGet', { key: 'auth' })).rejects.toMatchObject({ code: 'bridge_refused' });
  });
});

describe('browser host: static files', () => {
  const get = (path: string) => fetch(`${host.origin}${path}`);

  it('serves index.html with a strict CSP, and falls back to it for client routes', async () => {
    for (const path of ['/', '/auth', '/auth/verify?code=a&state=b', '/catalog/tracks/12']) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(await res.text()).toContain('<title>console</title>');
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-eval');
    }
  });

  it('answers only requests addressed to 127.0.0.1:PORT (DNS rebinding)', async () => {
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve) => {
      const url = new URL(host.origin);
      request({ host: url.hostname, port: url.port, path: '/', headers: { host: `rebind.evil.example:${url.port}` } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      }).end();
    });
    expect(status).toBe(421);
  });

  it('serves assets and 404s for missing ones', async () => {
    expect((await get('/assets/app.js')).headers.get('content-type')).toContain('javascript');
    expect((await get('/assets/missing.js')).status).toBe(404);
  });

  it('never serves a file outside the renderer folder', async () => {
    for (const path of [
      '/assets/leak.txt',
      '/..%2fsecret.txt',
      '/%2e%2e/secret.txt',
      '/assets/%252e%252e/%252e%252e/secret.txt',
      '/assets/..%5c..%5csecret.txt',
    ]) {
      const res = await get(path);
      expect(await res.text(), path).not.toContain('secret');
    }
  });
});
