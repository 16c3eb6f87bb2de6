/**
 * The Electron wiring against a fake electron module (the binary cannot run here).
 * What only a real Electron can check is listed in main/README.md.
 */
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const fake = vi.hoisted(() => {
  type Listener = (...args: unknown[]) => void;
  class FakeWebContents {
    listeners = new Map<string, Listener[]>();
    windowOpenHandler: ((d: { url: string }) => { action: string }) | null = null;
    permissionHandler: ((wc: unknown, p: string, cb: (ok: boolean) => void) => void) | null = null;
    session = { setPermissionRequestHandler: (h: FakeWebContents['permissionHandler']) => (this.permissionHandler = h) };
    on(name: string, l: Listener) {
      this.listeners.set(name, [...(this.listeners.get(name) ?? []), l]);
      return this;
    }
    setWindowOpenHandler(h: FakeWebContents['windowOpenHandler']) {
      this.windowOpenHandler = h;
    }
    emit(name: string, ...args: unknown[]) {
      for (const l of this.listeners.get(name) ?? []) l(...args);
    }
  }
  class FakeBrowserWindow {
    static created: FakeBrowserWindow[] = [];
    static getFocusedWindow() {
      return FakeBrowserWindow.created.at(-1) ?? null;
    }
    static getAllWindows() {
      return FakeBrowserWindow.created;
    }
    webContents = new FakeWebContents();
    loaded: string[] = [];
    constructor(public options: Record<string, unknown>) {
      FakeBrowserWindow.created.push(this);
    }
    once() {}
    show() {}
    loadURL(url: string) {
      this.loaded.push(url);
      return Promise.resolve();
    }
  }
  const handlers = new Map<string, (event: unknown, request: unknown) => Promise<unknown>>();
  const exposed: Record<string, unknown> = {};
  const rendererListeners = new Map<string, Listener[]>();
  return {
    FakeBrowserWindow,
    handlers,
    exposed,
    rendererListeners,
    shell: { openExternal: vi.fn(async () => {}) },
    dialog: {
      showMessageBoxSync: vi.fn(() => 1),
      showOpenDialog: vi.fn(async (..._args: unknown[]) => ({ canceled: false, filePaths: ['/music/a.wav'] })),
      showSaveDialog: vi.fn(async (..._args: unknown[]) => ({ canceled: false, filePath: '/home/u/export.csv' })),
    },
    ipcMain: { handle: vi.fn((name: string, h: (event: unknown, request: unknown) => Promise<unknown>) => handlers.set(name, h)) },
    ipcRenderer: {
      invoke: vi.fn(async (name: string, request: unknown) => ({ ok: true, value: { name, request } })),
      on: vi.fn((ch: string, l: Listener) => rendererListeners.set(ch, [...(rendererListeners.get(ch) ?? []), l])),
      removeListener: vi.fn((ch: string, l: Listener) =>
        rendererListeners.set(
          ch,
          (rendererListeners.get(ch) ?? []).filter((x) => x !== l),
        ),
      ),
    },
    contextBridge: { exposeInMainWorld: vi.fn((key: string, api: unknown) => (exposed[key] = api)) },
    webUtils: { getPathForFile: vi.fn((file: { name: string }) => `/dropped/${file.name}`) },
  };
});

vi.mock('electron', () => ({
  BrowserWindow: fake.FakeBrowserWindow,
  shell: fake.shell,
  dialog: fake.dialog,
  ipcMain: fake.ipcMain,
  ipcRenderer: fake.ipcRenderer,
  contextBridge: fake.contextBridge,
  webUtils: fake.webUtils,
}));

import { channelNames, IPC_EVENT_CHANNEL, type PreloadApi } from '../../shared/bridge';
import type { Handlers } from '../../main/bridge';
import { createMainWindow, secureWebPreferences } from '../../main/electron/window';
import { registerBridge } from '../../main/electron/ipc';
import { createAppProtocolHandler } from '../../main/electron/protocol';
import { chooseExportTarget, electronPackagingDialogs } from '../../main/electron/dialogs';

const allowlist = ['support.store-console.example'];

