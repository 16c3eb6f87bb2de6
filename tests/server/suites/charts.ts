/**
 * Charts on PGlite and on a PostgreSQL server (spec §3, §7 Charts, §9 title 45): POST
 * create on the active brand owned by the caller; a chart's tracks in order (GET, PUT
 * of the whole order, unknown tracks refused, history of the change).
 */
import { beforeAll, expect, it } from 'vitest';
import { MAX_LEN } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { CHART_MAPPED_MSG, CURATED_PLAYLIST_MSG, SUB_GENRE_IN_USE_MSG, SUB_GENRE_TAKEN_MSG } from '../../../shared/api/endpoints';
import { api, signIn, type RunningServer } from '../helpers';

const C = '/v4/catalog/charts/';

export function chartSuite(get: () => RunningServer) {
  const tokens = new Map<string, string>();
  const as = (who: string, path: string, init: Parameters<typeof api>[3] = {}) =>
    api(get(), tokens.get(who)!, path, { ...init, headers: { 'x-brand': 'brand:dj', ...init.headers } });
  beforeAll(async () => {
    for (const [u, p] of [
      ['curation', 'sandbox-curation'],
      ['marketing', 'sandbox-marketing'],
      ['admin', 'sandbox-admin'],
    ]) {
      tokens.set(u, (await signIn(get(), u, p)).access_token);
    }
  });

  it('POST creates a chart on the active brand, owned by the caller; the title is at most 45 characters', async () => {
    const long = await as('curation', C, { method: 'POST', body: { title: 'x'.repeat(MAX_LEN.chartTitle + 1) } });
    expect([long.status, long.body]).toEqual([400, { title: [`Ensure this field has no more than ${MAX_LEN.chartTitle} characters.`] }]);
    expect((await as('curation', C, { method: 'POST', body: {} })).body).toHaveProperty('title');
    const ok = await as('curation', C, {
      method: 'POST',
      body: { title: 'E2E Chart', description: 'Best of', partner_exclusive: true, genre_id: 1 },
    });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ title: 'E2E Chart', partner_exclusive: true, genre: { id: 1 } });
    const [row] = await get().db.query<{ brand: string; owner_id: number }>('select brand, owner_id from charts where id = $1', [
      ok.body.id,
    ]);
    const [me] = await get().db.query<{ id: number }>("select id from users where username = 'curation'");
    expect(row).toEqual({ brand: 'brand:dj', owner_id: me.id });
    expect((await api(get(), tokens.get('marketing')!, C, { method: 'POST', body: { title: 'No' } })).status).toBe(403);
  });

  it("a chart's tracks: PUT the whole order (positions 1..N), GET in order, unknown tracks refused, history kept", async () => {
    const chart = (await as('curation', C, { method: 'POST', body: { title: 'Ordered' } })).body.id as number;
    const tracks = (await get().db.query<{ id: number }>('select id from tracks order by id limit 3')).map((t) => t.id);
    const put = await as('curation', `${C}${chart}/tracks/`, { method: 'PUT', body: { track_ids: tracks } });
    expect(put.status).toBe(200);
    expect(put.body.results!.map((t) => [t.id, t.position])).toEqual(tracks.map((id, i) => [id, i + 1]));
    const moved = [tracks[2], tracks[0], tracks[1]];
    await as('curation', `${C}${chart}/tracks/`, { method: 'PUT', body: { track_ids: moved } });
    expect((await as('marketing', `${C}${chart}/tracks/`, { headers: { 'x-brand': 'brand:dance' } })).status).toBe(404);
    expect((await as('admin', `${C}${chart}/tracks/`)).body.results!.map((t) => [t.id, t.position])).toEqual(
      moved.map((id, i) => [id, i + 1]),
    );
    const bad = await as('curation', `${C}${chart}/tracks/`, { method: 'PUT', body: { track_ids: [tracks[0], 2_000_000_000] } });
    expect([bad.status, bad.body]).toEqual([400, { track_ids: [MSG.selectFromList] }]);
    expect((await as('curation', `${C}${chart}/tracks/`, { method: 'PUT', body: { track_ids: [tracks[0], tracks[0]] } })).status).toBe(400);
    expect(
      (await as('marketing', `${C}${chart}/tracks/`, { method: 'PUT', body: { track_ids: [] }, headers: { 'x-brand': 'brand:dance' } }))
        .status,
    ).toBe(403);
    const history = await as('admin', `${C}${chart}/history/`);
    expect(history.body.results![0]).toMatchObject({ changes: { tracks: { old: tracks, new: moved } } });
  });

  it("a chart's mapped curated playlist: POST maps, PATCH remaps or unmaps, the playlist lists its charts; only curated playlists of the brand", async () => {
    const chart = (await as('curation', C, { method: 'POST', body: { title: 'Mapped', enabled: true } })).body.id as number;
    const P = '/v4/catalog/playlists/';
    const curated = [];
    for (const name of ['Map A', 'Map B'])
      curated.push((await as('curation', P, { method: 'POST', body: { name, is_curated: true } })).body.id as number);
    const plain = (await as('curation', P, { method: 'POST', body: { name: 'Not curated' } })).body.id as number;
    const other = (
      await as('curation', P, { method: 'POST', body: { name: 'Other brand', is_curated: true }, headers: { 'x-brand': 'brand:dance' } })
    ).body.id as number;
    const M = `${C}${chart}/playlist-mappings/`;
    expect((await as('curation', M)).body.results).toEqual([]);
    for (const bad of [plain, other, 2_000_000_000]) {
      expect(await as('curation', M, { method: 'POST', body: { playlist_id: bad } }).then((r) => [r.status, r.body])).toEqual([
        400,
        { playlist_id: [CURATED_PLAYLIST_MSG] },
      ]);
    }
    const made = await as('curation', M, { method: 'POST', body: { playlist_id: curated[0] } });
    expect([made.status, made.body]).toEqual([201, { id: curated[0], chart_id: chart, playlist: { id: curated[0], name: 'Map A' } }]);
    expect((await as('curation', M, { method: 'POST', body: { playlist_id: curated[1] } })).body).toEqual({
      playlist_id: [CHART_MAPPED_MSG],
    });
    expect((await as('curation', `${C}${chart}/`)).body).toMatchObject({ playlist_id: curated[0] });
    expect((await as('curation', `${P}${curated[0]}/chart-mapping/`)).body.results).toEqual([
      { id: chart, title: 'Mapped', enabled: true },
    ]);
    expect((await as('curation', `${M}${curated[1]}/`, { method: 'PATCH', body: { playlist_id: curated[0] } })).status).toBe(404);
    const moved = await as('curation', `${M}${curated[0]}/`, { method: 'PATCH', body: { playlist_id: curated[1] } });
    expect(moved.body).toEqual({ id: curated[1], chart_id: chart, playlist: { id: curated[1], name: 'Map B' } });
    expect((await as('curation', `${P}${curated[0]}/chart-mapping/`)).body.results).toEqual([]);
    expect((await as('marketing', `${M}${curated[1]}/`, { method: 'PATCH', body: { playlist_id: null } })).status).toBe(403);
    const gone = await as('curation', `${M}${curated[1]}/`, { method: 'PATCH', body: { playlist_id: null } });
    expect([gone.status, gone.body]).toEqual([200, null]);
    expect((await as('curation', M)).body.results).toEqual([]);
    const history = await as('admin', `${C}${chart}/history/`);
    expect(history.body.results!.slice(0, 3).map((h) => h.changes)).toEqual([
      { playlist_id: { old: curated[1], new: null } },
      { playlist_id: { old: curated[0], new: curated[1] } },
      { playlist_id: { old: null, new: curated[0] } },
    ]);
  });
}

