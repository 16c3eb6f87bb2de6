// @vitest-environment happy-dom
/**
 * The command palette in the shell (issue 18): Ctrl+K wherever focus is opens it with the
 * combobox focused and its highlighted option named by aria-activedescendant; the arrows move
 * it; Enter runs it (a record route, the list's export); Esc closes and gives focus back.
 * The search list's Export CSV button registers its export for the palette while it can start.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { Provider, createStore } from 'jotai';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { fakeMain } from './fake-main';
import type * as PaletteHostModule from '../../renderer/app/palette/PaletteHost';

// A PaletteHost of this file's own (the query makes a module apart from the one the worker's
// other files share): its lazy palette has not loaded yet, whatever ran before in this
// worker, so its first render suspends as in a fresh app (the first test needs that).
const { PaletteHost } = (await import('../../renderer/app/palette/PaletteHost?command-palette' as string)) as typeof PaletteHostModule;
// Loaded once up front (a slow first transform must not eat the tests' waits); the palette's lazy
// component still suspends on its first render, as in the app.
await import('../../renderer/app/palette/CommandPalette');
const { ExportButton } = await import('../../renderer/features/search/ExportButton');
const { listExportAtom } = await import('../../renderer/features/search/list-export');
const { authAtom } = await import('../../renderer/lib/store');

afterEach(cleanup);

function Where() {
  const { pathname } = useLocation();
  return <output data-testid="where">{pathname}</output>;
}

function setup() {
  const store = createStore();
  store.set(authAtom, {
    type: 'REFRESH_USER',
    user: {
      userId: 1,
      username: 'admin',
      scope: 'app:control staff:admin brand:dance brand:dj',
      features: [],
      brand: 'brand:dance',
      brands: ['brand:dance', 'brand:dj'],
    },
  });
  render(
    <Provider store={store}>
      <QueryClientProvider client={new QueryClient()}>
        <App>
          <MemoryRouter initialEntries={['/help']}>
            <button type="button">Before</button>
            <Where />
            <PaletteHost />
          </MemoryRouter>
        </App>
      </QueryClientProvider>
    </Provider>,
  );
  return store;
}

const input = () => screen.getByRole('combobox', { name: 'Command' });
const active = () => document.getElementById(input().getAttribute('aria-activedescendant') ?? '');

/**
 * Types as a browser does, with no wait between keys: each key goes to whatever has focus at
 * that moment, and a text field takes the character unless the key press was cancelled.
 */
function typeNow(keys: string) {
  for (const key of keys === '\n' ? ['Enter'] : [...keys]) {
    const target = document.activeElement ?? document.body;
    const taken = fireEvent.keyDown(target, { key });
    if (taken && key.length === 1 && target instanceof HTMLInputElement)
      fireEvent.change(target, { target: { value: target.value + key } });
  }
}

async function open() {
  fireEvent.keyDown(document.activeElement ?? document.body, { key: 'k', ctrlKey: true });
  await waitFor(() => expect(document.activeElement).toBe(input()));
}