describe('window factory', () => {
  beforeEach(() => {
    fake.FakeBrowserWindow.created.length = 0;
    fake.shell.openExternal.mockClear();
  });

  it('creates the window with context isolation, sandbox and web security on, node integration off', () => {
    createMainWindow({ preload: '/app/preload.cjs', externalAllowlist: allowlist });
    const [win] = fake.FakeBrowserWindow.created;
    expect(win.options.webPreferences).toEqual(secureWebPreferences('/app/preload.cjs'));
    expect(win.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      webSecurity: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
    expect(win.loaded).toEqual(['app://console/']);
  });

  it('denies window.open; only allowlisted https links go to the system browser', () => {
    createMainWindow({ preload: 'p', externalAllowlist: allowlist });
    const wc = fake.FakeBrowserWindow.created[0].webContents;
    for (const url of [
      'https://support.store-console.example/help',
      'http://support.store-console.example/',
      'https://evil.example/',
      'file:///etc/passwd',
      'app://console/other',
    ]) {
      expect(wc.windowOpenHandler!({ url })).toEqual({ action: 'deny' });
    }
    expect(fake.shell.openExternal.mock.calls).toEqual([['https://support.store-console.example/help']]);
  });

  it('keeps navigation on app://console and refuses the rest', () => {
    createMainWindow({ preload: 'p', externalAllowlist: allowlist });
    const wc = fake.FakeBrowserWindow.created[0].webContents;
    const navigate = (url: string, kind = 'will-navigate') => {
      const event = { preventDefault: vi.fn() };
      wc.emit(kind, event, url);
      return event.preventDefault.mock.calls.length > 0;
    };
    expect(navigate('app://console/catalog')).toBe(false);
    expect(navigate('https://evil.example/')).toBe(true);
    expect(navigate('app://other/')).toBe(true);
    expect(navigate('file:///etc/passwd')).toBe(true);
    expect(navigate('https://evil.example/', 'will-redirect')).toBe(true);
    expect(navigate('https://support.store-console.example/')).toBe(true);
    expect(fake.shell.openExternal.mock.calls).toEqual([['https://support.store-console.example/']]);
    const attach = { preventDefault: vi.fn() };
    wc.emit('will-attach-webview', attach);
    expect(attach.preventDefault).toHaveBeenCalled();
    const answer = vi.fn();
    wc.permissionHandler!(null, 'media', answer);
    expect(answer).toHaveBeenCalledWith(false);
  });
});

describe('unsaved changes on close', () => {
  it('asks before a dirty page unloads: Stay keeps it, Leave lets it go', () => {
    createMainWindow({ preload: 'p', externalAllowlist: allowlist });
    const wc = fake.FakeBrowserWindow.created.at(-1)!.webContents;
    const attempt = (answer: number) => {
      fake.dialog.showMessageBoxSync.mockReturnValueOnce(answer);
      const event = { preventDefault: vi.fn() };
      wc.emit('will-prevent-unload', event);
      return event.preventDefault.mock.calls.length > 0;
    };
    expect(attempt(1)).toBe(false);
    expect(attempt(0)).toBe(true);
  });
});

describe('ipc handle(): sender guard and schema parse', () => {
  const settingsGet = vi.fn(({ key }: { key: string }) => ({ value: key }));
  const handlers = new Proxy({ settingsGet } as unknown as Handlers, {
    get: (t, n) => (t as Record<string | symbol, unknown>)[n] ?? (() => ({ ok: true })),
  });
  registerBridge(fake.ipcMain, handlers);
  const invoke = (frameUrl: string | null, request: unknown, name = 'settingsGet') =>
    fake.handlers.get(`bridge:${name}`)!({ senderFrame: frameUrl === null ? null : { url: frameUrl } }, request);

  beforeEach(() => {
    settingsGet.mockClear();
  });

  it('registers every channel of shared/bridge, prefixed', () => {
    expect([...fake.handlers.keys()].sort()).toEqual(channelNames.map((n) => `bridge:${n}`).sort());
  });

  it('answers a call from app://console', async () => {
    expect(await invoke('app://console/catalog', { key: 'drawer' })).toEqual({ ok: true, value: { value: 'drawer' } });
    expect(settingsGet).toHaveBeenCalledTimes(1);
  });

  it.each([
    'https://evil.example/',
    'app://evil/',
    'app://console.evil.example/',
    'file:///app/index.html',
    'http://127.0.0.1:5173/',
    'about:blank',
    '',
    null,
  ])('refuses a sender on %s before any handler runs', async (url) => {
    expect(await invoke(url, { key: 'drawer' })).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
    expect(settingsGet).not.toHaveBeenCalled();
  });

  it('refuses a malformed payload from the right sender before the handler runs', async () => {
    expect(await invoke('app://console/', { key: 'tokens' })).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
    expect(await invoke('app://console/', 'drawer')).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
    expect(settingsGet).not.toHaveBeenCalled();
  });
});

describe('app:// protocol', () => {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'appproto-')));
  const root = join(dir, 'renderer');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<title>app</title>');
  writeFileSync(join(root, 'assets', 'a.js'), 'js');
  writeFileSync(join(dir, 'secret.txt'), 'secret');
  symlinkSync(join(dir, 'secret.txt'), join(root, 'assets', 'escape.txt'));
  const serve = createAppProtocolHandler(root);
  const raw = (url: string) => serve({ url, method: 'GET' } as Request);

  it('serves the renderer with the CSP, and client routes fall back to index.html', async () => {
    for (const url of ['app://console/', 'app://console/auth/verify?code=1', 'app://console/catalog/tracks/1']) {
      const res = await serve(new Request(url));
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<title>app</title>');
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    }
    expect(await (await serve(new Request('app://console/assets/a.js'))).text()).toBe('js');
  });

  it.each([
    'app://console/../secret.txt',
    'app://console/assets/../../secret.txt',
    'app://console/%2e%2e/secret.txt',
    'app://console/assets/%2E%2E/%2e%2e/secret.txt',
    'app://console/%252e%252e/secret.txt',
    'app://console/..%2fsecret.txt',
    'app://console/assets/escape.txt',
  ])('refuses %s (raw and parsed)', async (url) => {
    for (const res of [await raw(url), await serve(new Request(url))]) {
      expect(res.status === 404 || !(await res.text()).includes('secret')).toBe(true);
      expect(res.status).not.toBe(200);
    }
  });

  it('refuses other hosts', async () => {
    expect((await raw('app://evil/index.html')).status).toBe(404);
  });

  it("hands media URLs (MEDIA_PATH) to main's media service with the Range header; other hosts never reach it", async () => {
    const media = { serve: vi.fn(async () => new Response('bytes', { status: 206 })) };
    const withMedia = createAppProtocolHandler(root, { media });
    const res = await withMedia(new Request('app://console/media/abc', { headers: { range: 'bytes=0-4' } }));
    expect([res.status, await res.text()]).toEqual([206, 'bytes']);
    expect(media.serve).toHaveBeenCalledWith('/media/abc', 'bytes=0-4');
    expect((await withMedia(new Request('app://other/media/abc'))).status).toBe(404);
    expect(media.serve).toHaveBeenCalledTimes(1);
    // Without a media service the path is a client route like any other.
    expect((await serve(new Request('app://console/media/abc'))).status).toBe(200);
  });
});