/** Curated playlists: POST create on the active brand; PUT tracks/bulk/ and GET tracks in order. */
export function playlistSuite(get: () => RunningServer) {
  let token = '';
  beforeAll(async () => {
    token = (await signIn(get(), 'curation', 'sandbox-curation')).access_token;
  });
  const as = (path: string, init: Parameters<typeof api>[3] = {}) =>
    api(get(), token, path, { ...init, headers: { 'x-brand': 'brand:dj' } });

  it('POST creates a playlist (name required); its tracks are replaced in order and read back in order', async () => {
    expect((await as('/v4/catalog/playlists/', { method: 'POST', body: {} })).body).toHaveProperty('name');
    const p = await as('/v4/catalog/playlists/', { method: 'POST', body: { name: 'E2E Curated', is_curated: true, curated_genre_id: 1 } });
    expect([p.status, p.body]).toMatchObject([201, { name: 'E2E Curated', is_curated: true, curated_genre_id: 1, track_count: 0 }]);
    const [row] = await get().db.query<{ brand: string }>('select brand from playlists where id = $1', [p.body.id]);
    expect(row.brand).toBe('brand:dj');
    const tracks = (await get().db.query<{ id: number }>('select id from tracks order by id desc limit 3')).map((t) => t.id);
    const put = await as(`/v4/catalog/playlists/${p.body.id}/tracks/bulk/`, { method: 'PUT', body: { track_ids: tracks } });
    expect(put.body.results!.map((t) => [t.id, t.position])).toEqual(tracks.map((id, i) => [id, i + 1]));
    expect((await as(`/v4/catalog/playlists/${p.body.id}/tracks/`)).body.results!.map((t) => t.id)).toEqual(tracks);
    expect(
      (await as(`/v4/catalog/playlists/${p.body.id}/tracks/bulk/`, { method: 'PUT', body: { track_ids: [2_000_000_000] } })).body,
    ).toEqual({ track_ids: [MSG.selectFromList] });
  });
}

