// @vitest-environment happy-dom
/**
 * A record page as a user sees it, against a fake API: the form made from the track
 * declaration (inputs by kind, labelled, read-only fields apart, the registered tabs
 * only), read-only for a supplier; the save sends only the changed field with the
 * ETag, a server 400 lands on its field with the §8 text, and a 412 keeps the user's
 * edits beside the value saved meanwhile and saves against the new version.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Provider, createStore } from 'jotai';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { fakeMain, reply, type FakeReply } from './fake-main';
import type { ApiRequest } from '../../shared/bridge/channels/api';
import { BridgeError } from '../../shared/bridge/error';
import { RECORD_ENDPOINTS, auxiliaryEndpoint, genresEndpoint, listEndpoints, type ObjectRow } from '../../shared/api/endpoints';

/** The API calls the page made. */
const api = fakeMain.api;

const { RecordPage } = await import('../../renderer/features/records/RecordPage');
// What the app registers on the record pages (its tabs and page parts), as the router does: the
// record layer names no feature, so a page rendered alone has only what is registered.
await import('../../renderer/app/record-tabs');
await import('../../renderer/app/record-extensions');
const { ConfirmHost } = await import('../../renderer/ui/ConfirmHost');
const { UI_TEXT } = await import('../../shared/ui-texts');
const { authAtom } = await import('../../renderer/lib/store');
const { RECORDS } = await import('../../shared/records');
const { MSG } = await import('../../shared/messages');

beforeAll(async () => {
  await import('../../renderer/features/records/ReleaseTracksTab');
  await import('../../renderer/ui/ConfirmModal');
}, 60_000);
afterEach(() => {
  cleanup();
  api.reset();
});

const row = {
  id: 7,
  version: 3,
  title: 'Aurora',
  mix_name: 'Original',
  isrc: null,
  bpm: 124,
  key: null,
  genre: { id: 5, name: 'Techno' },
  sub_genre: null,
  release: { id: 2, name: 'Aurora EP' },
  label: { id: 9, name: 'Mirage' },
  artists: [{ id: 11, name: 'Ann' }],
  remixers: [],
  copyright_holder: null,
  label_track_id: null,
  publish_date: '2024-03-07',
  exclusive_date: null,
  is_available_for_streaming: true,
  enabled: true,
  hidden: false,
  encode_status: 'CONVERTED',
  guid: 'g-1',
};
const genres = {
  count: 1,
  next: null,
  previous: null,
  page: '1/1',
  per_page: 25,
  results: [{ id: 5, name: 'Techno', sub_genres: [{ id: 51, name: 'Peak Time' }] }],
};
const empty = { count: 0, next: null, previous: null, page: '1/1', per_page: 25, results: [] };

/** The fake API: GET the track (the current `stored`), the reference lists; PATCH by `onPatch`. */
function serve(stored: () => { data: ObjectRow; etag: string }, onPatch: (req: ApiRequest) => FakeReply<ObjectRow>) {
  api.on(listEndpoints('tracks').get, () => {
    const { data, etag } = stored();
    return reply(data, { etag });
  });
  api.on(RECORD_ENDPOINTS.tracks.patch, ({ request }) => onPatch(request));
  api.on(genresEndpoint, () => genres);
  api.on(auxiliaryEndpoint('keys'), () => empty);
}

