// @vitest-environment happy-dom
/**
 * The track and release sub-resource tabs against a fake API and bridge: Songwriters
 * (add with a type from the reference list, the §5 texts before anything is sent,
 * remove), Publishers (edit, reorder and save the whole list; each name once), both
 * read-only for a supplier; the Re-encode action (start, progress from main's job
 * poller, done; a 409, a failed job, a timeout in the spec's words; absent for a supplier);
 * Audio Files (format names and §9 sizes); Territories & Publish Dates (the §5 rules
 * and the skipped daylight-saving hour on the fields, times in Mountain time); a
 * release's Territories tab (the same form and rules, one setting for all its tracks);
 * an artist's Muzooka mappings (the declared fields' inputs under the ids the tests use).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Provider, createStore } from 'jotai';
import type { ReactNode } from 'react';
import { fakeMain, reply, pageOf } from './fake-main';
import type { ApiRequest } from '../../shared/bridge/channels/api';
import { BridgeError } from '../../shared/bridge/error';
import type { ResponseIn } from '../../shared/api/endpoint';
import {
  artistEndpoints,
  auxiliaryEndpoint,
  mediaEndpoints,
  releaseSubresourceEndpoints,
  trackSubresourceEndpoints,
  type JobState,
} from '../../shared/api/endpoints';

fakeMain.channel('jobCancel', () => ({ ok: true }));
/** The API calls the tabs made. */
const calls = fakeMain.api.calls;

const { default: TrackSongwritersTab, songwriterDraft } = await import('../../renderer/features/records/TrackSongwritersTab');
const { default: TrackPublishersTab, publisherNames, moved } = await import('../../renderer/features/records/TrackPublishersTab');
const { default: ArtistMuzookaTab } = await import('../../renderer/features/records/ArtistMuzookaTab');
const { default: TrackAudioFilesTab, audioFormatLabel } = await import('../../renderer/features/records/TrackAudioFilesTab');
const { default: TrackTerritoriesTab } = await import('../../renderer/features/records/TrackTerritoriesTab');
const { default: ReleaseTerritoriesTab } = await import('../../renderer/features/records/ReleaseTerritoriesTab');
const { recordTabComponent } = await import('../../renderer/features/records/tabs');
await import('../../renderer/app/record-tabs');
const { publishTimesBody, shownLocal } = await import('../../renderer/features/records/territories');
const { ReencodeButton } = await import('../../renderer/features/records/ReencodeButton');
const { doneOutcome, startFailure, waitFailure } = await import('../../renderer/features/records/reencode');
const { authAtom } = await import('../../renderer/lib/store');
const { MSG } = await import('../../shared/messages');

afterEach(() => {
  cleanup();
  fakeMain.api.reset();
  fakeMain.calls.length = 0;
});

const ADMIN = 'app:control staff:admin brand:dance';
const CONTENT_OPS = 'app:control staff:content_ops brand:dance';
const SUPPLIER = 'app:baseware user:supplier brand:dance';
const query = (text: string) => screen.queryAllByText((_, el) => el?.textContent === `Optional. ${text}.`)[0];
const envelope = <T,>(results: T[]) => pageOf(results);
const TYPES = [
  { id: 1, name: 'Composer' },
  { id: 2, name: 'Lyricist' },
];

