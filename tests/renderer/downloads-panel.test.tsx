// @vitest-environment happy-dom
/**
 * The downloads panel (issue 18): the header badge counts running exports; the drawer
 * lists main's history with live progress, Cancel, "Show in folder"; in the browser
 * host the renderer raises the web Notification when an export ends (Electron's main
 * raises its own, so the renderer does not there).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { fakeMain } from './fake-main';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import type { BridgeEventPayload } from '../../shared/bridge';
import type { ExportHistoryEntry } from '../../shared/bridge/channels/exports';

const { DownloadsPanel } = await import('../../renderer/features/exports/DownloadsPanel');

type Progress = BridgeEventPayload<'exportProgress'>;

const base: ExportHistoryEntry = {
  exportId: 'a',
  kind: 'search',
  what: 'Releases search',
  filters: { title: 'a', order_by: '-id', columns: 'id,title,label' },
  fileName: 'releases-2026-11-24.csv',
  path: '/dl/releases-2026-11-24.csv',
  folder: '/dl',
  state: 'done',
  rows: 12,
  startedAt: '2026-11-24T10:00:00.000Z',
  finishedAt: '2026-11-24T10:00:02.000Z',
};
const running: ExportHistoryEntry = {
  ...base,
  exportId: 'b',
  fileName: 'tracks-2026-11-24.csv',
  what: 'Tracks search',
  filters: {},
  state: 'running',
  rows: 0,
  finishedAt: null,
};

const notified: { title: string; body?: string }[] = [];
class FakeNotification {
  static permission = 'granted';
  static requestPermission = vi.fn(async () => 'granted');
  constructor(title: string, opts?: { body?: string }) {
    notified.push({ title, body: opts?.body });
  }
}

/** Main's export history, as exportHistory answers it now. */
let history: ExportHistoryEntry[] = [];
/** Main's exportProgress event, delivered to the renderer's listeners. */
const progress = (p: Progress) => act(async () => fakeMain.emit('exportProgress', p));

beforeEach(() => {
  notified.length = 0;
  fakeMain.calls.length = 0;
  vi.stubGlobal('Notification', FakeNotification);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function mount(transport: 'host' | 'electron', entries: ExportHistoryEntry[]) {
  history = entries;
  fakeMain
    .channel('systemInfo', () => ({ transport, apiUrl: 'x', idpUrl: 'y', version: '1', environment: 'sandbox' }))
    .channel('exportHistory', () => ({ entries: history }))
    .channel('exportCancel', () => ({ ok: true }))
    .channel('exportShowInFolder', () => ({ shown: false, path: '/dl/releases-2026-11-24.csv' }));
  render(
    <QueryClientProvider client={new QueryClient()}>
      <App>
        <DownloadsPanel />
      </App>
    </QueryClientProvider>,
  );
}

describe('DownloadsPanel', () => {
  it('badges running exports, lists the history with what/filters/rows/where, shows live progress and cancels', async () => {
    mount('electron', [running, base]);
    await waitFor(() => expect(screen.getByLabelText('Downloads, 1 running')).toBeTruthy());
    fireEvent.click(screen.getByTestId('downloads-button'));
    const items = await screen.findAllByTestId('downloads-item');
    expect(items.map((i) => i.getAttribute('data-state'))).toEqual(['running', 'done']);
    expect(items[1].textContent).toContain('Releases search · 12 rows');
    expect(items[1].textContent).toContain('Filters: title = a · Sorted by -id · 3 columns');
    expect(items[1].textContent).toContain('Saved in /dl');

    await progress({ exportId: 'b', state: 'running', rows: 500, bytes: 1, total: 1000, fileName: running.fileName });
    await waitFor(() => expect(within(items[0]).getByText('50%')).toBeTruthy());
    expect(items[0].textContent).toContain('500 rows');
    fireEvent.click(within(items[0]).getByTestId('downloads-cancel'));
    expect(fakeMain.requestsOf('exportCancel')).toContainEqual({ exportId: 'b' });

    fireEvent.click(within(items[1]).getByTestId('downloads-show-in-folder'));
    await waitFor(() =>
      expect(screen.getByText('Your browser cannot open folders. The file is at /dl/releases-2026-11-24.csv')).toBeTruthy(),
    );
  });

  it("re-reads main's history when an export starts or ends", async () => {
    mount('electron', []);
    await waitFor(() => expect(fakeMain.requestsOf('exportHistory')).toHaveLength(1));
    history = [running];
    await progress({ exportId: 'b', state: 'running', rows: 0, bytes: 0, total: null, fileName: running.fileName });
    await waitFor(() => expect(screen.getByLabelText('Downloads, 1 running')).toBeTruthy());
    history = [{ ...running, state: 'done', rows: 3 }];
    await progress({ exportId: 'b', state: 'done', rows: 3, bytes: 9, total: 3, fileName: running.fileName });
    await waitFor(() => expect(screen.getByLabelText('Downloads')).toBeTruthy());
    expect(notified).toEqual([]);
  });

  it('in the browser host, raises the web Notification naming the file when an export ends', async () => {
    mount('host', [running]);
    await waitFor(() => expect(screen.getByLabelText('Downloads, 1 running')).toBeTruthy());
    await progress({ exportId: 'b', state: 'done', rows: 1234, bytes: 9, total: 1234, fileName: running.fileName });
    expect(notified).toEqual([{ title: 'Export finished', body: 'tracks-2026-11-24.csv: 1,234 rows saved in /dl' }]);
    await progress({ exportId: 'b', state: 'cancelled', rows: 3, bytes: 9, total: 3, fileName: running.fileName });
    expect(notified).toHaveLength(1);
  });
});
