/**
 * The record framework's server side on PGlite and on a PostgreSQL server: create
 * (POST tracks and releases), history written in the same transaction as every write
 * (and none for a failed one), GET …/history/, the §4 rules (only CONVERTED tracks
 * shown or enabled, encode status read-only), lists of references in order, exclusive
 * period None and Lifetime, brand-only fields, the writes of playlists, DJ profiles and
 * hype offers, the bulk edit with preview and the release's track order.
 * Each test works on records it creates, or on seed rows no other suite touches.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { FIELD_WRITE_REFUSED } from '../../../shared/access';
import { BULK_EDIT_MAX, MAX_LEN } from '../../../shared/constants';
import { RECORD_DECLS, RECORD_MSG, moveTrack } from '../../../shared/records';
import { LIST_DEF_BY_KEY } from '../../../server/api/lists/types';
import { MSG } from '../../../shared/messages';
import { SANDBOX_ACCOUNTS } from '../../../server/seed/accounts';
import { NOT_VISIBLE_MSG, STALE_ROW_MSG } from '../../../server/api/records/bulk-edit';
import { api, signIn, type RunningServer } from '../helpers';

type Res = Record<string, unknown>;

export function recordSuite(get: () => RunningServer) {
  const tokens = new Map<string, string>();
  beforeAll(async () => {
    for (const a of SANDBOX_ACCOUNTS) tokens.set(a.username, (await signIn(get(), a.username, a.password)).access_token);
  });
  const as = (username: string) => (path: string, init?: Parameters<typeof api>[3]) => api(get(), tokens.get(username)!, path, init);
  const admin = (path: string, init?: Parameters<typeof api>[3]) => as('admin')(path, init);
  const history = async (type: string, id: number) =>
    await get().db.query<{ action: string; changes: Res; user_id: number | null }>(
      'select action, changes, user_id from record_history where entity = $1 and entity_id = $2 order by id',
      [type, id],
    );
  const patch = (path: string, body: unknown, etag: string, who = 'admin', headers: Record<string, string> = {}) =>
    as(who)(path, { method: 'PATCH', body, headers: { 'if-match': etag, ...headers } });

  it('every record type’s row holds each declared field under the name the page reads, and the shown ones', async () => {
    for (const d of RECORD_DECLS) {
      const def = LIST_DEF_BY_KEY.get(d.key)!;
      const columns = (await get().db.columnTypes(`select ${def.select} from ${def.from}`)).map((c) => c.name);
      const wanted = ['id', 'version', ...Object.entries(d.fields).map(([k, f]) => f.shownAs ?? k), ...Object.keys(d.shown ?? {})];
      expect(
        wanted.filter((k) => !columns.includes(k)),
        d.key,
      ).toEqual([]);
    }
  });

  /** A new release on label 1 with `n` tracks, created through the API. */
  async function newRelease(n: number, title = 'Framework Test') {
    const r = await admin('/v4/catalog/releases/', { method: 'POST', body: { label_id: 1, title } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const tracks: Res[] = [];
    for (let i = 0; i < n; i++) {
      const t = await admin('/v4/catalog/tracks/', { method: 'POST', body: { release_id: r.body.id, title: `Track ${i + 1}` } });
      expect(t.status, JSON.stringify(t.body)).toBe(201);
      tracks.push(t.body);
    }
    return { release: r.body, tracks };
  }
  /** What an encode job does: the track's audio is converted (spec §4: set by encode jobs only). */
  const convert = (ids: number[]) => get().db.query("update tracks set encode_status = 'CONVERTED' where id = any($1::int[])", [ids]);

  describe('create', () => {
    it('POST /releases/: supplier from the label, 201 with the object and its ETag, a history row "create"', async () => {
      const r = await admin('/v4/catalog/releases/', {
        method: 'POST',
        body: { label_id: 2, title: 'Created', exclusive_period: 0, artists: [3, 1] },
      });
      expect(r.status).toBe(201);
      const [label] = await get().db.query<{ supplier_id: number }>('select supplier_id from labels where id = 2');
      expect(r.body).toMatchObject({
        title: 'Created',
        label: { id: 2 },
        supplier: { id: label.supplier_id },
        exclusive_period: 0,
        encode_status: 'Not Converted',
      });
      expect((r.body.artists as Res[]).map((a) => a.id)).toEqual([3, 1]);
      expect(r.headers.get('etag')).toBe(`"v${r.body.version}"`);
      // GET by id adds whether a re-encode can start (has_source_audio; a release without tracks has nothing to lose).
      expect(await admin(`/v4/catalog/releases/${r.body.id}/`).then((g) => g.body)).toEqual({ ...r.body, has_source_audio: true });
      const [h] = await history('releases', r.body.id as number);
      expect(h).toMatchObject({ action: 'create', user_id: 1 });
      expect(h.changes).toMatchObject({
        title: { old: null, new: 'Created' },
        label_id: { old: null, new: 2 },
        supplier_id: { old: null, new: label.supplier_id },
        artists: { old: null, new: [3, 1] },
      });
    });

    it('POST /tracks/: label and supplier follow the release, position = last + 1', async () => {
      const { release, tracks } = await newRelease(2);
      expect(tracks.map((t) => t.position)).toEqual([1, 2]);
      const [t] = await get().db.query<Res>('select label_id, supplier_id, release_id from tracks where id = $1', [tracks[1].id]);
      const [r] = await get().db.query<Res>('select label_id, supplier_id from releases where id = $1', [release.id]);
      expect(t).toEqual({ ...r, release_id: release.id });
      expect((await history('tracks', tracks[0].id as number)).map((h) => h.action)).toEqual(['create']);
    });

    it('create refusals: required fields, a missing label or release, limits, the write rule, the CONVERTED rule; nothing is created', async () => {
      const count = async () =>
        (
          await get().db.query<{ n: number }>(
            'select (select count(*) from releases) + (select count(*) from tracks) + (select count(*) from record_history) as n',
          )
        )[0].n;
      const before = await count();
      const noLabel = await admin('/v4/catalog/releases/', { method: 'POST', body: { title: 'x' } });
      expect([noLabel.status, Object.keys(noLabel.body)]).toEqual([400, ['label_id']]);
      const missing = await admin('/v4/catalog/releases/', { method: 'POST', body: { label_id: 999_999, title: 'x' } });
      expect(missing.body).toEqual({ label_id: [MSG.selectFromList] });
      const long = await admin('/v4/catalog/tracks/', {
        method: 'POST',
        body: { release_id: 1, title: 'x'.repeat(MAX_LEN.trackTitle + 1) },
      });
      expect(long.body).toEqual({ title: [`Ensure this field has no more than ${MAX_LEN.trackTitle} characters.`] });
      const noRelease = await admin('/v4/catalog/tracks/', { method: 'POST', body: { release_id: 999_999, title: 'x' } });
      expect(noRelease.body).toEqual({ release_id: [MSG.selectFromList] });
      const enabled = await admin('/v4/catalog/tracks/', { method: 'POST', body: { release_id: 1, title: 'x', enabled: true } });
      expect(enabled.body).toEqual({ enabled: [RECORD_MSG.notConvertedEnabled] });
      const badArtist = await admin('/v4/catalog/tracks/', { method: 'POST', body: { release_id: 1, title: 'x', artists: [999_999] } });
      expect(badArtist.body).toEqual({ artists: [MSG.selectFromList] });
      for (const who of ['curation', 'labelmgmt', 'support', 'supplier']) {
        expect((await as(who)('/v4/catalog/tracks/', { method: 'POST', body: { release_id: 1, title: 'x' } })).status, who).toBe(403);
        expect((await as(who)('/v4/catalog/releases/', { method: 'POST', body: { label_id: 1, title: 'x' } })).status, who).toBe(403);
      }
      // Content ops creates releases but may not set their hype fields (admin and label management only).
      const hype = await as('contentops')('/v4/catalog/releases/', {
        method: 'POST',
        body: { label_id: 1, title: 'x', hype_enabled: true },
        headers: { 'x-brand': 'brand:dance' },
      });
      expect(hype.body).toEqual({ hype_enabled: [FIELD_WRITE_REFUSED] });
      expect(await count()).toBe(before);
    });
  });

  describe('history', () => {
    it('a PATCH writes old and new of each field that changed, and only those; GET …/history/ answers newest first with the author', async () => {
      const {
        tracks: [t],
      } = await newRelease(1);
      const path = `/v4/catalog/tracks/${t.id}/`;
      const a = await patch(path, { title: 'Track 1', bpm: 124, mix_name: 'Club Mix' }, `"v${t.version}"`);
      expect(a.status).toBe(200);
      const b = await patch(path, { bpm: 125, artists: [5, 2], publish_date: '2030-03-01' }, a.headers.get('etag')!, 'contentops');
      expect(b.status).toBe(200);
      expect((b.body.artists as Res[]).map((x) => x.id)).toEqual([5, 2]);
      // Writing back what is stored changes nothing: no history row, no new version.
      const same = await patch(path, { bpm: 125 }, b.headers.get('etag')!);
      expect(same.headers.get('etag')).toBe(b.headers.get('etag'));
      const h = await admin(`${path}history/`);
      expect(h.status).toBe(200);
      expect(h.body).toMatchObject({ count: 3, page: '1/1', next: null });
      const [latest, first, created] = h.body.results!;
      const [co] = await get().db.query<{ id: number }>("select id from users where username = 'contentops'");
      expect(latest).toMatchObject({ action: 'update', author: { id: co.id, name: 'contentops' } });
      expect(latest.changes).toEqual({
        bpm: { old: 124, new: 125 },
        artists: { old: [], new: [5, 2] },
        publish_date: { old: null, new: '2030-03-01' },
      });
      expect(first.changes).toEqual({ bpm: { old: null, new: 124 }, mix_name: { old: null, new: 'Club Mix' } });
      expect(created.action).toBe('create');
      const paged = await admin(`${path}history/?per_page=1&page=2`);
      expect(paged.body).toMatchObject({ count: 3, page: '2/3', per_page: 1 });
      expect(paged.body.results![0].id).toBe(first.id);
      expect((await admin(`${path}history/?per_page=0`)).status).toBe(400);
      expect((await admin(`${path}history/?colour=red`)).body).toEqual({ colour: ['Unknown or read-only field.'] });
    });

    it('GET …/history/ names the records its reference fields name by id (label, artists), in one answer; a deleted one is left out', async () => {
      const { release: r } = await newRelease(0, 'History Names');
      const path = `/v4/catalog/releases/${r.id}/`;
      const [l2, a5, a2] = await Promise.all([
        get().db.query<{ name: string; supplier_id: number }>('select name, supplier_id from labels where id = 2'),
        get().db.query<{ name: string }>('select name from artists where id = 5'),
        get().db.query<{ name: string }>('select name from artists where id = 2'),
      ]);
      const [l1] = await get().db.query<{ name: string }>('select name from labels where id = 1');
      const a = await patch(path, { label_id: 2, artists: [5, 2] }, `"v${r.version}"`);
      expect(a.status, JSON.stringify(a.body)).toBe(200);
      const h = await admin(`${path}history/`);
      const [latest, created] = h.body.results!;
      expect(latest.changes).toMatchObject({ label_id: { old: 1, new: 2 }, artists: { old: [], new: [5, 2] } });
      expect(latest.references).toEqual({ label_id: { 1: l1.name, 2: l2[0].name }, artists: { 5: a5[0].name, 2: a2[0].name } });
      expect(created.references).toMatchObject({ label_id: { 1: l1.name } });
      // A referenced record since deleted: its id stays in the change, without a name.
      await get().db.query("update record_history set changes = jsonb_set(changes, '{artists,new}', '[5, 999999]') where id = $1", [
        latest.id,
      ]);
      expect((await admin(`${path}history/`)).body.results![0].references).toEqual({
        label_id: { 1: l1.name, 2: l2[0].name },
        artists: { 5: a5[0].name },
      });
    });

    it('a failed write leaves no history row: stale If-Match, refused field, bad value, the CONVERTED rule, a refused row of a bulk PUT', async () => {
      const {
        tracks: [t, u],
      } = await newRelease(2);
      const path = `/v4/catalog/tracks/${t.id}/`;
      const etag = `"v${t.version}"`;
      const before = await history('tracks', t.id as number);
      expect((await patch(path, { bpm: 130 }, `"v${(t.version as number) + 7}"`)).status).toBe(412);
      expect((await patch(path, { bpm: 130 }, etag, 'curation')).status).toBe(403);
      expect((await patch(path, { bpm: 10_000 }, etag)).status).toBe(400);
      const shown = await patch(path, { enabled: true, bpm: 130 }, etag);
      expect([shown.status, shown.body]).toEqual([400, { enabled: [RECORD_MSG.notConvertedEnabled] }]);
      const put = await admin('/v4/catalog/tracks/', {
        method: 'PUT',
        body: [
          { id: t.id, version: t.version, bpm: 130 },
          { id: u.id, version: 99, bpm: 130 },
        ],
      });
      expect(put.status).toBe(412);
      expect(await history('tracks', t.id as number)).toEqual(before);
      const [row] = await get().db.query<Res>('select bpm, version from tracks where id = $1', [t.id]);
      expect(row).toEqual({ bpm: null, version: t.version });
    });

    it('a bulk PUT writes one row "bulk" per changed object', async () => {
      const {
        tracks: [t, u],
      } = await newRelease(2);
      const put = await admin('/v4/catalog/tracks/', {
        method: 'PUT',
        body: [
          { id: t.id, version: t.version, bpm: 99 },
          { id: u.id, version: u.version, title: u.title },
        ],
      });
      expect(put.status).toBe(200);
      expect((await history('tracks', t.id as number)).at(-1)).toMatchObject({ action: 'bulk', changes: { bpm: { old: null, new: 99 } } });
      expect((await history('tracks', u.id as number)).map((h) => h.action)).toEqual(['create']);
    });

    it("history follows the read rule and row visibility: a supplier reads its own, another supplier's is 404", async () => {
      const supplierId = SANDBOX_ACCOUNTS.find((a) => a.username === 'supplier')!.supplierId!;
      const [own] = await get().db.query<{ id: number }>('select id from tracks where supplier_id = $1 order by id limit 1', [supplierId]);
      const [other] = await get().db.query<{ id: number }>('select id from tracks where supplier_id <> $1 order by id limit 1', [
        supplierId,
      ]);
      expect((await as('supplier')(`/v4/catalog/tracks/${own.id}/history/`)).status).toBe(200);
      expect((await as('supplier')(`/v4/catalog/tracks/${other.id}/history/`)).status).toBe(404);
      const chart = (await as('finance')('/v4/catalog/charts/?per_page=1')).body.results![0];
      expect((await as('finance')(`/v4/catalog/charts/${chart.id}/history/`)).status).toBe(200);
      expect((await as('finance')('/v4/accounts/users/1/history/')).status).toBe(403);
      expect((await admin('/v4/catalog/tracks/999999/history/')).status).toBe(404);
    });
  });

  describe('§4 rules', () => {
    it('only CONVERTED tracks may be enabled or shown: a 400 naming the field; once converted they may', async () => {
      const {
        tracks: [t],
      } = await newRelease(1);
      const path = `/v4/catalog/tracks/${t.id}/`;
      await get().db.query('update tracks set hidden = true where id = $1', [t.id]);
      const etag = (await admin(path)).headers.get('etag')!;
      expect((await patch(path, { hidden: false }, etag)).body).toEqual({ hidden: [RECORD_MSG.notConvertedShown] });
      expect((await patch(path, { enabled: true, hidden: false }, etag)).body).toEqual({
        enabled: [RECORD_MSG.notConvertedEnabled],
        hidden: [RECORD_MSG.notConvertedShown],
      });
      // Hiding or disabling is always allowed.
      expect((await patch(path, { enabled: false, hidden: true }, etag)).status).toBe(200);
      await convert([t.id as number]);
      const ok = await patch(path, { enabled: true, hidden: false }, (await admin(path)).headers.get('etag')!);
      expect([ok.status, ok.body.enabled, ok.body.hidden]).toEqual([200, true, false]);
    });

    it('hype fields are editable on the dance-music brand only (403 naming the field on the DJ brand)', async () => {
      const { release } = await newRelease(0);
      const path = `/v4/catalog/releases/${release.id}/`;
      const dj = await patch(path, { hype_eligible: true }, `"v${release.version}"`, 'admin', { 'x-brand': 'brand:dj' });
      expect([dj.status, dj.body]).toEqual([403, { hype_eligible: [RECORD_MSG.brandOnly] }]);
      const dance = await patch(path, { hype_eligible: true }, `"v${release.version}"`, 'admin', { 'x-brand': 'brand:dance' });
      expect([dance.status, dance.body.hype_eligible]).toEqual([200, true]);
    });

    it("the deals' price tiers are shown read-only: GET answers them, a PATCH of one is refused with the field named", async () => {
      const { release, tracks } = await newRelease(1);
      await get().db.query("update releases set price_tier = 'FRONT' where id = $1", [release.id]);
      await get().db.query("update tracks set price_tier = 'MID' where id = $1", [tracks[0].id]);
      const r = await admin(`/v4/catalog/releases/${release.id}/`);
      const t = await admin(`/v4/catalog/tracks/${tracks[0].id}/`);
      expect([r.body.price_tier, t.body.price_tier]).toEqual(['FRONT', 'MID']);
      const refused = await patch(`/v4/catalog/releases/${release.id}/`, { price_tier: 'BUDGET' }, r.headers.get('etag')!);
      expect(refused.status).toBe(400);
      expect(Object.keys(refused.body)).toEqual(['price_tier']);
    });

    it('exclusive period: None (0) and Lifetime (null) are both kept; a release can go back to None', async () => {
      const { release } = await newRelease(0);
      const path = `/v4/catalog/releases/${release.id}/`;
      let etag = `"v${release.version}"`;
      for (const v of [null, 14, 0, 56, 0]) {
        const r = await patch(path, { exclusive_period: v }, etag);
        expect([r.status, r.body.exclusive_period]).toEqual([200, v]);
        etag = r.headers.get('etag')!;
      }
      expect((await patch(path, { exclusive_period: 7 }, etag)).body).toEqual({ exclusive_period: ['Select a valid choice.'] });
    });

    it("changing a release's label moves its supplier and its tracks' label and supplier", async () => {
      const { release, tracks } = await newRelease(2);
      const [other] = await get().db.query<{ id: number; supplier_id: number }>(
        'select id, supplier_id from labels where supplier_id <> (select supplier_id from labels where id = 1) order by id limit 1',
      );
      const r = await patch(`/v4/catalog/releases/${release.id}/`, { label_id: other.id }, `"v${release.version}"`);
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ label: { id: other.id }, supplier: { id: other.supplier_id } });
      const rows = await get().db.query<Res>('select distinct label_id, supplier_id from tracks where id = any($1::int[])', [
        tracks.map((t) => t.id),
      ]);
      expect(rows).toEqual([{ label_id: other.id, supplier_id: other.supplier_id }]);
      expect((await history('releases', release.id as number)).at(-1)!.changes).toMatchObject({
        label_id: { new: other.id },
        supplier_id: { new: other.supplier_id },
      });
    });
  });

  describe('writes of playlists, DJ profiles and hype offers', () => {
    it("PATCH each with its own schema; a DJ profile's enabled is the user's profile page switch", async () => {
      const pl = await admin('/v4/catalog/playlists/?per_page=1', { headers: { 'x-brand': 'brand:dance' } });
      const p = pl.body.results![0];
      const r1 = await patch(
        `/v4/catalog/playlists/${p.id}/`,
        { is_public: !p.is_public, status: 'draft' },
        `"v${p.version}"`,
        'curation',
        { 'x-brand': 'brand:dance' },
      );
      expect([r1.status, r1.body.is_public, r1.body.status]).toEqual([200, !p.is_public, 'draft']);
      expect((await patch(`/v4/catalog/playlists/${p.id}/`, { status: 'gone' }, r1.headers.get('etag')!)).body).toEqual({
        status: ['Select a valid choice.'],
      });

      const dj = (await admin('/v4/content-ops/dj-profiles/?per_page=1')).body.results![0];
      const [user] = await get().db.query<Res>('select enabled, dj_profile_enabled from users where id = $1', [dj.id]);
      const r2 = await patch(`/v4/content-ops/dj-profiles/${dj.id}/`, { enabled: !dj.enabled }, `"v${dj.version}"`);
      expect([r2.status, r2.body.enabled]).toEqual([200, !dj.enabled]);
      const [after] = await get().db.query<Res>('select enabled, dj_profile_enabled from users where id = $1', [dj.id]);
      expect(after).toEqual({ enabled: user.enabled, dj_profile_enabled: !user.dj_profile_enabled });
      expect((await history('dj_profiles', dj.id as number)).at(-1)!.changes).toEqual({
        enabled: { old: user.dj_profile_enabled, new: !user.dj_profile_enabled },
      });

      const ho = (await admin('/v4/content-ops/hype-offers/?per_page=1', { headers: { 'x-brand': 'brand:dance' } })).body.results![0];
      const r3 = await patch(`/v4/content-ops/hype-offers/${ho.id}/`, { price: 12.5 }, `"v${ho.version}"`, 'marketing');
      expect([r3.status, r3.body.price]).toEqual([200, 12.5]);
      expect((await patch(`/v4/content-ops/hype-offers/${ho.id}/`, { price: 1.234 }, r3.headers.get('etag')!, 'marketing')).status).toBe(
        400,
      );
    });
  });

  describe('bulk edit', () => {
    it('preview writes nothing and shows before → after per row, and why a row would be refused; apply with a refused row writes nothing (409)', async () => {
      const { tracks } = await newRelease(4);
      const [a, b, c, d] = tracks;
      await convert([a.id, b.id, c.id] as number[]);
      const [foreign] = await get().db.query<{ id: number; version: number }>(
        'select id, version from tracks where supplier_id <> $1 order by id desc limit 1',
        [SANDBOX_ACCOUNTS.find((x) => x.username === 'supplier')!.supplierId!],
      );
      const body = (preview: boolean) => ({
        rows: [
          { id: a.id, version: a.version },
          { id: b.id, version: (b.version as number) + 1 },
          { id: d.id, version: d.version },
          { id: c.id, version: c.version },
        ],
        changes: { enabled: true, bpm: 128 },
        preview,
      });
      const snapshot = () =>
        get().db.query('select id, bpm, enabled, version from tracks where id = any($1::int[]) order by id', [tracks.map((t) => t.id)]);
      const historyRows = async () => (await get().db.query<{ n: number }>('select count(*)::int n from record_history'))[0].n;
      const before = [await snapshot(), await historyRows()];
      const p = await admin('/v4/catalog/tracks/bulk/', { method: 'PATCH', body: body(true) });
      expect(p.status).toBe(200);
      expect(p.body).toMatchObject({ preview: true, applied: false, changed: 2, refused: 2 });
      const byId = new Map((p.body.rows as Res[]).map((r) => [r.id, r]));
      // New tracks are created disabled (no audio yet); converted ones may be enabled.
      expect(byId.get(a.id)).toEqual({
        id: a.id,
        version: a.version,
        changes: { enabled: { old: false, new: true }, bpm: { old: null, new: 128 } },
        refused: null,
      });
      expect(byId.get(b.id)).toMatchObject({ refused: { reason: 'stale', errors: { version: [STALE_ROW_MSG] } } });
      expect(byId.get(d.id)).toMatchObject({ refused: { reason: 'validation', errors: { enabled: [RECORD_MSG.notConvertedEnabled] } } });
      await get().db.query('update tracks set enabled = true where id = $1', [c.id]);
      const again = await admin('/v4/catalog/tracks/bulk/', { method: 'PATCH', body: body(true) });
      // Enabled already true on the converted track c: only bpm changes there.
      expect((again.body.rows as Res[]).find((r) => r.id === c.id)).toMatchObject({
        changes: { bpm: { old: null, new: 128 } },
        refused: null,
      });
      await get().db.query('update tracks set enabled = false where id = $1', [c.id]);
      const apply = await admin('/v4/catalog/tracks/bulk/', { method: 'PATCH', body: body(false) });
      expect(apply.status).toBe(409);
      expect(apply.body).toMatchObject({ applied: false, refused: 2 });
      expect([await snapshot(), await historyRows()]).toEqual(before);
      // Suppliers and marketing write no track: the route refuses them before any row is read.
      const sup = await as('supplier')('/v4/catalog/tracks/bulk/', {
        method: 'PATCH',
        body: { rows: [{ id: foreign.id, version: foreign.version }], changes: { bpm: 1 }, preview: true },
      });
      expect(sup.status).toBe(403);
      const hidden = await as('marketing')('/v4/catalog/tracks/bulk/', {
        method: 'PATCH',
        body: { rows: [{ id: a.id, version: a.version }], changes: { bpm: 1 }, preview: true },
      });
      expect(hidden.status).toBe(403);
      const ghost = await admin('/v4/catalog/tracks/bulk/', {
        method: 'PATCH',
        body: { rows: [{ id: 999_999, version: 1 }], changes: { bpm: 100 }, preview: true },
      });
      expect(ghost.status, JSON.stringify(ghost.body)).toBe(200);
      expect((ghost.body.rows as Res[])[0]).toMatchObject({ refused: { reason: 'not_visible', errors: { id: [NOT_VISIBLE_MSG] } } });
    });

    it("the route is the tracks' write rule: label management (no track field) is refused; encode status is not a field", async () => {
      const {
        tracks: [a],
      } = await newRelease(1);
      const rows = [{ id: a.id, version: a.version }];
      expect(
        (await as('labelmgmt')('/v4/catalog/tracks/bulk/', { method: 'PATCH', body: { rows, changes: { title: 'x' }, preview: true } }))
          .status,
      ).toBe(403);
      const es = await admin('/v4/catalog/tracks/bulk/', {
        method: 'PATCH',
        body: { rows, changes: { encode_status: 'CONVERTED' }, preview: true },
      });
      expect([es.status, es.body['changes.encode_status']]).toEqual([400, ['Unknown or read-only field.']]);
    });

    it('apply: every row in one transaction, versions + 1, one history row "bulk" per changed row; a genre change resets each sub-genre', async () => {
      const ids = await get().db.query<{ id: number; version: number; genre_id: number }>(
        'select id, version, genre_id from tracks where id between 4000 and 4199 order by id',
      );
      const genre = ids[0].genre_id === 1 ? 2 : 1;
      const r = await admin('/v4/catalog/tracks/bulk/', {
        method: 'PATCH',
        body: {
          rows: ids.map(({ id, version }) => ({ id, version })),
          changes: { genre_id: genre, label_track_id: 'BULK' },
          preview: false,
        },
      });
      expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
      expect(r.body).toMatchObject({ applied: true, changed: 200, refused: 0 });
      const after = await get().db.query<{
        id: number;
        version: number;
        genre_id: number;
        sub_genre_id: number | null;
        label_track_id: string;
      }>('select id, version, genre_id, sub_genre_id, label_track_id from tracks where id between 4000 and 4199 order by id');
      expect(after.every((t, i) => t.version === ids[i].version + 1 && t.genre_id === genre && t.label_track_id === 'BULK')).toBe(true);
      expect(after.filter((t, i) => ids[i].genre_id !== genre).every((t) => t.sub_genre_id === null)).toBe(true);
      expect((r.body.rows as Res[]).map((x) => x.version)).toEqual(after.map((t) => t.version));
      const [{ n }] = await get().db.query<{ n: number }>(
        "select count(*)::int n from record_history where entity = 'tracks' and action = 'bulk' and entity_id between 4000 and 4199",
      );
      expect(n).toBe(200);
      const [one] = await history('tracks', 4000);
      expect(one.changes).toMatchObject({ label_track_id: { new: 'BULK' }, genre_id: { new: genre } });
    });

    it(`limits: 1 to ${BULK_EDIT_MAX} rows, each once, at least one change`, async () => {
      const rows = Array.from({ length: BULK_EDIT_MAX + 1 }, (_, i) => ({ id: i + 1, version: 1 }));
      expect(
        Object.keys(
          (await admin('/v4/catalog/tracks/bulk/', { method: 'PATCH', body: { rows, changes: { bpm: 120 }, preview: true } })).body,
        ),
      ).toEqual(['rows']);
      expect(
        (
          await admin('/v4/catalog/tracks/bulk/', {
            method: 'PATCH',
            body: {
              rows: [
                { id: 1, version: 1 },
                { id: 1, version: 1 },
              ],
              changes: { bpm: 120 },
              preview: true,
            },
          })
        ).status,
      ).toBe(400);
      expect(
        (await admin('/v4/catalog/tracks/bulk/', { method: 'PATCH', body: { rows: [{ id: 1, version: 1 }], changes: {}, preview: true } }))
          .body,
      ).toEqual({ changes: ['Choose at least one field to change.'] });
      expect(
        (
          await admin('/v4/catalog/tracks/bulk/', {
            method: 'PATCH',
            body: { rows: [{ id: 1, version: 1 }], changes: { bpm: 5 }, preview: true },
          })
        ).body,
      ).toEqual({ 'changes.bpm': ['Ensure this value is at least 20.'] });
    });
  });

  describe('release tracks', () => {
    it('GET in position order; reorder with the §4 renumbering and edit in one request; a foreign track or a partial order is refused', async () => {
      const { release, tracks } = await newRelease(4);
      const base = `/v4/catalog/releases/${release.id}/tracks/`;
      const list = await admin(base);
      expect(list.body.results!.map((t) => [t.id, t.position])).toEqual(tracks.map((t, i) => [t.id, i + 1]));
      const ids = tracks.map((t) => t.id as number);
      const positions = moveTrack(ids, ids[3], 1);
      const preview = await admin(`${base}bulk/`, {
        method: 'PATCH',
        body: { rows: [{ id: ids[0], version: tracks[0].version }], changes: { mix_name: 'Edit' }, positions, preview: true },
      });
      expect(preview.status, JSON.stringify(preview.body)).toBe(200);
      expect(preview.body).toMatchObject({ changed: 4, refused: 0 });
      expect((await admin(base)).body.results!.map((t) => t.id)).toEqual(ids);
      const apply = await admin(`${base}bulk/`, {
        method: 'PATCH',
        body: { rows: [{ id: ids[0], version: tracks[0].version }], changes: { mix_name: 'Edit' }, positions, preview: false },
      });
      expect(apply.status).toBe(200);
      const after = (await admin(base)).body.results!;
      expect(after.map((t) => t.id)).toEqual([ids[3], ids[0], ids[1], ids[2]]);
      expect(after.map((t) => t.position)).toEqual([1, 2, 3, 4]);
      expect(after[1]).toMatchObject({ mix_name: 'Edit', version: (tracks[0].version as number) + 1 });
      expect((await history('tracks', ids[0])).at(-1)!.changes).toEqual({
        mix_name: { old: null, new: 'Edit' },
        position: { old: 1, new: 2 },
      });

      const partial = await admin(`${base}bulk/`, { method: 'PATCH', body: { rows: [], positions: positions.slice(1), preview: true } });
      expect(partial.body).toEqual({ positions: [RECORD_MSG.positions] });
      const [foreign] = await get().db.query<{ id: number; version: number }>(
        'select id, version from tracks where release_id <> $1 order by id limit 1',
        [release.id],
      );
      const other = await admin(`${base}bulk/`, {
        method: 'PATCH',
        body: { rows: [{ id: foreign.id, version: foreign.version }], changes: { bpm: 120 }, preview: true },
      });
      expect((other.body.rows as Res[])[0]).toMatchObject({
        refused: { reason: 'not_visible', errors: { id: [RECORD_MSG.notInRelease] } },
      });
      expect((await admin('/v4/catalog/releases/999999/tracks/')).status).toBe(404);
    });
  });
}