function renderAs(scope: string, ui: ReactNode) {
  const store = createStore();
  store.set(authAtom, {
    type: 'REFRESH_USER',
    user: { userId: 1, username: 'u', scope, features: [], brand: 'brand:dance', brands: ['brand:dance'] },
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <Provider store={store}>
      <QueryClientProvider client={client}>
        <App>{ui}</App>
      </QueryClientProvider>
    </Provider>,
  );
}
const row = { id: 7, version: 1, title: 'Aurora' };

describe('songwriters', () => {
  it('checks a new songwriter with the API schema: a name, and a type from the list', () => {
    expect(songwriterDraft('  Ann  ', 2)).toEqual({ body: { name: 'Ann', songwriter_type_id: 2 } });
    expect(songwriterDraft('', null)).toEqual({ errors: { name: 'This field may not be blank.', songwriter_type_id: MSG.selectFromList } });
    expect(songwriterDraft('Ann', null)).toEqual({ errors: { songwriter_type_id: MSG.selectFromList } });
  });

  it('lists them, adds one with its type, and removes one', async () => {
    let list = [{ id: 31, name: 'Ann', songwriter_type: { id: 1, name: 'Composer' } }];
    fakeMain.api
      .on(auxiliaryEndpoint('songwriter-types'), () => envelope(TYPES))
      .on(trackSubresourceEndpoints.songwriters, () => envelope(list))
      .on(trackSubresourceEndpoints.addSongwriter, ({ body: b }) => {
        const added = { id: 32, name: b.name, songwriter_type: TYPES.find((t) => t.id === b.songwriter_type_id)! };
        list = [...list, added];
        return reply(added, { status: 201 });
      })
      .on(trackSubresourceEndpoints.deleteSongwriter, ({ params }) => {
        list = list.filter((s) => s.id !== params.sid);
        return reply(null, { status: 204 });
      });
    renderAs(CONTENT_OPS, <TrackSongwritersTab type="tracks" id={7} row={row} />);
    expect((await screen.findAllByTestId('songwriter-name')).map((e) => e.textContent)).toEqual(['Ann']);
    expect(screen.getByText('Composer')).toBeTruthy();

    // Nothing typed: the §5 texts on the fields, nothing sent.
    fireEvent.click(screen.getByTestId('add-songwriter'));
    expect(await screen.findByText(MSG.selectFromList)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByLabelText('Songwriter name'), { target: { value: 'Bo' } });
    fireEvent.mouseDown(screen.getByLabelText('Songwriter type'));
    fireEvent.click(await screen.findByTitle('Lyricist'));
    fireEvent.click(screen.getByTestId('add-songwriter'));
    await waitFor(() => expect(screen.getAllByTestId('songwriter-name').map((e) => e.textContent)).toEqual(['Ann', 'Bo']));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/v4/catalog/tracks/7/songwriters/',
      body: { name: 'Bo', songwriter_type_id: 2 },
    });
    expect((screen.getByLabelText('Songwriter name') as HTMLInputElement).value).toBe('');

    fireEvent.click(screen.getByRole('button', { name: 'Remove songwriter Ann' }));
    await waitFor(() => expect(screen.getAllByTestId('songwriter-name').map((e) => e.textContent)).toEqual(['Bo']));
    expect(calls.find((c) => c.method === 'DELETE')).toMatchObject({ path: '/v4/catalog/tracks/7/songwriters/31/' });
  });

  it('shows a refused add in the §8 words with the server detail', async () => {
    fakeMain.api
      .on(auxiliaryEndpoint('songwriter-types'), () => envelope(TYPES))
      .on(trackSubresourceEndpoints.songwriters, () => envelope([]))
      .on(trackSubresourceEndpoints.addSongwriter, () => {
        throw new BridgeError({ code: 'http', status: 400, message: 'Bad Request', detail: { songwriter_type_id: [MSG.selectFromList] } });
      });
    renderAs(ADMIN, <TrackSongwritersTab type="tracks" id={7} row={row} />);
    fireEvent.change(await screen.findByLabelText('Songwriter name'), { target: { value: 'Bo' } });
    fireEvent.mouseDown(screen.getByLabelText('Songwriter type'));
    fireEvent.click(await screen.findByTitle('Composer'));
    fireEvent.click(screen.getByTestId('add-songwriter'));
    expect((await screen.findByTestId('songwriter-error')).textContent).toBe(
      MSG.saveFailed('track', `songwriter_type_id: ${MSG.selectFromList}`),
    );
  });

  it('Enter in the name adds the songwriter', async () => {
    fakeMain.api
      .on(auxiliaryEndpoint('songwriter-types'), () => envelope(TYPES))
      .on(trackSubresourceEndpoints.songwriters, () => envelope([]))
      .on(trackSubresourceEndpoints.addSongwriter, ({ body: b }) =>
        reply({ id: 33, name: b.name, songwriter_type: TYPES[0]! }, { status: 201 }),
      );
    renderAs(ADMIN, <TrackSongwritersTab type="tracks" id={7} row={row} />);
    fireEvent.mouseDown(await screen.findByLabelText('Songwriter type'));
    fireEvent.click(await screen.findByTitle('Composer'));
    const name = screen.getByLabelText('Songwriter name');
    fireEvent.change(name, { target: { value: 'Cy' } });
    fireEvent.keyDown(name, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toMatchObject({ body: { name: 'Cy', songwriter_type_id: 1 } }));
  });

  it('is read-only for a supplier: the list, no form, no remove', async () => {
    fakeMain.api.on(trackSubresourceEndpoints.songwriters, () =>
      envelope([{ id: 31, name: 'Ann', songwriter_type: { id: 1, name: 'Composer' } }]),
    );
    renderAs(SUPPLIER, <TrackSongwritersTab type="tracks" id={7} row={row} />);
    expect((await screen.findAllByTestId('songwriter-name')).map((e) => e.textContent)).toEqual(['Ann']);
    expect(screen.queryByTestId('add-songwriter')).toBeNull();
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(calls.map((c) => c.path)).toEqual(['/v4/catalog/tracks/7/songwriters/']);
  });
});

