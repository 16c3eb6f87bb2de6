/** main/electron/index.ts wiring, against a fake electron module and a fake electron-store. */
import { describe, expect, it, vi } from 'vitest';
import { JS_FLAGS } from '../../scripts/node-flags.mjs';

const fake = vi.hoisted(() => {
  const calls: string[] = [];
  const appListeners = new Map<string, ((...a: unknown[]) => void)[]>();
  let ready!: () => void;
  const whenReady = new Promise<void>((r) => (ready = r));
  const sent: unknown[][] = [];
  /** Chromium's command line as main sees it (app.commandLine): a V8 flag given at launch. */
  const switches = new Map<string, string>([['js-flags', '--stack-size=2000']]);
  /** The window's webContents listeners (will-prevent-unload: the unsaved-changes prompt). */
  const contentsListeners = new Map<string, (...a: unknown[]) => void>();
  class FakeBrowserWindow {
    static all: FakeBrowserWindow[] = [];
    static getAllWindows() {
      return FakeBrowserWindow.all;
    }
    static getFocusedWindow() {
      return FakeBrowserWindow.all[0] ?? null;
    }
    webContents = {
      on: (name: string, l: (...a: unknown[]) => void) => contentsListeners.set(name, l),
      setWindowOpenHandler: () => {},
      session: { setPermissionRequestHandler: () => {} },
      getURL: () => 'app://console/',
      send: (...args: unknown[]) => sent.push(args),
    };
    constructor(public options: unknown) {
      FakeBrowserWindow.all.push(this);
    }
    once() {}
    loadURL() {
      return Promise.resolve();
    }
  }
  return {
    calls,
    sent,
    contentsListeners,
    /** The button the user picks in a message box: 0 Leave, 1 Stay. */
    messageBoxChoice: 1,
    appListeners,
    showSaveDialog: vi.fn(async (..._a: unknown[]) => ({ canceled: true, filePath: '' })),
    ready: () => ready(),
    FakeBrowserWindow,
    ipcHandlers: new Map<string, unknown>(),
    switches,
    app: {
      commandLine: {
        getSwitchValue: (name: string) => switches.get(name) ?? '',
        appendSwitch: (name: string, value = '') => switches.set(name, value),
      },
      whenReady: () => whenReady,
      requestSingleInstanceLock: () => true,
      quit: vi.fn(),
      exit: vi.fn(),
      getPath: () => '/tmp/fake-user-data',
      getVersion: () => '1.2.3',
      on: (name: string, l: (...a: unknown[]) => void) => appListeners.set(name, [...(appListeners.get(name) ?? []), l]),
    },
    protocol: {
      registerSchemesAsPrivileged: vi.fn((schemes: unknown) => calls.push(`privileged:${JSON.stringify(schemes)}`)),
      handle: vi.fn((scheme: string) => calls.push(`handle:${scheme}`)),
    },
  };
});

vi.mock('electron', () => ({
  app: fake.app,
  protocol: fake.protocol,
  BrowserWindow: fake.FakeBrowserWindow,
  ipcMain: { handle: (name: string, h: unknown) => fake.ipcHandlers.set(name, h), on: vi.fn() },
  shell: { openExternal: vi.fn() },
  dialog: { showSaveDialog: (...a: unknown[]) => fake.showSaveDialog(...a), showMessageBoxSync: () => fake.messageBoxChoice },
  utilityProcess: { fork: vi.fn() },
  Notification: class {
    static isSupported = () => false;
  },
}));
vi.mock('electron-store', () => ({
  default: class {
    map = new Map<string, unknown>();
    get(k: string) {
      return this.map.get(k);
    }
    set(k: string, v: unknown) {
      this.map.set(k, v);
    }
    delete(k: string) {
      this.map.delete(k);
    }
  },
}));

