// @vitest-environment happy-dom
/**
 * Saved views, the bulk action bar and the date-range filter value, as the search
 * screen uses them: a view saved before the stored views have loaded keeps them,
 * deleting a view asks first and removes only that view, the bulk bar runs its
 * actions on the selection, and date ranges are sent as YYYY-MM-DD.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { fakeMain } from './fake-main';
import { App } from 'antd';
import dayjs from 'dayjs';
import { MSG } from '../../shared/messages';
import { createStore, Provider } from 'jotai';
import {
  BULK_SELECT_LIMIT,
  emptySavedViews,
  fetchAll,
  loadSavedViews,
  saveView,
  viewsOf,
  type SavedView,
  type SavedViews,
} from '../../shared/search';

const { savedViewsAtom, loadSavedViewsAtom, savedViewsLoadedAtom } = await import('../../renderer/features/search/saved-views-state');
const { SavedViewsControl } = await import('../../renderer/features/search/SavedViewsControl');
const { BulkActionBar } = await import('../../renderer/features/search/BulkActionBar');
const { rangeFilterValue } = await import('../../renderer/features/search/date-range');
const { currentConfirm, settleConfirm } = await import('../../renderer/ui/confirm');

/** What main's settings store holds for the saved views: each test answers settingsGet; settingsSet is the fake main's own store. */
const answerViews = (answer: () => { value: unknown } | Promise<{ value: unknown }>) => fakeMain.channel('settingsGet', answer);
const settingsSets = () => fakeMain.requestsOf('settingsSet');

const view = (name: string, extra: Partial<SavedView> = {}): SavedView => ({
  id: `id-${name}`,
  name,
  type: 'tracks',
  createdAt: '2026-01-01T00:00:00.000Z',
  filters: { title: name },
  columns: ['bpm'],
  orderBy: null,
  ...extra,
});
const stored = (...views: SavedView[]): SavedViews => views.reduce((all, v) => saveView(all, 1, v), emptySavedViews());

beforeEach(() => {
  fakeMain.reset();
});
afterEach(() => {
  cleanup();
  for (let open = currentConfirm(); open; open = currentConfirm()) settleConfirm(open.id, false);
});

describe('saved views state', () => {
  it('a view saved before the stored views have loaded is added to them, not written over them', async () => {
    let finishLoad!: (v: { value: unknown }) => void;
    const load = new Promise<{ value: unknown }>((r) => (finishLoad = r));
    answerViews(() => load);
    const store = createStore();
    void store.set(loadSavedViewsAtom);
    expect(store.get(savedViewsLoadedAtom)).toBe(false);
    const write = store.set(savedViewsAtom, (current) => saveView(current, 1, view('New')));
    // Nothing is persisted while the stored views are unknown.
    expect(settingsSets()).toEqual([]);
    finishLoad({ value: stored(view('Old')) });
    await write;
    const names = viewsOf(store.get(savedViewsAtom), 1, 'tracks')
      .map((v) => v.name)
      .sort();
    expect(names).toEqual(['New', 'Old']);
    expect(settingsSets()).toHaveLength(1);
    const persisted = loadSavedViews(settingsSets()[0].value);
    expect(
      viewsOf(persisted, 1, 'tracks')
        .map((v) => v.name)
        .sort(),
    ).toEqual(['New', 'Old']);
  });

  it('a write with no load started loads first, once', async () => {
    answerViews(() => ({ value: stored(view('Old')) }));
    const store = createStore();
    await store.set(savedViewsAtom, (current) => saveView(current, 1, view('A')));
    await store.set(savedViewsAtom, (current) => saveView(current, 1, view('B')));
    expect(fakeMain.requestsOf('settingsGet')).toHaveLength(1);
    expect(
      viewsOf(store.get(savedViewsAtom), 1, 'tracks')
        .map((v) => v.name)
        .sort(),
    ).toEqual(['A', 'B', 'Old']);
  });
});

