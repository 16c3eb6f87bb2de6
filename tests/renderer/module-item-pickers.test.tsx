// @vitest-environment happy-dom
/**
 * A page module's Items tab adds an Artist item that names an artist and a Label item
 * that names a label (issue 27): the picker is labelled by the type, searches that type
 * (autocomplete), sends item_id, needs no image, and the added item is listed by name. A
 * Track item's picker tells same-named tracks apart (issue 29: artists, mix, release, ID).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { fakeMain, reply, pageOf } from './fake-main';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Provider, createStore } from 'jotai';
import { pageModuleEndpoints, searchEndpoints, type ModuleItem } from '../../shared/api/endpoints';
import { auxiliaryEndpoint } from '../../shared/api/endpoints/auxiliary';

const { default: ModuleItemsTab } = await import('../../renderer/features/curation/ModuleItemsTab');
const { authAtom } = await import('../../renderer/lib/store');

const TYPES = ['Track', 'Release', 'Chart', 'Playlist', 'Artist', 'Label', 'YouTube Video', 'External Link'].map((name, i) => ({
  id: i + 1,
  name,
}));
const FOUND: Record<string, { type: string; id: number; name: string; detail: string }> = {
  artists: { type: 'artists', id: 41, name: 'Dana Vale', detail: '' },
  labels: { type: 'labels', id: 52, name: 'Night Shift Records', detail: '' },
};
/** Two tracks called Echoes (issue 29): told apart by artists, mix, release and ID. */
const ECHOES = [
  { type: 'tracks', id: 901, name: 'Echoes', detail: 'Aster · Original Mix · Echoes EP' },
  { type: 'tracks', id: 902, name: 'Echoes', detail: 'Kito · Dub Mix · Night Moves' },
];
const envelope = <T,>(results: T[]) => pageOf(results);
/** The module's items, as the fake API holds them. */
const items: ModuleItem[] = [];
/** The API requests the tab made. */
const calls = fakeMain.api.calls;

beforeEach(() => {
  fakeMain.api
    .on(auxiliaryEndpoint('item-types'), () => envelope(TYPES))
    .on(searchEndpoints.autocomplete, ({ query }) => {
      const type = String(query.type);
      if (type === 'tracks') return { results: ECHOES };
      return { results: FOUND[type] ? [FOUND[type]] : [] };
    })
    .on(pageModuleEndpoints.addItem, ({ body: b }) => {
      const found = Object.values(FOUND).find((f) => f.id === b.item_id)!;
      const item = {
        id: 100 + items.length,
        position: items.length + 1,
        item_type: TYPES[b.item_type_id - 1]!,
        item: { id: found.id, name: found.name },
        image_url: null,
        url: null,
        start_date: null,
        end_date: null,
      };
      items.push(item);
      return reply(item, { status: 201 });
    })
    .on(pageModuleEndpoints.items, () => envelope(items));
});
afterEach(() => {
  cleanup();
  fakeMain.reset();
  items.length = 0;
});

function renderTab() {
  const store = createStore();
  store.set(authAtom, {
    type: 'REFRESH_USER',
    user: { userId: 1, username: 'u', scope: 'app:control staff:curation brand:dj', features: [], brand: 'brand:dj', brands: ['brand:dj'] },
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <Provider store={store}>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <App>
            <ModuleItemsTab type="page_modules" id={4} row={{ id: 4, version: 1 }} />
          </App>
        </MemoryRouter>
      </QueryClientProvider>
    </Provider>,
  );
}

async function addNamed(typeName: 'Artist' | 'Label', search: string, name: string) {
  fireEvent.mouseDown(await screen.findByLabelText('Item Type'));
  fireEvent.click(await screen.findByTitle(typeName));
  const picker = await screen.findByLabelText(typeName);
  expect(screen.queryByTestId('module-image-upload')).toBeNull();
  fireEvent.mouseDown(picker);
  fireEvent.change(picker, { target: { value: search } });
  fireEvent.click(await screen.findByText(name, undefined, { timeout: 3000 }));
  fireEvent.click(screen.getByTestId('add-item-submit'));
}

describe('Artist and Label module items', () => {
  it('an Artist item picks an artist and a Label item a label; each is saved by item_id and listed by name', async () => {
    renderTab();
    await addNamed('Artist', 'Dana', 'Dana Vale');
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(
      calls.some((c) => c.path === '/v4/catalog/search/autocomplete/' && (c.query as Record<string, unknown>).type === 'artists'),
    ).toBe(true);
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ item_type_id: 5, item_id: 41 });
    await waitFor(() => expect(screen.getAllByTestId('item-label').map((e) => e.textContent)).toEqual(['Dana Vale']));

    await addNamed('Label', 'Night', 'Night Shift Records');
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    expect(calls.some((c) => c.path === '/v4/catalog/search/autocomplete/' && (c.query as Record<string, unknown>).type === 'labels')).toBe(
      true,
    );
    expect(calls.filter((c) => c.method === 'POST')[1]!.body).toEqual({ item_type_id: 6, item_id: 52 });
    await waitFor(() =>
      expect(screen.getAllByTestId('item-label').map((e) => e.textContent)).toEqual(['Dana Vale', 'Night Shift Records']),
    );
  });

  it("a Track item's picker tells two tracks called Echoes apart by artists, mix, release and ID", async () => {
    renderTab();
    fireEvent.mouseDown(await screen.findByLabelText('Item Type'));
    fireEvent.click(await screen.findByTitle('Track'));
    const picker = await screen.findByLabelText('Item');
    fireEvent.mouseDown(picker);
    fireEvent.change(picker, { target: { value: 'Echoes' } });
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option .reference-option')).toHaveLength(2), { timeout: 3000 });
    const details = [...document.querySelectorAll('.ant-select-item-option .reference-option__detail')].map((e) => e.textContent);
    expect(details).toEqual(['Aster · Original Mix · Echoes EP · ID 901', 'Kito · Dub Mix · Night Moves · ID 902']);
  });

  it('an Artist item without an artist is refused on its field, nothing sent', async () => {
    renderTab();
    fireEvent.mouseDown(await screen.findByLabelText('Item Type'));
    fireEvent.click(await screen.findByTitle('Artist'));
    fireEvent.click(screen.getByTestId('add-item-submit'));
    expect((await screen.findByTestId('item-error-item_id')).textContent).toBeTruthy();
    expect(screen.queryByTestId('item-error-image_url')).toBeNull();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
