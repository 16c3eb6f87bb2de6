/** Electron main refuses a plain-http API_URL off loopback at start, before the sandbox or a window. */
import { describe, expect, it, vi } from 'vitest';

const fake = vi.hoisted(() => {
  let ready!: () => void;
  const whenReady = new Promise<void>((r) => (ready = r));
  return {
    ready: () => ready(),
    windows: [] as unknown[],
    fork: vi.fn(),
    app: {
      whenReady: () => whenReady,
      requestSingleInstanceLock: () => true,
      quit: vi.fn(),
      exit: vi.fn(),
      getPath: () => '/tmp/fake-user-data',
      getVersion: () => '1.2.3',
      on: vi.fn(),
      commandLine: { getSwitchValue: () => '', appendSwitch: vi.fn() },
    },
  };
});

vi.mock('electron', () => ({
  app: fake.app,
  protocol: { registerSchemesAsPrivileged: vi.fn(), handle: vi.fn() },
  BrowserWindow: class {
    static getAllWindows = () => fake.windows;
    constructor() {
      fake.windows.push(this);
    }
  },
  ipcMain: { handle: vi.fn(), on: vi.fn() },
  shell: { openExternal: vi.fn() },
  dialog: {},
  utilityProcess: { fork: fake.fork },
}));
vi.mock('electron-store', () => ({ default: class {} }));

describe('Electron main with API_URL on plain http off loopback', () => {
  it('stops with a message that says https is required, starting no sandbox and no window', async () => {
    process.env.API_URL = 'http://api.store.example';
    delete process.env.IDP_URL;
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await import('../../main/electron/index');
    fake.ready();
    await vi.waitFor(() => expect(fake.app.exit).toHaveBeenCalledWith(1));
    expect(error).toHaveBeenCalledWith(
      expect.stringMatching(
        /^Console failed to start: API_URL must use https: http:\/\/api\.store\.example would carry sign-in tokens in clear\./,
      ),
    );
    expect(fake.fork).not.toHaveBeenCalled();
    expect(fake.windows).toHaveLength(0);
    error.mockRestore();
    delete process.env.API_URL;
  });
});