/** A playlist's link partners: PUT partners-bulk/ replaces the set, GET partners/ reads it by name; unknown partners refused; history kept. */
export function playlistPartnerSuite(get: () => RunningServer) {
  const tokens = new Map<string, string>();
  beforeAll(async () => {
    for (const [u, p] of [
      ['curation', 'sandbox-curation'],
      ['marketing', 'sandbox-marketing'],
    ])
      tokens.set(u, (await signIn(get(), u, p)).access_token);
  });
  const as = (who: string, path: string, init: Parameters<typeof api>[3] = {}) =>
    api(get(), tokens.get(who)!, path, { ...init, headers: { 'x-brand': 'brand:dj' } });

  it("replaces and reads a playlist's partners", async () => {
    const playlist = (await as('curation', '/v4/catalog/playlists/', { method: 'POST', body: { name: 'Partnered', is_curated: true } }))
      .body.id as number;
    const partners = await get().db.query<{ id: number; name: string }>(
      'select id, name from link_partners order by lower(name), id limit 3',
    );
    const P = `/v4/catalog/playlists/${playlist}/`;
    expect((await as('curation', `${P}partners/`)).body.results).toEqual([]);
    const put = await as('curation', `${P}partners-bulk/`, { method: 'PUT', body: { partner_ids: [partners[2].id, partners[0].id] } });
    expect([put.status, put.body.results!.map((p) => p.id)]).toEqual([200, [partners[0].id, partners[2].id]]);
    expect((await as('curation', `${P}partners/`)).body.results!.map((p) => p.name)).toEqual([partners[0].name, partners[2].name]);
    expect((await as('curation', `${P}partners-bulk/`, { method: 'PUT', body: { partner_ids: [2_000_000_000] } })).body).toEqual({
      partner_ids: [MSG.selectFromList],
    });
    expect(
      (await as('curation', `${P}partners-bulk/`, { method: 'PUT', body: { partner_ids: [partners[0].id, partners[0].id] } })).status,
    ).toBe(400);
    expect((await as('marketing', `${P}partners-bulk/`, { method: 'PUT', body: { partner_ids: [] } })).status).toBe(403);
    expect((await as('curation', `${P}partners-bulk/`, { method: 'PUT', body: { partner_ids: [] } })).body.results).toEqual([]);
    const history = await as('curation', `${P}history/`);
    expect(history.body.results!.slice(0, 2).map((h) => h.changes)).toEqual([
      { partners: { old: [partners[0].id, partners[2].id].sort((a, b) => a - b), new: [] } },
      { partners: { old: [], new: [partners[0].id, partners[2].id].sort((a, b) => a - b) } },
    ]);
  });
}