describe('Electron main', () => {
  it('registers app:// as privileged before ready, then the protocol, every IPC channel and one secure window', async () => {
    process.env.API_URL = 'http://127.0.0.1:9';
    process.env.CONSOLE_DATA_DIR = '/tmp/fake-data';
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    await import('../../main/electron/index');
    expect(fake.calls).toEqual([
      `privileged:${JSON.stringify([{ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } }])}`,
    ]);
    // Before ready, the project's V8 flags for the renderers, after the one given at launch.
    expect(fake.switches).toEqual(new Map([['js-flags', `--stack-size=2000 ${JS_FLAGS}`]]));
    fake.ready();
    await vi.waitFor(() => expect(fake.FakeBrowserWindow.all).toHaveLength(1));
    expect(fake.calls[1]).toBe('handle:app');
    const { channelNames } = await import('../../shared/bridge');
    expect([...fake.ipcHandlers.keys()].sort()).toEqual(channelNames.map((n) => `bridge:${n}`).sort());
    const options = fake.FakeBrowserWindow.all[0].options as { webPreferences: Record<string, unknown> };
    expect(options.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true });
    expect(String(options.webPreferences.preload)).toMatch(/preload\.cjs$/);
    log.mockRestore();
  });

  it('answers bridge calls over IPC from the app, refuses other senders', async () => {
    const info = fake.ipcHandlers.get('bridge:systemInfo') as (e: unknown, r: unknown) => Promise<unknown>;
    expect(await info({ senderFrame: { url: 'app://console/' } }, {})).toEqual({
      ok: true,
      value: {
        transport: 'electron',
        apiUrl: 'http://127.0.0.1:9',
        idpUrl: 'http://127.0.0.1:9',
        environment: 'production',
        version: '1.2.3',
      },
    });
    const set = fake.ipcHandlers.get('bridge:settingsSet') as (e: unknown, r: unknown) => Promise<unknown>;
    expect(await set({ senderFrame: { url: 'app://console/' } }, { key: 'drawer', value: { open: true } })).toEqual({
      ok: true,
      value: { ok: true },
    });
    const get = fake.ipcHandlers.get('bridge:settingsGet') as (e: unknown, r: unknown) => Promise<unknown>;
    expect(await get({ senderFrame: { url: 'app://console/' } }, { key: 'drawer' })).toEqual({
      ok: true,
      value: { value: { open: true } },
    });
    expect(await get({ senderFrame: { url: 'https://evil.example/' } }, { key: 'drawer' })).toMatchObject({
      ok: false,
      error: { code: 'forbidden_sender' },
    });
  });
});

describe('Electron main: exports and quitting', () => {
  it('asks the native save dialog where an export goes (chooseExportTarget)', async () => {
    const start = fake.ipcHandlers.get('bridge:exportStart') as (e: unknown, r: unknown) => Promise<unknown>;
    expect(await start({ senderFrame: { url: 'app://console/' } }, { kind: 'search', type: 'tracks', filters: {} })).toEqual({
      ok: true,
      value: { started: false },
    });
    expect(fake.showSaveDialog).toHaveBeenCalledTimes(1);
    const options = fake.showSaveDialog.mock.calls[0].at(-1) as { title: string; defaultPath: string; filters: unknown };
    expect(options).toMatchObject({ title: 'Save export', filters: [{ name: 'CSV', extensions: ['csv'] }] });
    expect(options.defaultPath).toMatch(/\.csv$/);
  });

  it('cancels running exports and job waits only once quitting goes ahead: not when a dirty form says Stay', async () => {
    const { ExportService } = await import('../../main/services/exports');
    const { JobPoller } = await import('../../main/services/job-poller');
    const exportsCancel = vi.spyOn(ExportService.prototype, 'cancelAll');
    const jobsCancel = vi.spyOn(JobPoller.prototype, 'cancelAll');
    const emit = (name: string) => {
      for (const l of fake.appListeners.get(name) ?? []) l({ preventDefault: () => {} });
    };
    const unsavedPrompt = fake.contentsListeners.get('will-prevent-unload')!;
    expect(unsavedPrompt).toBeTypeOf('function');

    // Electron's order: before-quit, then each window's beforeunload; a dirty form asks.
    // Stay: the unload stays prevented (no preventDefault), the quit is abandoned, no will-quit.
    emit('before-quit');
    fake.messageBoxChoice = 1;
    const stay = vi.fn();
    unsavedPrompt({ preventDefault: stay });
    expect(stay).not.toHaveBeenCalled();
    expect(exportsCancel).not.toHaveBeenCalled();
    expect(jobsCancel).not.toHaveBeenCalled();

    // Leave: the unload goes ahead, the windows close, will-quit: now they are cancelled, once.
    emit('before-quit');
    fake.messageBoxChoice = 0;
    const leave = vi.fn();
    unsavedPrompt({ preventDefault: leave });
    expect(leave).toHaveBeenCalledTimes(1);
    expect(exportsCancel).not.toHaveBeenCalled();
    emit('will-quit');
    expect(exportsCancel).toHaveBeenCalledTimes(1);
    expect(jobsCancel).toHaveBeenCalledTimes(1);
    exportsCancel.mockRestore();
    jobsCancel.mockRestore();
  });
});

describe('event forwarding', () => {
  it('sends main events only to windows on app://console', async () => {
    const { EventBus } = await import('../../main/bridge');
    const { forwardEventsToWindows } = await import('../../main/electron/events');
    const bus = new EventBus();
    const sent: Record<string, unknown[][]> = { app: [], other: [] };
    const win = (url: string, key: string) => ({ webContents: { getURL: () => url, send: (...a: unknown[]) => sent[key].push(a) } });
    forwardEventsToWindows(bus, () => [win('app://console/x', 'app'), win('https://evil.example/', 'other')] as never);
    bus.emit('sessionEnded', { reason: 'expired' });
    expect(sent.app).toEqual([['bridge:event', 'sessionEnded', { reason: 'expired' }]]);
    expect(sent.other).toEqual([]);
  });
});