function renderPage(scope: string) {
  const store = createStore();
  store.set(authAtom, {
    type: 'REFRESH_USER',
    user: { userId: 1, username: 'u', scope, features: [], brand: 'brand:dance', brands: ['brand:dance'] },
  });
  const router = createMemoryRouter(
    [
      { path: '/catalog/tracks/7', element: <RecordPage decl={RECORDS.tracks as never} id={7} /> },
      { path: '/elsewhere', element: <p>elsewhere</p> },
    ],
    { initialEntries: ['/catalog/tracks/7'] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <Provider store={store}>
      <QueryClientProvider client={client}>
        <App>
          <RouterProvider router={router} />
          <ConfirmHost />
        </App>
      </QueryClientProvider>
    </Provider>,
  );
  return router;
}

const ADMIN = 'app:control staff:admin brand:dance';
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('the record page of a track', () => {
  it('makes the form from the declaration: labelled inputs by kind, read-only fields apart, only the tabs that can show', async () => {
    serve(
      () => ({ data: row, etag: '"3"' }),
      () => reply(row),
    );
    renderPage(ADMIN);
    expect((await screen.findByTestId('record-title')).textContent).toBe('Aurora');
    expect(input('Title').value).toBe('Aurora');
    expect(input('Mix Name').value).toBe('Original');
    expect(input('BPM').value).toBe('124');
    expect(input('Publish Date').value).toBe('03/07/2024');
    expect(screen.getByLabelText('Enabled').getAttribute('role')).toBe('switch');
    expect(screen.getByLabelText('Genre').getAttribute('role')).toBe('combobox');
    // Status tag in the spec's words, and the brand.
    expect(screen.getAllByTestId('status-tag').map((t) => t.textContent)).toEqual(['CONVERTED']);
    expect(screen.getByTestId('record-brand').textContent).toBe('Dance music store');
    // Read-only fields are shown, not offered as inputs.
    const readOnly = screen.getByTestId('read-only-fields');
    expect(within(readOnly).getByText('GUID')).toBeTruthy();
    expect(within(readOnly).getByText('Aurora EP')).toBeTruthy();
    expect(screen.queryByLabelText('Release')).toBeNull();
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual([
      'Details',
      'Artists & Remixers',
      'Songwriters',
      'Publishers',
      'Audio Files',
      'Territories & Publish Dates',
      'DJ Edits',
      'Support Downloads',
      'Notes',
      'History',
    ]);
    expect(screen.getByTestId('save-record').hasAttribute('disabled')).toBe(true);
  });

  it('is read-only for a supplier: values shown, no inputs and no save', async () => {
    serve(
      () => ({ data: row, etag: '"3"' }),
      () => reply(row),
    );
    renderPage('app:baseware user:supplier brand:dance');
    await screen.findByTestId('record-title');
    expect(screen.getByTestId('read-only')).toBeTruthy();
    expect(screen.queryAllByRole('textbox')).toHaveLength(0);
    expect(screen.queryAllByRole('switch')).toHaveLength(0);
    expect(screen.queryByTestId('save-record')).toBeNull();
    expect(within(screen.getByTestId('read-only-fields')).getByText('Original')).toBeTruthy();
  });

  it('saves only the changed field with the ETag it edited, then shows the saved record', async () => {
    const saved = { ...row, version: 4, mix_name: 'Extended' };
    serve(
      () => ({ data: row, etag: '"3"' }),
      () => reply(saved, { etag: '"4"' }),
    );
    renderPage(ADMIN);
    await screen.findByTestId('record-title');
    fireEvent.change(input('Mix Name'), { target: { value: 'Extended' } });
    expect(screen.getByTestId('unsaved-count').textContent).toBe('1 unsaved change');
    fireEvent.click(screen.getByTestId('save-record'));
    await waitFor(() => expect(screen.getByTestId('unsaved-count').textContent).toBe('No unsaved changes'));
    const patch = api.calls.find((c) => c.method === 'PATCH')!;
    expect(patch).toMatchObject({ path: '/v4/catalog/tracks/7/', body: { mix_name: 'Extended' }, ifMatch: '"3"' });
    expect(input('Mix Name').value).toBe('Extended');
  });

  it('Ctrl+S (⌘S) saves the unsaved changes as Save does; with nothing to save it sends nothing, and the browser never opens its save dialog', async () => {
    const saved = { ...row, version: 4, mix_name: 'Extended' };
    serve(
      () => ({ data: row, etag: '"3"' }),
      () => reply(saved, { etag: '"4"' }),
    );
    renderPage(ADMIN);
    await screen.findByTestId('record-title');
    // Nothing dirty: nothing happens, but the key is still taken from the browser.
    expect(fireEvent.keyDown(input('Mix Name'), { key: 's', ctrlKey: true })).toBe(false);
    expect(api.calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);
    fireEvent.change(input('Mix Name'), { target: { value: 'Extended' } });
    expect(screen.getByTestId('unsaved-count').textContent).toBe('1 unsaved change');
    // From the field being edited, at once.
    expect(fireEvent.keyDown(input('Mix Name'), { key: 's', ctrlKey: true })).toBe(false);
    await waitFor(() => expect(screen.getByTestId('unsaved-count').textContent).toBe('No unsaved changes'));
    const patches = api.calls.filter((c) => c.method === 'PATCH');
    expect(patches).toHaveLength(1);
    expect(patches[0]).toMatchObject({ path: '/v4/catalog/tracks/7/', body: { mix_name: 'Extended' }, ifMatch: '"3"' });
    // ⌘S on macOS, from anywhere on the page.
    fireEvent.change(input('Title'), { target: { value: 'Aurora II' } });
    expect(fireEvent.keyDown(document.body, { key: 'S', metaKey: true })).toBe(false);
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'PATCH')).toHaveLength(2));
  });

  it('Ctrl+S on a read-only record sends nothing', async () => {
    serve(
      () => ({ data: row, etag: '"3"' }),
      () => reply(row),
    );
    renderPage('app:baseware user:supplier brand:dance');
    await screen.findByTestId('record-title');
    expect(fireEvent.keyDown(document.body, { key: 's', ctrlKey: true })).toBe(false);
    expect(api.calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);
  });

  it('a value over its limit shows its field error and nothing is sent', async () => {
    serve(
      () => ({ data: row, etag: '"3"' }),
      () => reply(row),
    );
    renderPage(ADMIN);
    await screen.findByTestId('record-title');
    fireEvent.change(input('Mix Name'), { target: { value: 'm'.repeat(129) } });
    fireEvent.click(screen.getByTestId('save-record'));
    expect((await screen.findByTestId('error-mix_name')).textContent).toBe('Ensure this field has no more than 128 characters.');
    expect(api.calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it("a server 400 lands on its field, and the §8 text carries the server's detail", async () => {
    serve(
      () => ({ data: row, etag: '"3"' }),
      () => {
        throw new BridgeError({ code: 'http', status: 400, message: 'Bad Request', detail: { isrc: ['Enter a valid ISRC.'] } });
      },
    );
    renderPage(ADMIN);
    await screen.findByTestId('record-title');
    fireEvent.change(input('ISRC'), { target: { value: 'GBABC2100001' } });
    fireEvent.click(screen.getByTestId('save-record'));
    expect((await screen.findByTestId('error-isrc')).textContent).toBe('Enter a valid ISRC.');
    expect(screen.getByTestId('save-error').textContent).toBe(MSG.saveFailed('track', 'isrc: Enter a valid ISRC.'));
    // Nothing typed is lost.
    expect(input('ISRC').value).toBe('GBABC2100001');
  });

  it('a 412 keeps the edits: mine beside theirs per field, then saves against the new version', async () => {
    let stored: { data: ObjectRow; etag: string } = { data: row, etag: '"3"' };
    const patches: ApiRequest[] = [];
    serve(
      () => stored,
      (req) => {
        patches.push(req);
        if (req.ifMatch === '"3"') {
          // Someone else saved first: a new mix name and a new BPM.
          stored = { data: { ...row, version: 4, mix_name: 'Club Mix', bpm: 126 }, etag: '"4"' };
          throw new BridgeError({
            code: 'http',
            status: 412,
            message: 'Precondition Failed',
            detail: { detail: 'This object was changed by someone else.' },
          });
        }
        return reply({ ...row, version: 5, mix_name: 'Extended', bpm: 126, title: 'Aurora II' }, { etag: '"5"' });
      },
    );
    renderPage(ADMIN);
    await screen.findByTestId('record-title');
    fireEvent.change(input('Mix Name'), { target: { value: 'Extended' } });
    fireEvent.change(input('Title'), { target: { value: 'Aurora II' } });
    fireEvent.click(screen.getByTestId('save-record'));
    const panel = await screen.findByTestId('stale-edits');
    expect(within(panel).getByTestId('mine-mix_name').textContent).toBe('Extended');
    expect(within(panel).getByTestId('theirs-mix_name').textContent).toBe('Club Mix');
    // Only the field both changed is a conflict; the user's title is kept, their BPM taken.
    expect(within(panel).queryByTestId('mine-title')).toBeNull();
    expect(input('Mix Name').value).toBe('Extended');
    expect(input('Title').value).toBe('Aurora II');
    expect(input('BPM').value).toBe('126');
    // The panel explains the 412; the save-failure text is for failures the user must act on otherwise.
    expect(screen.queryByTestId('save-error')).toBeNull();

    // Taking theirs and back to mine, then saving against version 4.
    fireEvent.click(within(within(panel).getByTestId('choose-mix_name')).getByText('Theirs'));
    expect(input('Mix Name').value).toBe('Club Mix');
    fireEvent.click(within(within(panel).getByTestId('choose-mix_name')).getByText('Mine'));
    expect(input('Mix Name').value).toBe('Extended');
    await act(async () => fireEvent.click(screen.getByTestId('save-record')));
    await waitFor(() => expect(screen.queryByTestId('stale-edits')).toBeNull());
    expect(patches[1]).toMatchObject({ ifMatch: '"4"', body: { title: 'Aurora II', mix_name: 'Extended' } });
    expect(Object.keys(patches[1].body as object).sort()).toEqual(['mix_name', 'title']);
  });
});

describe('unsaved changes', () => {
  it('leaving with an unsaved edit asks first; cancelling keeps the edit', async () => {
    serve(
      () => ({ data: row, etag: '"3"' }),
      () => reply(row),
    );
    const router = renderPage(ADMIN);
    await screen.findByTestId('record-title');
    fireEvent.change(input('Title'), { target: { value: 'Unsaved' } });
    act(() => {
      void router.navigate('/elsewhere');
    });
    const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    expect(dialog.textContent).toContain(UI_TEXT.unsavedMessage);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/catalog/tracks/7');
    expect(input('Title').value).toBe('Unsaved');
  });
});