describe('SavedViewsControl', () => {
  async function renderControl(onApply = vi.fn()) {
    answerViews(() => ({ value: stored(view('Keep'), view('Drop', { filters: { title: 'drop' } })) }));
    const store = createStore();
    render(
      <Provider store={store}>
        <App>
          <SavedViewsControl userId={1} type="tracks" current={{ filters: {}, columns: [], orderBy: null }} onApply={onApply} />
        </App>
      </Provider>,
    );
    await waitFor(() => expect(store.get(savedViewsLoadedAtom)).toBe(true));
    return { store, onApply };
  }

  async function choose(name: string) {
    fireEvent.mouseDown(screen.getByTestId('saved-views').querySelector('.ant-select-selector') ?? screen.getByLabelText('Saved views'));
    const option = await screen.findByTitle(name);
    fireEvent.click(option);
  }

  it('applies a chosen view, and deletes it after the delete confirmation, keeping the others', async () => {
    const { store, onApply } = await renderControl();
    expect(screen.queryByTestId('delete-view')).toBeNull();
    await choose('Drop');
    expect(onApply).toHaveBeenCalledWith(expect.objectContaining({ name: 'Drop', filters: { title: 'drop' } }));
    fireEvent.click(screen.getByTestId('delete-view'));
    await waitFor(() => expect(currentConfirm()).not.toBeNull());
    const ask = currentConfirm()!;
    expect(ask.theme).toBe('delete');
    expect(String(ask.message)).toContain('Drop');
    await act(async () => settleConfirm(ask.id, true));
    await waitFor(() => expect(viewsOf(store.get(savedViewsAtom), 1, 'tracks').map((v) => v.name)).toEqual(['Keep']));
    const persisted = loadSavedViews(settingsSets().at(-1)!.value);
    expect(viewsOf(persisted, 1, 'tracks').map((v) => v.name)).toEqual(['Keep']);
    await waitFor(() => expect(screen.queryByTestId('delete-view')).toBeNull());
  });

  it('keeps the view when the delete is cancelled', async () => {
    const { store } = await renderControl();
    await choose('Drop');
    fireEvent.click(screen.getByTestId('delete-view'));
    await waitFor(() => expect(currentConfirm()).not.toBeNull());
    await act(async () => settleConfirm(currentConfirm()!.id, false));
    expect(
      viewsOf(store.get(savedViewsAtom), 1, 'tracks')
        .map((v) => v.name)
        .sort(),
    ).toEqual(['Drop', 'Keep']);
    expect(settingsSets()).toEqual([]);
  });
});

describe('BulkActionBar', () => {
  // The clipboard a test put on navigator goes with it (the worker's next file has its own).
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'clipboard');
  });
  const bar = (selected: React.Key[], run = vi.fn(), onClear = vi.fn()) => {
    render(
      <App>
        <BulkActionBar selected={selected} actions={[{ key: 'reingest', label: 'Re-ingest', run }]} onClear={onClear} />
      </App>,
    );
    return { run, onClear };
  };

  it('is absent with nothing selected', () => {
    bar([]);
    expect(screen.queryByTestId('bulk-bar')).toBeNull();
  });

  it('shows the count, runs an action on the selection, copies the ids and clears', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { run, onClear } = bar([3, 5, 8]);
    expect(screen.getByTestId('bulk-bar').textContent).toContain('3 selected');
    fireEvent.click(screen.getByRole('button', { name: 'Re-ingest' }));
    expect(run).toHaveBeenCalledWith([3, 5, 8]);
    fireEvent.click(screen.getByRole('button', { name: 'Copy IDs' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('3,5,8'));
    fireEvent.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(onClear).toHaveBeenCalled();
  });

  it('shows a failing action’s error', async () => {
    bar([1], vi.fn().mockRejectedValue(new Error('Re-ingestion is blocked')));
    fireEvent.click(screen.getByRole('button', { name: 'Re-ingest' }));
    expect(await screen.findByText(/Re-ingestion is blocked/)).toBeTruthy();
  });
});