describe('artist Muzooka mappings', () => {
  const MAPPINGS = [{ id: 4, muzooka_id: 'mz-9', enabled: true, created_at: '2025-01-02T00:00:00Z' }];

  it('maps a profile from the ID input (Enter) and turns a row off by its switch', async () => {
    fakeMain.api
      .on(artistEndpoints.mappings, () => envelope(MAPPINGS))
      .on(artistEndpoints.addMapping, ({ body }) => ({
        id: 5,
        muzooka_id: body.muzooka_id,
        enabled: true,
        created_at: '2025-01-03T00:00:00Z',
      }))
      .on(artistEndpoints.patchMapping, ({ body }) => ({ ...MAPPINGS[0]!, ...body }));
    renderAs(ADMIN, <ArtistMuzookaTab type="artists" id={7} row={{ id: 7, version: 1, name: 'Aster' }} />);
    const toggle = await screen.findByRole('switch', { name: 'Mapping mz-9 enabled' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(toggle);
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
        path: '/v4/catalog/artists/7/muzooka-mappings/4/',
        body: { enabled: false },
      }),
    );

    const input = screen.getByTestId('muzooka-mapping-id');
    expect(screen.getByLabelText('Muzooka ID to map')).toBe(input);
    fireEvent.change(input, { target: { value: ' mz-10 ' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')).toMatchObject({
        path: '/v4/catalog/artists/7/muzooka-mappings/',
        body: { muzooka_id: 'mz-10' },
      }),
    );
  });

  it('a reader sees the switches, disabled, and no ID input', async () => {
    fakeMain.api.on(artistEndpoints.mappings, () => envelope(MAPPINGS));
    renderAs(SUPPLIER, <ArtistMuzookaTab type="artists" id={7} row={{ id: 7, version: 1, name: 'Aster' }} />);
    expect(((await screen.findByRole('switch', { name: 'Mapping mz-9 enabled' })) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByTestId('muzooka-mapping-id')).toBeNull();
  });
});

