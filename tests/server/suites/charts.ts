/**
 * Charts on PGlite and on a PostgreSQL server (spec §3, §7 Charts, §9 title 45): POST
 * create on the active brand owned by the caller; a chart's tracks in order (GET, PUT
 * of the whole order, unknown tracks refused, history of the change).
 */
import { beforeAll, expect, it } from 'vitest';
import { MAX_LEN } from '../../../shared/constants';
import { RECORD_MSG } from '../../../shared/records';
import { api, signIn, type RunningServer } from '../helpers';

const C = '/v4/catalog/charts/';

export function chartSuite(get: () => RunningServer) {
  const tokens = new Map<string, string>();
  const as = (who: string, path: string, init: Parameters<typeof api>[3] = {}) =>
    api(get(), tokens.get(who)!, path, { ...init, headers: { 'x-brand': 'brand:dj', ...init.headers } });
  beforeAll(async () => {
    for (const [u, p] of [['curation', 'sandbox-curation'], ['marketing', 'sandbox-marketing'], ['admin', 'sandbox-admin']]) {
      tokens.set(u, (await signIn(get(), u, p)).access_token);
    }
  });

  it('POST creates a chart on the active brand, owned by the caller; the title is at most 45 characters', async () => {
    const long = await as('curation', C, { method: 'POST', body: { title: 'x'.repeat(MAX_LEN.chartTitle + 1) } });
    expect([long.status, long.body]).toEqual([400, { title: [`Ensure this field has no more than ${MAX_LEN.chartTitle} characters.`] }]);
    expect((await as('curation', C, { method: 'POST', body: {} })).body).toHaveProperty('title');
    const ok = await as('curation', C, { method: 'POST', body: { title: 'E2E Chart', description: 'Best of', partner_exclusive: true, genre_id: 1 } });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ title: 'E2E Chart', partner_exclusive: true, genre: { id: 1 } });
    const [row] = await get().db.query<{ brand: string; owner_id: number }>('select brand, owner_id from charts where id = $1', [ok.body.id]);
    const [me] = await get().db.query<{ id: number }>("select id from users where username = 'curation'");
    expect(row).toEqual({ brand: 'brand:dj', owner_id: me.id });
    expect((await api(get(), tokens.get('marketing')!, C, { method: 'POST', body: { title: 'No' } })).status).toBe(403);
  });

  it('a chart\'s tracks: PUT the whole order (positions 1..N), GET in order, unknown tracks refused, history kept', async () => {
    const chart = (await as('curation', C, { method: 'POST', body: { title: 'Ordered' } })).body.id as number;
    const tracks = (await get().db.query<{ id: number }>('select id from tracks order by id limit 3')).map((t) => t.id);
    const put = await as('curation', `${C}${chart}/tracks/`, { method: 'PUT', body: { track_ids: tracks } });
    expect(put.status).toBe(200);
    expect(put.body.results!.map((t) => [t.id, t.position])).toEqual(tracks.map((id, i) => [id, i + 1]));
    const moved = [tracks[2], tracks[0], tracks[1]];
    await as('curation', `${C}${chart}/tracks/`, { method: 'PUT', body: { track_ids: moved } });
    expect((await as('marketing', `${C}${chart}/tracks/`, { headers: { 'x-brand': 'brand:dance' } })).status).toBe(404);
    expect((await as('admin', `${C}${chart}/tracks/`)).body.results!.map((t) => [t.id, t.position])).toEqual(moved.map((id, i) => [id, i + 1]));
    const bad = await as('curation', `${C}${chart}/tracks/`, { method: 'PUT', body: { track_ids: [tracks[0], 2_000_000_000] } });
    expect([bad.status, bad.body]).toEqual([400, { track_ids: [RECORD_MSG.noSuchRecord] }]);
    expect((await as('curation', `${C}${chart}/tracks/`, { method: 'PUT', body: { track_ids: [tracks[0], tracks[0]] } })).status).toBe(400);
    expect((await as('marketing', `${C}${chart}/tracks/`, { method: 'PUT', body: { track_ids: [] }, headers: { 'x-brand': 'brand:dance' } })).status).toBe(403);
    const history = await as('admin', `${C}${chart}/history/`);
    expect(history.body.results![0]).toMatchObject({ changes: { tracks: { old: tracks, new: moved } } });
  });
}
