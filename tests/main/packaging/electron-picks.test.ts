/**
 * Electron's side of "reads only what the user picked": the preload tells main the
 * path of a real drop over a private message (not a bridge channel), main hears it
 * only from the console's own frame, and the native audio filter offers every
 * extension the scanner reads.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const fake = vi.hoisted(() => ({
  sent: [] as Array<[string, unknown]>,
  mainListeners: new Map<string, (event: unknown, ...args: unknown[]) => void>(),
  showOpenDialog: vi.fn(async (..._args: unknown[]) => ({ canceled: false, filePaths: ['/music/a.aifc'] })),
}));

vi.mock('electron', () => ({
  BrowserWindow: { getFocusedWindow: () => null, getAllWindows: () => [] },
  dialog: { showOpenDialog: fake.showOpenDialog },
  ipcMain: { on: vi.fn((ch: string, l: (event: unknown, ...args: unknown[]) => void) => fake.mainListeners.set(ch, l)) },
  ipcRenderer: { invoke: vi.fn(), on: vi.fn(), removeListener: vi.fn(), send: vi.fn((ch: string, v: unknown) => fake.sent.push([ch, v])) },
  contextBridge: { exposeInMainWorld: vi.fn() },
  webUtils: { getPathForFile: vi.fn() },
}));

import { electronPackagingDialogs } from '../../../main/electron/dialogs';
import { AUDIO_EXTENSIONS } from '../../../main/services/packaging/scanner';
import { PACKAGING_DROP_IPC } from '../../../shared/packaging/ipc';
import { channelNames } from '../../../shared/bridge';
import { buildPreloadApi } from '../../../preload/index';

beforeEach(() => {
  fake.sent.length = 0;
});

describe('drops in Electron', () => {
  const ipc = { invoke: vi.fn(), on: vi.fn(), removeListener: vi.fn(), send: vi.fn((ch: string, v: unknown) => fake.sent.push([ch, v])) };

  it("the preload reports a real drop's path to main privately; a file without a path reports nothing", () => {
    const api = buildPreloadApi(
      ipc as never,
      { getPathForFile: (f: { name: string }) => (f.name === 'made-up' ? '' : `/music/${f.name}`) } as never,
    );
    expect(api.getPathForFile!({ name: 'a.wav' })).toBe('/music/a.wav');
    expect(api.getPathForFile!({ name: 'made-up' })).toBe('');
    expect(fake.sent).toEqual([[PACKAGING_DROP_IPC, '/music/a.wav']]);
    // the message is not a bridge channel the renderer could call
    expect(channelNames.some((n) => PACKAGING_DROP_IPC.includes(n))).toBe(false);
    expect(Object.keys(api.calls)).not.toContain(PACKAGING_DROP_IPC);
  });

  it("main hears drops only from the console's own frame, and only absolute paths", () => {
    const heard: string[] = [];
    electronPackagingDialogs.onDrop!((p) => heard.push(p));
    const listener = fake.mainListeners.get(PACKAGING_DROP_IPC)!;
    listener({ senderFrame: { url: 'https://evil.example/' } }, '/etc');
    listener({ senderFrame: null }, '/etc');
    listener({ senderFrame: { url: 'app://console/packaging' } }, 'relative/path');
    listener({ senderFrame: { url: 'app://console/packaging' } }, 42);
    listener({ senderFrame: { url: 'app://console/packaging' } }, '/music/a.wav');
    expect(heard).toEqual(['/music/a.wav']);
  });
});

describe('native audio filter', () => {
  it('offers every extension the scanner reads, aifc included', async () => {
    await electronPackagingDialogs.pick('audioFiles');
    const options = fake.showOpenDialog.mock.calls.at(-1)!.at(-1) as { filters: { extensions: string[] }[] };
    expect(options.filters[0].extensions.map((e) => `.${e}`).sort()).toEqual([...AUDIO_EXTENSIONS].sort());
  });
});