describe('publishers', () => {
  it('sends the trimmed names, each once, at most 50', () => {
    expect(publisherNames([' A ', '', 'B'])).toEqual({ names: ['A', 'B'] });
    expect(publisherNames([])).toEqual({ names: [] });
    expect(publisherNames(['A', 'a'])).toEqual({ error: 'List each publisher once.' });
    expect(publisherNames(Array.from({ length: 51 }, (_, i) => `P${i}`))).toEqual({ error: 'Ensure this list has no more than 50 names.' });
    expect(moved(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
  });

  it('edits, reorders and replaces the whole list', async () => {
    let list = [
      { id: 1, name: 'North' },
      { id: 2, name: 'South' },
    ];
    fakeMain.api
      .on(trackSubresourceEndpoints.publishers, () => envelope(list))
      .on(trackSubresourceEndpoints.putPublishers, ({ body }) => {
        list = body.names.map((name, i) => ({ id: 10 + i, name }));
        return envelope(list);
      });
    const onDirty = vi.fn();
    renderAs(CONTENT_OPS, <TrackPublishersTab type="tracks" id={7} row={row} onDirty={onDirty} />);
    expect(((await screen.findByLabelText('Publisher 1')) as HTMLInputElement).value).toBe('North');
    expect(screen.getByTestId('save-publishers').hasAttribute('disabled')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Move publisher 2 up' }));
    fireEvent.click(screen.getByTestId('add-publisher'));
    fireEvent.change(screen.getByLabelText('Publisher 3'), { target: { value: ' East ' } });
    expect(onDirty).toHaveBeenLastCalledWith(true);
    fireEvent.click(screen.getByTestId('save-publishers'));
    await waitFor(() => expect(onDirty).toHaveBeenLastCalledWith(false));
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: '/v4/catalog/tracks/7/publishers/',
      body: { names: ['South', 'North', 'East'] },
    });
    expect((screen.getByLabelText('Publisher 3') as HTMLInputElement).value).toBe('East');

    // The same name twice is refused before anything is sent.
    fireEvent.change(screen.getByLabelText('Publisher 3'), { target: { value: 'south' } });
    fireEvent.click(screen.getByTestId('save-publishers'));
    expect((await screen.findByTestId('publishers-error')).textContent).toBe('List each publisher once.');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });

  it('is read-only for a supplier', async () => {
    fakeMain.api.on(trackSubresourceEndpoints.publishers, () => envelope([{ id: 1, name: 'North' }]));
    renderAs(SUPPLIER, <TrackPublishersTab type="tracks" id={7} row={row} />);
    expect((await screen.findAllByTestId('publisher-name')).map((e) => e.textContent)).toEqual(['North']);
    expect(screen.queryAllByRole('textbox')).toHaveLength(0);
    expect(screen.queryByTestId('save-publishers')).toBeNull();
  });
});

describe('audio files', () => {
  it("shows each file's §9 format name, size and whether it is stored", async () => {
    expect(audioFormatLabel('aac-256')).toBe('AAC 256 (MP4)');
    expect(audioFormatLabel('ogg')).toBe('ogg');
    fakeMain.api.on(mediaEndpoints.audioFiles, () =>
      envelope([
        { id: 1, format: 'wav' as const, size_bytes: 52_428_800, storage_key: 'a/1.wav', created_at: '2025-03-09T10:00:00Z', stored: true },
        {
          id: 2,
          format: 'preview-mp3' as const,
          size_bytes: 1_536,
          storage_key: 'a/1p.mp3',
          created_at: '2025-03-09T10:00:00Z',
          stored: false,
        },
      ]),
    );
    renderAs(SUPPLIER, <TrackAudioFilesTab type="tracks" id={7} row={row} />);
    expect((await screen.findAllByTestId('audio-format')).map((e) => e.textContent)).toEqual(['WAV', 'Lo-fi preview (MP3)']);
    expect(screen.getAllByTestId('audio-size').map((e) => e.textContent)).toEqual(['50 MB', '2 KB']);
    expect(screen.getByText('Not in storage')).toBeTruthy();
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/v4/catalog/tracks/7/audio-files/' });
  });
});

describe('territories and publish dates', () => {
  const DENVER = 'America/Denver';
  const draft = { country_ids: [3], commercial_model_type: null, publish: '2025-03-09T03:30', pre_order: '', takedown: '' };

  it('checks the times with the API schema: the §5 words and the skipped hour on their fields', () => {
    expect(publishTimesBody(draft, DENVER)).toEqual({
      body: { country_ids: [3], time_zone: DENVER, publish: '2025-03-09T03:30', pre_order: null, takedown: null },
    });
    expect(publishTimesBody({ ...draft, country_ids: [], publish: '' }, DENVER)).toEqual({
      errors: { country_ids: MSG.territoryRequired, publish: MSG.publishTimeRequired },
    });
    expect(publishTimesBody({ ...draft, pre_order: '2025-03-10T00:00', takedown: '2025-03-01T00:00' }, DENVER)).toEqual({
      errors: { pre_order: MSG.preOrderBeforePublish, takedown: MSG.takedownAfterPublish },
    });
    const skipped = publishTimesBody({ ...draft, publish: '2025-03-09T02:30' }, DENVER);
    expect('errors' in skipped && skipped.errors.publish).toMatch(/^2025-03-09T02:30 does not exist in America\/Denver/);
    expect(publishTimesBody({ ...draft, commercial_model_type: 2 }, DENVER)).toMatchObject({ body: { commercial_model_type: 2 } });
    expect(shownLocal('2025-03-09T03:30:00-06:00')).toBe('03/09/2025 03:30 (UTC-06:00)');
    expect(shownLocal(null)).toBe('');
  });

  const countries = [
    { id: 3, code: 'US', name: 'United States', region: 'North America' },
    { id: 4, code: 'FR', name: 'France', region: 'Europe' },
  ];
  /** The tab's reads; its writes (the times, the countries) are handed to `onPut`. */
  const serveTerritories = (onPut: (req: ApiRequest) => unknown = () => undefined) => {
    fakeMain.api
      .on(trackSubresourceEndpoints.regionalSummary, () => ({
        track_id: 7,
        restricted: true,
        allowed: 1,
        total: 2,
        results: [
          { region: 'Europe', allowed: 0, total: 1 },
          { region: 'North America', allowed: 1, total: 1 },
        ],
      }))
      .on(trackSubresourceEndpoints.countriesAllowed, () => ({ track_id: 7, restricted: true, count: 1, results: [countries[0]] }))
      .on(trackSubresourceEndpoints.publishDates, () => ({
        track_id: 7,
        time_zone: 'America/Denver',
        count: 1,
        results: [
          {
            country: countries[0],
            commercial_model_type: { id: 1, name: 'Download' },
            publish_at: '2025-03-09T09:30:00.000Z',
            publish_local: '2025-03-09T03:30:00-06:00',
            pre_order_at: null,
            pre_order_local: null,
            takedown_at: null,
            takedown_local: null,
          },
        ],
      }))
      .on(auxiliaryEndpoint('countries'), () => envelope(countries))
      .on(auxiliaryEndpoint('commercial-model-types'), () => envelope([{ id: 1, name: 'Download' }]))
      .on(trackSubresourceEndpoints.updateTimes, ({ request }) => {
        onPut(request);
        return { track_id: 7, time_zone: 'America/Denver', count: 0, results: [] };
      })
      .on(trackSubresourceEndpoints.putCountriesAllowed, ({ request }) => {
        onPut(request);
        return { track_id: 7, restricted: false, count: 0, results: [] };
      });
  };

  it("shows the regional summary and the times in Mountain time; a writer's bad times stay on their fields, unsent", async () => {
    const puts: ApiRequest[] = [];
    serveTerritories((req) => puts.push(req));
    renderAs(CONTENT_OPS, <TrackTerritoriesTab type="tracks" id={7} row={row} />);
    expect((await screen.findByTestId('territories-summary')).textContent).toBe('Sold in 1 of 2 countries.');
    expect(screen.getByTestId('allowed-countries').textContent).toBe('United States');
    expect((await screen.findByTestId('publish-local')).textContent).toBe('03/09/2025 03:30 (UTC-06:00)');
    expect(screen.getAllByText('Mountain time (America/Denver)').length).toBe(3);
    expect(query(`${MSG.preOrderBeforePublish}`)).toBeTruthy();

    fireEvent.change(screen.getByTestId('time-publish'), { target: { value: '2025-03-09T02:30' } });
    fireEvent.click(screen.getByTestId('save-times'));
    expect(await screen.findByText(MSG.territoryRequired)).toBeTruthy();
    expect(screen.getByText(/^2025-03-09T02:30 does not exist in America\/Denver/)).toBeTruthy();

    fireEvent.click(screen.getByTestId('save-countries'));
    expect(await screen.findAllByText(MSG.territoryRequired)).toHaveLength(2);
    expect(puts).toHaveLength(0);
  });

  it('is read-only for a supplier, and a fetch problem is said plainly', async () => {
    serveTerritories();
    fakeMain.api.on(trackSubresourceEndpoints.publishDates, () => {
      throw new BridgeError({ code: 'http', status: 503, message: 'Service Unavailable' });
    });
    renderAs(SUPPLIER, <TrackTerritoriesTab type="tracks" id={7} row={row} />);
    expect((await screen.findByTestId('territories-summary')).textContent).toBe('Sold in 1 of 2 countries.');
    expect(await screen.findByText('Could not load the publish dates')).toBeTruthy();
    expect(screen.getByText(MSG.requestFailed('Service Unavailable'))).toBeTruthy();
    expect(screen.queryByTestId('save-times')).toBeNull();
    expect(screen.queryByTestId('save-countries')).toBeNull();
    expect(calls.some((c) => c.path === '/v4/auxiliary/countries/')).toBe(false);
  });
});

describe('release territories: one setting for all its tracks', () => {
  const countries = [
    { id: 3, code: 'US', name: 'United States', region: 'North America' },
    { id: 4, code: 'FR', name: 'France', region: 'Europe' },
  ];
  /** The tab's reads, and its one write (the times of every track) answered by `onPut`. */
  const serve = (onPut?: (req: ApiRequest) => ResponseIn<typeof releaseSubresourceEndpoints.updateTimes>) => {
    fakeMain.api
      .on(auxiliaryEndpoint('countries'), () => envelope(countries))
      .on(auxiliaryEndpoint('commercial-model-types'), () =>
        envelope([
          { id: 1, name: 'Download' },
          { id: 2, name: 'Streaming' },
        ]),
      );
    if (onPut) fakeMain.api.on(releaseSubresourceEndpoints.updateTimes, ({ request }) => onPut(request));
  };

  it('is a tab of the release page', () => {
    expect(recordTabComponent('releases', 'territories')).toBeTruthy();
  });

  it('checks the §5 rules on the fields before sending, then sets the times on every track of the release', async () => {
    const puts: ApiRequest[] = [];
    serve((req) => {
      puts.push(req);
      return {
        release_id: 7,
        track_ids: [70, 71, 72],
        countries: [countries[1]],
        commercial_model_types: [
          { id: 1, name: 'Download' },
          { id: 2, name: 'Streaming' },
        ],
        time_zone: 'America/Denver',
        publish_at: '2025-06-01T06:00:00.000Z',
        publish_local: '2025-06-01T00:00:00-06:00',
        pre_order_at: null,
        pre_order_local: null,
        takedown_at: null,
        takedown_local: null,
      };
    });
    renderAs(CONTENT_OPS, <ReleaseTerritoriesTab type="releases" id={7} row={row} />);
    expect(screen.getAllByText('Mountain time (America/Denver)').length).toBe(3);

    // Nothing chosen, a skipped hour, and a takedown before publish: the §5 words on the fields, nothing sent.
    fireEvent.change(screen.getByTestId('time-publish'), { target: { value: '2025-03-09T02:30' } });
    fireEvent.click(screen.getByTestId('save-times'));
    expect(await screen.findByText(MSG.territoryRequired)).toBeTruthy();
    expect(screen.getByText(/^2025-03-09T02:30 does not exist in America\/Denver/)).toBeTruthy();
    fireEvent.change(screen.getByTestId('time-publish'), { target: { value: '2025-06-01T00:00' } });
    fireEvent.change(screen.getByTestId('time-takedown'), { target: { value: '2025-05-01T00:00' } });
    fireEvent.click(screen.getByTestId('save-times'));
    expect(await screen.findByText(MSG.takedownAfterPublish)).toBeTruthy();
    expect(puts).toHaveLength(0);

    fireEvent.change(screen.getByTestId('time-takedown'), { target: { value: '' } });
    fireEvent.mouseDown(screen.getByLabelText('Countries'));
    fireEvent.click(await screen.findByTitle('France'));
    fireEvent.click(screen.getByTestId('save-times'));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({
      method: 'PUT',
      path: '/v4/catalog/releases/7/countries-times/update/',
      body: { country_ids: [4], time_zone: 'America/Denver', publish: '2025-06-01T00:00', pre_order: null, takedown: null },
    });
    const done = await screen.findByTestId('release-times-done');
    expect(within(done).getByText('3')).toBeTruthy();
    expect(within(done).getByText('France')).toBeTruthy();
    expect(within(done).getByText('Download, Streaming')).toBeTruthy();
    expect(screen.getByTestId('release-publish-local').textContent).toBe('06/01/2025 00:00 (UTC-06:00)');
  });

  it("a refused update is said in §8's words for the release", async () => {
    serve(() => {
      throw new BridgeError({ code: 'http', status: 400, message: 'Bad Request', detail: { country_ids: [MSG.selectFromList] } });
    });
    renderAs(CONTENT_OPS, <ReleaseTerritoriesTab type="releases" id={7} row={row} />);
    fireEvent.mouseDown(screen.getByLabelText('Countries'));
    fireEvent.click(await screen.findByTitle('France'));
    fireEvent.change(screen.getByTestId('time-publish'), { target: { value: '2025-06-01T00:00' } });
    fireEvent.click(screen.getByTestId('save-times'));
    expect((await screen.findByTestId('times-error')).textContent).toContain('Error during create or update of release');
  });

  it('is read-only for a supplier: no form, nothing fetched', async () => {
    serve();
    renderAs(SUPPLIER, <ReleaseTerritoriesTab type="releases" id={7} row={row} />);
    expect(await screen.findByTestId('release-territories-read-only')).toBeTruthy();
    expect(screen.queryByTestId('save-times')).toBeNull();
    expect(calls.some((c) => c.path === '/v4/auxiliary/countries/')).toBe(false);
  });
});

describe('re-encode', () => {
  /** The reason the API gives after §8's text in its 409 (server/jobs/encode.ts ENCODE_BUSY). */
  const BUSY = 'An encode of this release is already queued or running; it can be started again when it finishes.';
  it('words each failure as spec §8 does', () => {
    expect(
      startFailure(new BridgeError({ code: 'http', status: 409, message: 'Conflict', detail: { detail: MSG.encodeStartFailed } })),
    ).toEqual({ title: MSG.encodeStartFailed });
    // The API's reason after §8's text is the description (main hands over the body's detail).
    expect(
      startFailure(new BridgeError({ code: 'http', status: 409, message: 'Conflict', detail: `${MSG.encodeStartFailed} ${BUSY}` })),
    ).toEqual({ title: MSG.encodeStartFailed, description: BUSY });
    expect(waitFailure(new BridgeError({ code: 'job_failed', message: 'disk full' }))).toEqual({
      title: MSG.reencodeError,
      description: 'disk full',
    });
    expect(waitFailure(new BridgeError({ code: 'timeout', message: MSG.requestTimedOut }))).toEqual({ title: MSG.requestTimedOut });
    expect(waitFailure(new BridgeError({ code: 'cancelled', message: 'Cancelled.' }))).toBeNull();
    expect(doneOutcome({ converted: 3, errors: 0 })).toEqual({ text: 'Re-encoded 3 tracks', failure: null });
    expect(doneOutcome({ converted: 1, errors: 1 }).failure?.title).toBe(MSG.reencodeError);
  });

  /** The API starts the encode job 41 of a release or a track. */
  const started = (state: JobState = 'PENDING') => {
    for (const e of [mediaEndpoints.reencodeRelease, mediaEndpoints.reencodeTrack])
      fakeMain.api.on(e, () => reply({ id: 41, state }, { status: 202 }));
  };

  it('starts the job, shows its progress from main, and says when it is done', async () => {
    started();
    let finish!: (v: unknown) => void;
    fakeMain.channel('jobWait', (req) => {
      expect(req).toEqual({ kind: 'encode', id: 41 });
      return new Promise((r) => (finish = r)) as never;
    });
    renderAs(CONTENT_OPS, <ReencodeButton type="releases" id={5} />);
    fireEvent.click(screen.getByTestId('reencode-button'));
    expect((await screen.findByTestId('reencode-progress')).textContent).toContain('Encode job queued');
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/v4/catalog/releases/5/reencode/' });
    await act(async () => fakeMain.emit('jobProgress', { jobId: '99', state: 'RUNNING' }));
    expect(screen.getByTestId('reencode-progress').textContent).toContain('Encode job queued');
    expect(fakeMain.requestsOf('jobWait')).toEqual([{ kind: 'encode', id: 41 }]);
    await act(async () => fakeMain.emit('jobProgress', { jobId: '41', state: 'RUNNING' }));
    await waitFor(() => expect(screen.getByTestId('reencode-progress').textContent).toContain('Encoding…'));
    expect(screen.getByTestId('reencode-button').hasAttribute('disabled')).toBe(true);
    finish({ id: '41', state: 'DONE', result: { converted: 2, errors: 0 } });
    await waitFor(() => expect(screen.getByTestId('reencode-progress').textContent).toContain('Re-encoded 2 tracks'));
    expect(screen.queryByTestId('reencode-error')).toBeNull();
    expect(screen.getByTestId('reencode-button').hasAttribute('disabled')).toBe(false);
  });

  it('a 409 is "Failed to start encode job." with the reason the API gave, and nothing is polled', async () => {
    fakeMain.api.on(mediaEndpoints.reencodeTrack, () => {
      throw new BridgeError({ code: 'http', status: 409, message: 'Conflict', detail: `${MSG.encodeStartFailed} ${BUSY}` });
    });
    const wait = vi.fn();
    fakeMain.channel('jobWait', wait);
    renderAs(ADMIN, <ReencodeButton type="tracks" id={7} />);
    fireEvent.click(screen.getByTestId('reencode-button'));
    const shown = await screen.findByTestId('reencode-error');
    expect(shown.querySelector('.ant-alert-title')?.textContent).toBe(MSG.encodeStartFailed);
    expect(shown.querySelector('.ant-alert-description')?.textContent).toBe(BUSY);
    expect(calls[0]).toMatchObject({ path: '/v4/catalog/tracks/7/reencode/' });
    expect(wait).not.toHaveBeenCalled();
  });

  it('a failed job is "Error during re-encode"; a timeout "Request Timed Out"', async () => {
    started();
    fakeMain.channel('jobWait', () => Promise.reject(new BridgeError({ code: 'job_failed', message: 'No source audio.' })));
    renderAs(ADMIN, <ReencodeButton type="tracks" id={7} />);
    fireEvent.click(screen.getByTestId('reencode-button'));
    const error = await screen.findByTestId('reencode-error');
    expect(within(error).getByText(MSG.reencodeError)).toBeTruthy();
    expect(within(error).getByText('No source audio.')).toBeTruthy();

    fakeMain.channel('jobWait', () => Promise.reject(new BridgeError({ code: 'timeout', message: MSG.requestTimedOut })));
    fireEvent.click(screen.getByTestId('reencode-button'));
    await waitFor(() => expect(screen.getByTestId('reencode-error').textContent).toBe(MSG.requestTimedOut));
  });

  it('stops waiting when the page goes away', async () => {
    started('RUNNING');
    fakeMain.channel('jobWait', () => new Promise(() => undefined));
    renderAs(ADMIN, <ReencodeButton type="releases" id={5} />);
    fireEvent.click(screen.getByTestId('reencode-button'));
    await screen.findByText('Encoding…');
    cleanup();
    expect(fakeMain.requestsOf('jobCancel')).toEqual([{ kind: 'encode', id: '41' }]);
  });

  it('is off and says why when the record has no source audio (has_source_audio false); nothing is started', () => {
    renderAs(ADMIN, <ReencodeButton type="releases" id={5} hasSourceAudio={false} />);
    const button = screen.getByTestId('reencode-button');
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('reencode-why').textContent).toBe('A track of this release has no source audio to encode from.');
    expect(button.getAttribute('aria-describedby')).toBe(screen.getByTestId('reencode-why').id);
    fireEvent.click(button);
    expect(calls).toEqual([]);
    cleanup();
    renderAs(ADMIN, <ReencodeButton type="tracks" id={7} hasSourceAudio={true} />);
    expect(screen.getByTestId('reencode-button').hasAttribute('disabled')).toBe(false);
    expect(screen.queryByTestId('reencode-why')).toBeNull();
  });

  it('is not offered to a supplier', () => {
    renderAs(SUPPLIER, <ReencodeButton type="releases" id={5} />);
    expect(screen.queryByTestId('reencode-button')).toBeNull();
  });
});