/** PATCH users/{id}/dj-profile/ (spec §7 Accounts): the DJ profile's fields, the slug unique, If-Match, who may. */
export function djProfileSuite(get: () => RunningServer) {
  const tokens = new Map<string, string>();
  beforeAll(async () => {
    for (const [u, p] of [
      ['curation', 'sandbox-curation'],
      ['support', 'sandbox-support'],
    ])
      tokens.set(u, (await signIn(get(), u, p)).access_token);
  });
  const patch = (who: string, id: number, body: unknown, version: number) =>
    api(get(), tokens.get(who)!, `/v4/accounts/users/${id}/dj-profile/`, {
      method: 'PATCH',
      body,
      headers: { 'if-match': `"v${version}"`, 'x-brand': 'brand:dj' },
    });

  it('changes the DJ display name, slug, profile page and indexing; a taken slug is refused naming it', async () => {
    const rows = await get().db.query<{ id: number; version: number; dj_slug: string }>(
      'select id, version, dj_slug from users where dj_slug is not null order by id limit 2',
    );
    const [a, b] = rows;
    const ok = await patch(
      'curation',
      a.id,
      { dj_name: 'DJ Renamed', dj_slug: `renamed-${a.id}`, enabled: true, dj_is_indexed: true },
      a.version,
    );
    expect([ok.status, ok.body]).toMatchObject([200, { dj_name: 'DJ Renamed', dj_slug: `renamed-${a.id}`, dj_is_indexed: true }]);
    const taken = await patch('curation', a.id, { dj_slug: b.dj_slug }, ok.body.version as number);
    expect([taken.status, taken.body]).toEqual([400, { dj_slug: [MSG.djSlugTaken] }]);
    // Its own slug again is no clash.
    expect((await patch('curation', a.id, { dj_slug: `renamed-${a.id}` }, ok.body.version as number)).status).toBe(200);
    expect((await patch('curation', a.id, { dj_slug: 'Not A Slug' }, ok.body.version as number)).body).toEqual({
      dj_slug: ['Use lowercase letters, digits and hyphens.'],
    });
    expect((await patch('curation', a.id, { dj_name: 'x' }, 1_000_000)).status).toBe(412);
    // Support reads DJ profiles but does not edit them (the shared catalogue rule: admin, content ops, curation).
    expect((await patch('support', a.id, { dj_name: 'x' }, ok.body.version as number)).status).toBe(403);
  });
}

/** A genre's sub-genres (GET/POST/PATCH/DELETE …/genres/{id}/sub-genres/): admin edits them; names once per genre; one in use stays. */
export function subGenreSuite(get: () => RunningServer) {
  const tokens = new Map<string, string>();
  beforeAll(async () => {
    for (const [u, p] of [
      ['admin', 'sandbox-admin'],
      ['curation', 'sandbox-curation'],
    ])
      tokens.set(u, (await signIn(get(), u, p)).access_token);
  });
  const as = (who: string, path: string, init: Parameters<typeof api>[3] = {}) => api(get(), tokens.get(who)!, path, init);

  it('admin adds, renames and removes sub-genres; a taken name and a sub-genre given to tracks are refused; history kept', async () => {
    const [{ id: genre }] = await get().db.query<{ id: number }>(
      "insert into genres (name, slug) values ('E2E Sub Parent', 'e2e-sub-parent') returning id",
    );
    const G = `/v4/catalog/genres/${genre}/sub-genres/`;
    expect((await as('admin', G)).body.results).toEqual([]);
    const made = await as('admin', G, { method: 'POST', body: { name: 'Deep' } });
    expect([made.status, made.body]).toMatchObject([201, { name: 'Deep', track_count: 0 }]);
    const other = (await as('admin', G, { method: 'POST', body: { name: 'Acid' } })).body.id as number;
    expect((await as('admin', G, { method: 'POST', body: { name: 'deep' } })).body).toEqual({ name: [SUB_GENRE_TAKEN_MSG] });
    expect((await as('admin', G, { method: 'POST', body: { name: ' ' } })).status).toBe(400);
    expect((await as('admin', `${G}${other}/`, { method: 'PATCH', body: { name: 'Deep' } })).body).toEqual({ name: [SUB_GENRE_TAKEN_MSG] });
    expect((await as('admin', `${G}${other}/`, { method: 'PATCH', body: { name: 'Acid House' } })).body).toMatchObject({
      id: other,
      name: 'Acid House',
    });
    expect((await as('admin', G)).body.results!.map((s) => s.name)).toEqual(['Acid House', 'Deep']);
    expect((await as('curation', G, { method: 'POST', body: { name: 'No' } })).status).toBe(403);
    expect((await as('curation', G)).status).toBe(200);
    const [{ id: track }] = await get().db.query<{ id: number }>('select id from tracks order by id limit 1');
    await get().db.query('update tracks set sub_genre_id = $2 where id = $1', [track, made.body.id]);
    expect((await as('admin', `${G}${made.body.id}/`, { method: 'DELETE' })).body).toEqual({ non_field_errors: [SUB_GENRE_IN_USE_MSG] });
    expect((await as('admin', `${G}${other}/`, { method: 'DELETE' })).status).toBe(204);
    expect(
      (await as('admin', `/v4/catalog/genres/1/sub-genres/${made.body.id}/`, { method: 'PATCH', body: { name: 'Moved' } })).status,
    ).toBe(404);
    const history = await as('admin', `/v4/catalog/genres/${genre}/history/`);
    expect(history.body.results![0]).toMatchObject({ changes: { sub_genres: { old: ['Acid House', 'Deep'], new: ['Deep'] } } });
  });
}
