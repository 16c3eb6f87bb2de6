// @vitest-environment happy-dom
/**
 * CSV export's finished notice (issue 12): it names the saved file and its folder and
 * offers "Show in folder" (a bridge call to main); where main cannot show folders (the
 * browser host answers shown: false) the notice gives the file's path instead.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { fakeMain } from './fake-main';
import { App } from 'antd';

const { ExportButton } = await import('../../renderer/features/search/ExportButton');

beforeEach(() => {
  fakeMain.calls.length = 0;
});
afterEach(cleanup);

async function exportDone(shown: boolean) {
  fakeMain
    .channel('exportStart', () => ({
      started: true,
      exportId: 'x1',
      fileName: 'releases-2026-11-24 (1).csv',
      folder: '/home/ada/Downloads',
    }))
    .channel('exportShowInFolder', () => ({ shown, path: '/home/ada/Downloads/releases-2026-11-24 (1).csv' }));
  render(
    <App>
      <ExportButton type="releases" filters={{}} orderBy={null} columns={['id']} total={3} />
    </App>,
  );
  fireEvent.click(screen.getByTestId('export-button'));
  await waitFor(() => expect(screen.getByTestId('export-progress')).toBeTruthy());
  await act(async () =>
    fakeMain.emit('exportProgress', {
      exportId: 'x1',
      state: 'done',
      rows: 3,
      bytes: 10,
      total: 3,
      fileName: 'releases-2026-11-24 (1).csv',
    }),
  );
  await waitFor(() => expect(screen.getByText('Exported 3 rows to releases-2026-11-24 (1).csv')).toBeTruthy());
  expect(screen.getByText('Saved in /home/ada/Downloads')).toBeTruthy();
  fireEvent.click(screen.getByTestId('export-show-in-folder'));
  await waitFor(() => expect(fakeMain.requestsOf('exportShowInFolder')).toContainEqual({ exportId: 'x1' }));
}

describe('ExportButton', () => {
  it('names the saved file and folder, and asks main to show it in its folder', async () => {
    await exportDone(true);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText(/Your browser cannot open folders/)).toBeNull();
  });

  it('gives the path where main cannot show folders (the browser host)', async () => {
    await exportDone(false);
    await waitFor(() =>
      expect(
        screen.getByText('Your browser cannot open folders. The file is at /home/ada/Downloads/releases-2026-11-24 (1).csv'),
      ).toBeTruthy(),
    );
  });
});