describe('CommandPalette', () => {
  it('keeps every key typed at once after Ctrl+K, before the palette could take focus (issue 29)', async () => {
    setup();
    const before = screen.getByRole('button', { name: 'Before' });
    before.focus();
    const pageKeys = vi.fn();
    before.addEventListener('keydown', pageKeys);
    fireEvent.keyDown(before, { key: 'k', ctrlKey: true });
    // The palette's component has not rendered yet (its first render suspends: this test comes first).
    expect(screen.queryByRole('combobox', { name: 'Command' })).toBeNull();
    typeNow('salex');
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Backspace' });
    typeNow('s');
    await waitFor(() => expect(document.activeElement).toBe(input()));
    expect((input() as HTMLInputElement).value).toBe('sales');
    // The page saw none of them.
    expect(pageKeys).not.toHaveBeenCalled();
    // Typing goes on in the input.
    typeNow(' x');
    expect((input() as HTMLInputElement).value).toBe('sales x');
  });

  it('Ctrl+K opens it from a focused control; "track 12" and Enter go to the track page', async () => {
    setup();
    screen.getByRole('button', { name: 'Before' }).focus();
    expect(screen.queryByRole('dialog')).toBeNull();
    await open();
    expect(screen.getByRole('dialog')).toBeTruthy();
    fireEvent.change(input(), { target: { value: 'track 12' } });
    expect(active()?.getAttribute('role')).toBe('option');
    expect(active()?.getAttribute('aria-selected')).toBe('true');
    expect(active()?.textContent).toContain('Open track #12');
    fireEvent.keyDown(input(), { key: 'Enter' });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/catalog/tracks/12'));
  });

  it('Enter typed at once after the text runs the first command for it', async () => {
    setup();
    fireEvent.keyDown(document.body, { key: 'k', ctrlKey: true });
    typeNow('track 7');
    typeNow('\n');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/catalog/tracks/7'));
  });

  it('the arrows move the highlight (wrapping), Home/End jump; Esc closes and focus returns', async () => {
    setup();
    const before = screen.getByRole('button', { name: 'Before' });
    before.focus();
    await open();
    const options = screen.getAllByRole('option');
    expect(active()).toBe(options[0]);
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    expect(active()).toBe(options[1]);
    fireEvent.keyDown(input(), { key: 'ArrowUp' });
    fireEvent.keyDown(input(), { key: 'ArrowUp' });
    expect(active()).toBe(screen.getAllByRole('option').at(-1));
    fireEvent.keyDown(input(), { key: 'Home' });
    expect(active()).toBe(options[0]);
    fireEvent.keyDown(input(), { key: 'End' });
    expect(active()).toBe(screen.getAllByRole('option').at(-1));
    fireEvent.keyDown(input(), { key: 'Escape' });
    // happy-dom runs no CSS animation: end the closing one as the browser would.
    const leaving = await waitFor(() => {
      const el = document.querySelector<HTMLElement>('.ant-zoom-leave-active');
      expect(el).not.toBeNull();
      return el!;
    });
    fireEvent.animationEnd(leaving);
    await waitFor(() => expect(document.activeElement).toBe(before));
    expect(screen.getByTestId('where').textContent).toBe('/help');
  });

  it('offers the list export while one is registered, and Enter runs it', async () => {
    const store = setup();
    await open();
    fireEvent.change(input(), { target: { value: 'export' } });
    expect(screen.queryByText('Export this list to CSV')).toBeNull();
    const run = vi.fn();
    act(() => store.set(listExportAtom, { run }));
    expect(active()?.textContent).toContain('Export this list to CSV');
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(run).toHaveBeenCalledOnce();
  });
});

describe('ExportButton and the palette', () => {
  it('a search list registers its export while it can start: not over an empty list, not after unmounting', async () => {
    const store = createStore();
    fakeMain.channel('exportStart', () => ({ started: true, exportId: 'p1', fileName: 'releases.csv', folder: '/tmp' }));
    const list = (total: number) => (
      <Provider store={store}>
        <App>
          <ExportButton type="releases" filters={{ title: 'a' }} orderBy={null} columns={['id']} total={total} />
        </App>
      </Provider>
    );
    const view = render(list(0));
    expect(store.get(listExportAtom)).toBeNull();
    view.rerender(list(3));
    const registered = store.get(listExportAtom);
    expect(registered).not.toBeNull();
    act(() => registered!.run());
    await waitFor(() =>
      expect(fakeMain.requestsOf('exportStart')).toContainEqual({
        kind: 'search',
        type: 'releases',
        filters: { title: 'a' },
        orderBy: null,
        columns: ['id'],
      }),
    );
    // While it runs, the palette offers no second one.
    await waitFor(() => expect(screen.getByTestId('export-progress')).toBeTruthy());
    expect(store.get(listExportAtom)).toBeNull();
    view.unmount();
    expect(store.get(listExportAtom)).toBeNull();
  });

  it("another CSV (an order's items) is not the list on screen and registers nothing", () => {
    const store = createStore();
    render(
      <Provider store={store}>
        <App>
          <ExportButton start={() => Promise.resolve({ started: false })} label="Order items CSV" />
        </App>
      </Provider>,
    );
    expect(screen.getByText('Order items CSV')).toBeTruthy();
    expect(store.get(listExportAtom)).toBeNull();
  });
});