describe('BulkActionBar: select all results', () => {
  /** 7 results over pages of 3 ("n/3"); ids 1..7, the fetch-all helper reads the last page from the envelope. */
  const pages = (page: number) => {
    const ids = [1, 2, 3, 4, 5, 6, 7].slice((page - 1) * 3, page * 3);
    return Promise.resolve({ count: 7, next: null, previous: null, page: `${page}/3`, per_page: 3, results: ids.map((id) => ({ id })) });
  };
  const selectAll = (total: number, onSelected = vi.fn(), source = pages) => ({
    total,
    pageRows: 3,
    fetchIds: async (onPage: (d: number, l: number) => void, signal: AbortSignal) =>
      (await fetchAll(source, { signal, onPage, concurrency: 2 })).map((r) => r.id),
    onSelected,
  });

  it('offers every result once the whole page is selected, and selects them all in order', async () => {
    const onSelected = vi.fn();
    render(
      <App>
        <BulkActionBar selected={[1, 2, 3]} actions={[]} onClear={vi.fn()} selectAll={selectAll(7, onSelected)} />
      </App>,
    );
    fireEvent.click(screen.getByTestId('select-all'));
    await waitFor(() => expect(onSelected).toHaveBeenCalledWith([1, 2, 3, 4, 5, 6, 7]));
    expect(screen.getByTestId('select-all').textContent).toBe('Select all 7 results');
  });

  it('is not offered for part of a page, nor when everything is already selected', () => {
    render(
      <App>
        <BulkActionBar selected={[1]} actions={[]} onClear={vi.fn()} selectAll={selectAll(7)} />
      </App>,
    );
    expect(screen.queryByTestId('select-all')).toBeNull();
    cleanup();
    render(
      <App>
        <BulkActionBar selected={[1, 2, 3, 4, 5, 6, 7]} actions={[]} onClear={vi.fn()} selectAll={selectAll(7)} />
      </App>,
    );
    expect(screen.queryByTestId('select-all')).toBeNull();
  });

  it(`is disabled past the limit (${BULK_SELECT_LIMIT.toLocaleString('en-US')})`, () => {
    render(
      <App>
        <BulkActionBar selected={[1, 2, 3]} actions={[]} onClear={vi.fn()} selectAll={selectAll(BULK_SELECT_LIMIT + 1)} />
      </App>,
    );
    expect((screen.getByTestId('select-all') as HTMLButtonElement).disabled).toBe(true);
  });

  it('a failed fetch shows the §8 request-failed message and keeps the selection', async () => {
    const onSelected = vi.fn();
    const failing = async (page: number) => (page > 1 ? Promise.reject(new Error('Service Unavailable')) : pages(page));
    render(
      <App>
        <BulkActionBar selected={[1, 2, 3]} actions={[]} onClear={vi.fn()} selectAll={selectAll(7, onSelected, failing)} />
      </App>,
    );
    fireEvent.click(screen.getByTestId('select-all'));
    expect(await screen.findByText(MSG.requestFailed('Service Unavailable'))).toBeTruthy();
    expect(onSelected).not.toHaveBeenCalled();
  });

  it('Stop abandons the fetch and keeps the selection as it was', async () => {
    const onSelected = vi.fn();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow = async (page: number) => {
      if (page > 1) await gate;
      return pages(page);
    };
    render(
      <App>
        <BulkActionBar selected={[1, 2, 3]} actions={[]} onClear={vi.fn()} selectAll={selectAll(7, onSelected, slow)} />
      </App>,
    );
    fireEvent.click(screen.getByTestId('select-all'));
    await screen.findByTestId('select-all-progress');
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    release();
    await waitFor(() => expect(screen.queryByTestId('select-all-progress')).toBeNull());
    expect(onSelected).not.toHaveBeenCalled();
  });
});

describe('date-range filter value', () => {
  it('sends the picked calendar days as YYYY-MM-DD:YYYY-MM-DD, either end open', () => {
    expect(rangeFilterValue([dayjs('2024-03-07'), dayjs('2024-04-01')])).toBe('2024-03-07:2024-04-01');
    expect(rangeFilterValue([dayjs('2024-03-07'), null])).toBe('2024-03-07:');
    expect(rangeFilterValue([null, dayjs('2024-12-31')])).toBe(':2024-12-31');
    expect(rangeFilterValue([null, null])).toBeNull();
    expect(rangeFilterValue(null)).toBeNull();
    // A local late-evening time keeps its own day (no shift through UTC).
    expect(rangeFilterValue([dayjs(new Date(2024, 0, 31, 23, 30)), null])).toBe('2024-01-31:');
  });
});