describe('preload', () => {
  it('exposes one named function per channel, a typed event subscription and the dropped-file path resolver, nothing else', async () => {
    await import('../../preload/index');
    const api = fake.exposed.storeConsole as PreloadApi;
    expect(Object.keys(api).sort()).toEqual(['calls', 'getPathForFile', 'onEvent']);
    // A dropped file resolves to its path in the preload; its contents are never read there.
    expect(api.getPathForFile!({ name: 'cover.png' })).toBe('/dropped/cover.png');
    expect(Object.keys(api.calls).sort()).toEqual([...channelNames].sort());
    expect(Object.values(api.calls).every((f) => typeof f === 'function')).toBe(true);
    expect(await api.calls.settingsGet({ key: 'drawer' })).toEqual({
      ok: true,
      value: { name: 'bridge:settingsGet', request: { key: 'drawer' } },
    });

    const seen: unknown[] = [];
    const off = api.onEvent('sessionEnded', (p) => seen.push(p));
    const [forward] = fake.rendererListeners.get(IPC_EVENT_CHANNEL)!;
    forward({}, 'jobProgress', { jobId: '1', state: 'DONE' });
    forward({}, 'sessionEnded', { reason: 'expired' });
    expect(seen).toEqual([{ reason: 'expired' }]);
    off();
    expect(fake.rendererListeners.get(IPC_EVENT_CHANNEL)).toEqual([]);
    expect(() => api.onEvent('nope' as 'sessionEnded', () => {})).toThrow(/Unknown bridge event/);
  });
});

describe('native dialogs', () => {
  it('packaging picks: main sets the options per kind; dismissing answers []', async () => {
    expect(await electronPackagingDialogs.pick('audioFiles')).toEqual(['/music/a.wav']);
    const options = fake.dialog.showOpenDialog.mock.calls.at(-1)!.at(-1) as { properties: string[]; filters: { extensions: string[] }[] };
    expect(options.properties).toEqual(['openFile', 'multiSelections']);
    expect(options.filters[0].extensions).toContain('flac');
    fake.dialog.showOpenDialog.mockResolvedValueOnce({ canceled: true, filePaths: [] });
    expect(await electronPackagingDialogs.pick('outputFolder')).toEqual([]);
  });

  it('export target: the save dialog path, or null when dismissed', async () => {
    expect(await chooseExportTarget('releases.csv')).toBe('/home/u/export.csv');
    fake.dialog.showSaveDialog.mockResolvedValueOnce({ canceled: true, filePath: '' });
    expect(await chooseExportTarget('releases.csv')).toBeNull();
  });
});
