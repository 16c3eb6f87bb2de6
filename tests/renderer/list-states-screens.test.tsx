// @vitest-environment happy-dom
/**
 * Issue 29 on whole screens (the console over the fake main): the search list shows a
 * skeleton and never "No data" while its first page loads, an empty answer without
 * filters in words and with filters "No results for …" with Clear filters, a failure in
 * §8's words with a Retry that asks again; the bulk-edit preview names each track by
 * its title and artists as the list showed them.
 */
import { fakeMain, refuse, pageOf } from './fake-main';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Provider, createStore } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { listEndpoints, trackEndpoints } from '../../shared/api/endpoints';
import { MSG } from '../../shared/messages';

const { renderConsole } = await import('./console-harness');
const { default: BulkEditDialog } = await import('../../renderer/features/records/BulkEditDialog');
const { authAtom } = await import('../../renderer/lib/store');

afterEach(() => {
  cleanup();
  fakeMain.calls.length = 0;
  fakeMain.api.calls.length = 0;
});

const envelope = <T,>(results: T[]) => pageOf(results);
const tracks = listEndpoints('tracks').list;
const noData = () => screen.queryAllByText('No data').filter((el) => el.tagName.toLowerCase() !== 'title');

describe('the search list', () => {
  it('shows a skeleton, not "No data", until the first page answers; then the empty text', async () => {
    let answer!: (v: unknown) => void;
    fakeMain.api.on(tracks, () => new Promise((resolve) => (answer = resolve as never)));
    await renderConsole({ account: 'admin', path: '/catalog?type=tracks' });
    const results = await screen.findByTestId('search-results', undefined, { timeout: 10_000 });
    await waitFor(() => expect(within(results).getByTestId('list-loading')).toBeTruthy());
    expect(noData()).toHaveLength(0);
    await act(async () => answer(envelope([])));
    await waitFor(() => expect(within(results).queryByTestId('list-loading')).toBeNull());
    expect(within(results).getByText('There are no tracks to show yet.')).toBeTruthy();
    expect(noData()).toHaveLength(0);
  });

  it('an empty answer to filters names them and offers Clear filters', async () => {
    fakeMain.api.on(tracks, () => envelope([]));
    await renderConsole({ account: 'admin', path: '/catalog?type=tracks&artist=Nobody' });
    const empty = await screen.findByTestId('search-empty', undefined, { timeout: 10_000 });
    expect(empty.textContent).toContain('No results for Artist: Nobody.');
    expect(within(empty).getByTestId('empty-clear-filters')).toBeTruthy();
  });

  it("a failure shows §8's text, and Retry asks again and shows the rows", async () => {
    let fail = true;
    fakeMain.api.on(tracks, () => (fail ? refuse(404) : envelope([{ id: 5, title: 'Back Again', artists: [{ id: 1, name: 'Ann' }] }])));
    await renderConsole({ account: 'admin', path: '/catalog?type=tracks' });
    const alert = await screen.findByTestId('search-error', undefined, { timeout: 10_000 });
    expect(alert.textContent).toContain(MSG.requestFailed('Not Found'));
    const before = fakeMain.api.callsOf(tracks).length;
    fail = false;
    fireEvent.click(within(alert).getByTestId('list-retry'));
    await screen.findByText('Back Again');
    expect(fakeMain.api.callsOf(tracks).length).toBeGreaterThan(before);
    expect(screen.queryByTestId('search-error')).toBeNull();
  });
});

describe('the bulk-edit preview', () => {
  it('names each track by its title and artists from the list', async () => {
    const seen = new Map<React.Key, unknown>([
      [
        11,
        {
          id: 11,
          version: 1,
          title: 'First Light',
          artists: [
            { id: 1, name: 'Ann' },
            { id: 2, name: 'Bo' },
          ],
        },
      ],
      [12, { id: 12, version: 3, title: 'Second Wind', artists: [{ id: 3, name: 'Cy' }] }],
    ]);
    fakeMain.api.on(trackEndpoints.bulkEdit, ({ body }) => ({
      preview: true,
      applied: false,
      changed: body.rows.length,
      refused: 0,
      rows: body.rows.map((r) => ({ id: r.id, version: r.version, changes: { bpm: { old: 120, new: 77 } }, refused: null })),
    }));
    const store = createStore();
    store.set(authAtom, {
      type: 'REFRESH_USER',
      user: {
        userId: 1,
        username: 'u',
        scope: 'app:control staff:admin brand:dance',
        features: [],
        brand: 'brand:dance',
        brands: ['brand:dance'],
      },
    });
    render(
      <MemoryRouter>
        <Provider store={store}>
          <QueryClientProvider client={new QueryClient()}>
            <App>
              <BulkEditDialog
                rows={[
                  { id: 11, version: 1 },
                  { id: 12, version: 3 },
                ]}
                seen={seen}
                onClose={() => undefined}
              />
            </App>
          </QueryClientProvider>
        </Provider>
      </MemoryRouter>,
    );
    const select = await screen.findByTestId('bulk-fields');
    await act(async () => fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select));
    const option = await waitFor(() => {
      const o = [...document.querySelectorAll('.ant-select-item-option')].find((x) => x.textContent === 'BPM');
      if (!o) throw new Error('no BPM option');
      return o as HTMLElement;
    });
    await act(async () => fireEvent.click(option));
    const bpm = await waitFor(() => document.querySelector<HTMLInputElement>('#field-bulk-bpm')!);
    fireEvent.change(bpm, { target: { value: '77' } });
    fireEvent.click(screen.getByTestId('bulk-preview'));
    await screen.findByTestId('bulk-preview-table');
    const tracksShown = screen.getAllByTestId('bulk-track').map((e) => e.textContent);
    const artistsShown = screen.getAllByTestId('bulk-artists').map((e) => e.textContent);
    expect(tracksShown).toEqual(['First Light · 11', 'Second Wind · 12']);
    expect(artistsShown).toEqual(['Ann, Bo', 'Cy']);
    expect(screen.getByRole('link', { name: 'First Light' }).getAttribute('href')).toBe('/catalog/tracks/11');
  });

  it("takes the title and artists in the list's words; none for a track the list never showed", async () => {
    const { trackName } = await import('../../renderer/features/records/BulkEditDialog');
    expect(trackName(undefined)).toEqual({ title: '', artists: '' });
    expect(trackName({ id: 1, title: 'T', artists: [{ id: 1, name: 'A' }] })).toEqual({ title: 'T', artists: 'A' });
  });
});
