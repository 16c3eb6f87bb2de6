/**
 * The track and release sub-resources of spec §7 on PGlite and on a PostgreSQL server:
 * songwriters (with songwriter type), publishers, DJ edits and their source, allowed
 * countries with the regional summary, and publish/pre-order/takedown times per country
 * and commercial model type in Mountain time: visibility (a supplier reads its own
 * track's, 404 for another supplier's), validation 400s naming the field, the §5 publish
 * rules, both daylight-saving changes of America/Denver and the instants stored. The
 * account × route matrix is in tests/server/authz-matrix.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_LEN } from '../../../shared/constants';
import { MAX_PUBLISHERS } from '../../../shared/api/endpoints';
import { DJ_EDIT_MIX_NAME } from '../../../shared/records';
import { MSG } from '../../../shared/messages';
import { REGIONS } from '../../../shared/vocabularies';
import { COUNTRIES } from '../../../server/db/reference';
import { DJ_EDIT_OF_DJ_EDIT, NOT_A_DJ_EDIT } from '../../../server/api/routes/dj-edits';
import { SANDBOX_ACCOUNTS } from '../../../server/seed/accounts';
import { api, signIn, type RunningServer } from '../helpers';

const SUPPLIER_ID = SANDBOX_ACCOUNTS.find((a) => a.username === 'supplier')!.supplierId!;
const T = (id: number, rest = '') => `/v4/catalog/tracks/${id}/${rest}`;
const DJ = { 'x-brand': 'brand:dj' };
const ZONE = 'America/Denver';

export function subresourceSuite(get: () => RunningServer) {
  const tokens = new Map<string, string>();
  const call = (who: string, path: string, init: Parameters<typeof api>[3] = {}) => api(get(), tokens.get(who)!, path, init);
  const q = <R = Record<string, unknown>>(text: string, params: unknown[] = []) => get().db.query<R>(text, params);
  /** A track of the sandbox supplier and one of another supplier, each with seeded songwriters (ids ≤ 2000). */
  let own: number;
  let foreign: number;
  const country = new Map<string, number>();
  beforeAll(async () => {
    for (const a of SANDBOX_ACCOUNTS) tokens.set(a.username, (await signIn(get(), a.username, a.password)).access_token);
    [{ id: own }] = await q<{ id: number }>(
      'select t.id from tracks t where t.supplier_id = $1 and t.id > 200 and exists (select 1 from track_songwriters s where s.track_id = t.id) order by t.id limit 1',
      [SUPPLIER_ID],
    );
    [{ id: foreign }] = await q<{ id: number }>(
      'select t.id from tracks t where t.supplier_id <> $1 and t.id > 200 and exists (select 1 from track_songwriters s where s.track_id = t.id) order by t.id limit 1',
      [SUPPLIER_ID],
    );
    for (const c of await q<{ id: number; code: string }>('select id, code from countries')) country.set(c.code, c.id);
  });
  /** A track no other test of this suite writes to (not a DJ edit, no seeded publish dates). */
  let spare = 1000;
  const freshTrack = async () => {
    const [{ id }] = await q<{ id: number }>(
      'select id from tracks where id > $1 and not is_dj_edit and supplier_id <> $2 order by id limit 1',
      [spare, SUPPLIER_ID],
    );
    spare = id;
    return id;
  };

  describe('songwriters', () => {
    it("a supplier reads its own track's songwriters with their type; another supplier's track is 404", async () => {
      const r = await call('supplier', T(own, 'songwriters/'));
      expect(r.status).toBe(200);
      const stored = await q<{ id: number; name: string; type: string }>(
        `select s.id, s.name, r.name as type from track_songwriters s join reference_items r on r.list = 'songwriter-types' and r.id = s.songwriter_type_id
         where s.track_id = $1 order by s.id`,
        [own],
      );
      expect(stored.length).toBeGreaterThan(0);
      expect(r.body.results).toEqual(
        stored.map((s) => ({ id: s.id, name: s.name, songwriter_type: { id: expect.any(Number), name: s.type } })),
      );
      expect(r.body.count).toBe(stored.length);
      expect(await call('supplier', T(foreign, 'songwriters/'))).toMatchObject({ status: 404, body: { detail: 'Not found.' } });
      expect((await call('admin', T(foreign, 'songwriters/'))).status).toBe(200);
      expect((await call('admin', T(999_999_999, 'songwriters/'))).status).toBe(404);
    });

    it('POST adds one with a type from the songwriter-types list; DELETE removes it; the fields are checked by name', async () => {
      const id = await freshTrack();
      const [type] = await q<{ id: number; name: string }>(
        "select id, name from reference_items where list = 'songwriter-types' order by id desc limit 1",
      );
      const added = await call('contentops', T(id, 'songwriters/'), {
        method: 'POST',
        body: { name: '  Ada Writer ', songwriter_type_id: type.id },
      });
      expect(added.status).toBe(201);
      expect(added.body).toEqual({ id: expect.any(Number), name: 'Ada Writer', songwriter_type: type });
      const list = await call('admin', T(id, 'songwriters/'));
      expect(list.body.results!.at(-1)).toEqual(added.body);

      const bad = async (body: unknown) => (await call('admin', T(id, 'songwriters/'), { method: 'POST', body })).body;
      expect(await bad({ name: ' ', songwriter_type_id: type.id })).toEqual({ name: ['This field may not be blank.'] });
      expect(await bad({ name: 'x'.repeat(MAX_LEN.creditName + 1), songwriter_type_id: type.id })).toEqual({
        name: [`Ensure this field has no more than ${MAX_LEN.creditName} characters.`],
      });
      expect(await bad({ name: 'No Type' })).toEqual({ songwriter_type_id: [MSG.selectFromList] });
      expect(await bad({ name: 'Bad Type', songwriter_type_id: 99_999 })).toEqual({ songwriter_type_id: [MSG.selectFromList] });
      expect(await bad({ name: 'Extra', songwriter_type_id: type.id, track_id: 1 })).toEqual({ track_id: ['Unknown or read-only field.'] });
      expect((await call('admin', T(id, 'songwriters/'))).body.count).toBe(list.body.count);

      const sid = added.body.id as number;
      // Another track's songwriter is not this track's: 404, and it stays.
      expect((await call('admin', T(foreign, `songwriters/${sid}/`), { method: 'DELETE' })).status).toBe(404);
      const del = await call('admin', T(id, `songwriters/${sid}/`), { method: 'DELETE' });
      expect(del.status).toBe(204);
      expect(await q('select id from track_songwriters where id = $1', [sid])).toEqual([]);
      expect((await call('admin', T(id, `songwriters/${sid}/`), { method: 'DELETE' })).status).toBe(404);
    });

    it("a supplier or label cannot write its own track's songwriters (403), and nothing is written", async () => {
      const [before] = await q<{ n: number }>('select count(*)::int as n from track_songwriters where track_id = $1', [own]);
      const r = await call('supplier', T(own, 'songwriters/'), { method: 'POST', body: { name: 'Sneaky', songwriter_type_id: 1 } });
      expect(r.status).toBe(403);
      const [sw] = await q<{ id: number }>('select id from track_songwriters where track_id = $1 limit 1', [own]);
      expect((await call('supplier', T(own, `songwriters/${sw.id}/`), { method: 'DELETE' })).status).toBe(403);
      expect(await q('select count(*)::int as n from track_songwriters where track_id = $1', [own])).toEqual([before]);
    });
  });

  describe('publishers', () => {
    it('GET lists them; PUT replaces the list in order; the same list again changes nothing; [] clears', async () => {
      const id = await freshTrack();
      expect((await call('supplier', T(own, 'publishers/'))).status).toBe(200);
      expect((await call('supplier', T(foreign, 'publishers/'))).status).toBe(404);
      const put = await call('admin', T(id, 'publishers/'), { method: 'PUT', body: { names: ['Zed Music', ' Alpha Songs '] } });
      expect(put.status).toBe(200);
      expect(put.body.results!.map((p) => p.name)).toEqual(['Zed Music', 'Alpha Songs']);
      const again = await call('admin', T(id, 'publishers/'), { method: 'PUT', body: { names: ['Zed Music', 'Alpha Songs'] } });
      expect(again.body.results).toEqual(put.body.results);
      expect((await call('admin', T(id, 'publishers/'))).body.results).toEqual(put.body.results);
      const cleared = await call('admin', T(id, 'publishers/'), { method: 'PUT', body: { names: [] } });
      expect(cleared.body).toMatchObject({ count: 0, results: [] });
      expect(await q('select * from track_publishers where track_id = $1', [id])).toEqual([]);
    });

    it('refuses repeated names, too many, blank or over-long names and a missing list, naming the field', async () => {
      const id = await freshTrack();
      const bad = async (body: unknown) => {
        const r = await call('admin', T(id, 'publishers/'), { method: 'PUT', body });
        expect(r.status).toBe(400);
        return r.body;
      };
      expect(await bad({ names: ['Same', 'same'] })).toEqual({ names: ['List each publisher once.'] });
      expect(await bad({ names: Array.from({ length: MAX_PUBLISHERS + 1 }, (_, i) => `P${i}`) })).toEqual({
        names: [`Ensure this list has no more than ${MAX_PUBLISHERS} names.`],
      });
      expect(Object.keys(await bad({ names: [''] }))).toEqual(['names.0']);
      expect(Object.keys(await bad({ names: ['x'.repeat(MAX_LEN.creditName + 1)] }))).toEqual(['names.0']);
      expect(await bad({})).toEqual({ names: ['Send the list of publisher names.'] });
    });
  });

  describe('DJ edits', () => {
    it('POST makes a hidden, disabled DJ edit of the track, copying its title and credits; it is listed and points back at its source', async () => {
      const parent = await freshTrack();
      const [p] = await q<{ title: string; release_id: number; genre_id: number | null; bpm: number | null }>(
        'select title, release_id, genre_id, bpm from tracks where id = $1',
        [parent],
      );
      const made = await call('contentops', T(parent, 'dj-edit/'), { method: 'POST', body: {}, headers: DJ });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      expect(made.body).toMatchObject({
        title: p.title,
        mix_name: DJ_EDIT_MIX_NAME,
        is_dj_edit: true,
        parent_track_id: parent,
        hidden: true,
        enabled: false,
        encode_status: 'Pending Audio Encode',
        release: { id: p.release_id },
        bpm: p.bpm,
      });
      expect(made.headers.get('etag')).toBe(`"v${made.body.version as number}"`);
      const artists = (sql: number) =>
        q('select artist_id, role, position from track_artists where track_id = $1 order by role, position', [sql]);
      expect(await artists(made.body.id as number)).toEqual(await artists(parent));

      const list = await call('admin', T(parent, 'dj-edit/'));
      expect(list.body.results!.map((r) => r.id)).toContain(made.body.id);
      expect(list.body.results!.every((r) => r.is_dj_edit === true && r.parent_track_id === parent)).toBe(true);
      const source = await call('admin', T(made.body.id as number, 'dj-edit-source/'));
      expect(source.body).toMatchObject({ id: parent, title: p.title });
      expect(source.headers.get('etag')).toMatch(/^"v\d+"$/);
    });

    it('a title, mix name and release may be given; a DJ edit of a DJ edit, an unseen release and a too-long title are refused', async () => {
      const parent = await freshTrack();
      const [rel] = await q<{ id: number; label_id: number; supplier_id: number }>(
        'select id, label_id, supplier_id from releases where id <> (select release_id from tracks where id = $1) order by id desc limit 1',
        [parent],
      );
      const made = await call('admin', T(parent, 'dj-edit/'), {
        method: 'POST',
        body: { title: 'Club Cut', mix_name: 'Intro Edit', release_id: rel.id },
        headers: DJ,
      });
      expect(made.status).toBe(201);
      const [stored] = await q('select title, mix_name, release_id, label_id, supplier_id from tracks where id = $1', [made.body.id]);
      expect(stored).toEqual({
        title: 'Club Cut',
        mix_name: 'Intro Edit',
        release_id: rel.id,
        label_id: rel.label_id,
        supplier_id: rel.supplier_id,
      });

      const again = await call('admin', T(made.body.id as number, 'dj-edit/'), { method: 'POST', body: {}, headers: DJ });
      expect(again).toMatchObject({ status: 400, body: { detail: DJ_EDIT_OF_DJ_EDIT } });
      const noRelease = await call('admin', T(parent, 'dj-edit/'), { method: 'POST', body: { release_id: 999_999_999 }, headers: DJ });
      expect(noRelease).toMatchObject({ status: 400, body: { release_id: [MSG.selectFromList] } });
      const long = await call('admin', T(parent, 'dj-edit/'), {
        method: 'POST',
        body: { title: 't'.repeat(MAX_LEN.trackTitle + 1) },
        headers: DJ,
      });
      expect(long).toMatchObject({
        status: 400,
        body: { title: [`Ensure this field has no more than ${MAX_LEN.trackTitle} characters.`] },
      });
    });

    it("is made in the DJ store only (403 on the dance brand); suppliers read their own tracks' DJ edits and no one else's", async () => {
      const parent = await freshTrack();
      expect((await call('admin', T(parent, 'dj-edit/'), { method: 'POST', body: {}, headers: { 'x-brand': 'brand:dance' } })).status).toBe(
        403,
      );
      expect((await call('supplier', T(own, 'dj-edit/'))).status).toBe(200);
      expect((await call('supplier', T(foreign, 'dj-edit/'))).status).toBe(404);
      expect((await call('supplier', T(own, 'dj-edit/'), { method: 'POST', body: {}, headers: DJ })).status).toBe(403);
    });

    it('dj-edit-source of a track that is not a DJ edit is a 404 that says so', async () => {
      const id = await freshTrack();
      expect(await call('admin', T(id, 'dj-edit-source/'))).toMatchObject({ status: 404, body: { detail: NOT_A_DJ_EDIT } });
      expect((await call('supplier', T(foreign, 'dj-edit-source/'))).body).toEqual({ detail: 'Not found.' });
    });
  });

  describe('countries allowed', () => {
    const codes = (r: { body: { results?: Record<string, unknown>[] } }) => r.body.results!.map((c) => c.code).sort();
    const inRegion = (region: string) => COUNTRIES.filter((c) => c[2] === region).map((c) => c[0]);

    it('a track with none chosen is allowed everywhere; PUT replaces with countries and regions; POST adds; every country is unrestricted again', async () => {
      const id = await freshTrack();
      const open = await call('supplier', T(own, 'countries-allowed/'));
      expect(open.body).toMatchObject({ track_id: own, restricted: false, count: COUNTRIES.length });
      expect(codes(open)).toEqual(COUNTRIES.map((c) => c[0]).sort());

      const put = await call('contentops', T(id, 'countries-allowed/'), {
        method: 'PUT',
        body: { country_ids: [country.get('US')], regions: ['Europe'] },
      });
      expect(put.status).toBe(200);
      expect(put.body.restricted).toBe(true);
      expect(codes(put)).toEqual(['US', ...inRegion('Europe')].sort());
      expect((await call('admin', T(id, 'countries-allowed/'))).body).toEqual(put.body);

      const summary = await call('admin', T(id, 'countries-allowed/regional-summary/'));
      const want = [...new Set(COUNTRIES.map((c) => c[2]))].sort().map((region) => ({
        region,
        total: inRegion(region).length,
        allowed: region === 'Europe' ? inRegion('Europe').length : region === 'North America' ? 1 : 0,
      }));
      expect(summary.body).toEqual({
        track_id: id,
        restricted: true,
        allowed: inRegion('Europe').length + 1,
        total: COUNTRIES.length,
        results: want,
      });

      const added = await call('admin', T(id, 'countries-allowed/'), {
        method: 'POST',
        body: { country_ids: [country.get('JP'), country.get('US')] },
      });
      expect(codes(added)).toEqual(['JP', 'US', ...inRegion('Europe')].sort());
      // A replace keeps only what it names.
      const replaced = await call('admin', T(id, 'countries-allowed/'), { method: 'PUT', body: { regions: ['Oceania'] } });
      expect(codes(replaced)).toEqual(inRegion('Oceania').sort());
      // Adding the rest of the world: every country, stored as no restriction.
      const all = await call('admin', T(id, 'countries-allowed/'), {
        method: 'POST',
        body: { regions: REGIONS.filter((r) => r !== 'Oceania') },
      });
      expect(all.body).toMatchObject({ restricted: false, count: COUNTRIES.length });
      expect(await q('select * from track_countries_allowed where track_id = $1', [id])).toEqual([]);
      const open2 = await call('admin', T(id, 'countries-allowed/regional-summary/'));
      expect(open2.body).toMatchObject({ restricted: false, allowed: COUNTRIES.length, total: COUNTRIES.length });
    });

    it('concurrent additions all land: each write holds the track until it commits (on PostgreSQL they would otherwise clash)', async () => {
      const id = await freshTrack();
      await call('admin', T(id, 'countries-allowed/'), { method: 'PUT', body: { country_ids: [country.get('US')] } });
      const adds = ['GB', 'DE', 'FR', 'NL', 'ES', 'IT', 'SE', 'BE'];
      const results = await Promise.all(
        adds.map((c) => call('admin', T(id, 'countries-allowed/'), { method: 'POST', body: { country_ids: [country.get(c)] } })),
      );
      expect(results.map((r) => r.status)).toEqual(adds.map(() => 200));
      expect(codes(await call('admin', T(id, 'countries-allowed/')))).toEqual(['US', ...adds].sort());
    });

    it('refuses an empty choice ("A territory must be selected"), unknown countries and regions, by field; suppliers read only their own', async () => {
      const id = await freshTrack();
      const bad = async (body: unknown, method = 'PUT') => {
        const r = await call('admin', T(id, 'countries-allowed/'), { method, body });
        expect(r.status).toBe(400);
        return r.body;
      };
      expect(await bad({})).toEqual({ country_ids: [MSG.territoryRequired] });
      expect(await bad({ country_ids: [], regions: [] }, 'POST')).toEqual({ country_ids: [MSG.territoryRequired] });
      expect(await bad({ country_ids: [999_999] })).toEqual({ country_ids: [MSG.selectFromList] });
      expect(await bad({ regions: ['Atlantis'] })).toEqual({ 'regions.0': [MSG.selectFromList] });
      expect(await q('select * from track_countries_allowed where track_id = $1', [id])).toEqual([]);
      expect((await call('supplier', T(foreign, 'countries-allowed/'))).status).toBe(404);
      expect((await call('supplier', T(foreign, 'countries-allowed/regional-summary/'))).status).toBe(404);
      expect((await call('supplier', T(own, 'countries-allowed/'), { method: 'PUT', body: { regions: ['Europe'] } })).status).toBe(403);
    });
  });

  describe('publish dates (Mountain time, spec §5)', () => {
    const times = (id: number, body: Record<string, unknown>) =>
      call('contentops', T(id, 'countries-times/update/'), { method: 'PUT', body: { time_zone: ZONE, commercial_model_type: 1, ...body } });
    /** The stored instant of a track's US download row, as UTC text and as PostgreSQL reads it in Denver. */
    const stored = async (id: number) => {
      const [row] = await q<{ utc: string; denver: string; pre: string | null; down: string | null }>(
        `select to_char(publish_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as utc,
           to_char(publish_at at time zone 'America/Denver', 'YYYY-MM-DD"T"HH24:MI') as denver,
           to_char(pre_order_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as pre,
           to_char(takedown_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as down
         from track_publish_dates where track_id = $1 and country_id = $2 and commercial_model_id = 1`,
        [id, country.get('US')],
      );
      return row;
    };

    it('the §5 rules, each naming its field, and nothing is written', async () => {
      const id = await freshTrack();
      const us = [country.get('US')];
      const cases: [Record<string, unknown>, Record<string, string[]>][] = [
        [{ country_ids: [], publish: '2025-06-01T10:00' }, { country_ids: [MSG.territoryRequired] }],
        [{ publish: '2025-06-01T10:00', country_ids: undefined }, { country_ids: [MSG.territoryRequired] }],
        [{ country_ids: us }, { publish: [MSG.publishTimeRequired] }],
        [{ country_ids: us, publish: null }, { publish: [MSG.publishTimeRequired] }],
        [{ country_ids: us, publish: 'next tuesday' }, { publish: [MSG.publishTimeRequired] }],
        [{ country_ids: us, publish: '2025-02-30T10:00' }, { publish: [MSG.publishTimeRequired] }],
        [{ country_ids: us, publish: '2025-06-01T10:00', pre_order: '2025-06-01T10:00' }, { pre_order: [MSG.preOrderBeforePublish] }],
        [{ country_ids: us, publish: '2025-06-01T10:00', pre_order: '2025-06-02T09:00' }, { pre_order: [MSG.preOrderBeforePublish] }],
        [{ country_ids: us, publish: '2025-06-01T10:00', takedown: '2025-06-01T10:00' }, { takedown: [MSG.takedownAfterPublish] }],
        [
          { country_ids: us, publish: '2025-06-01T10:00', takedown: '2025-05-01T10:00', pre_order: '2025-07-01T10:00' },
          { pre_order: [MSG.preOrderBeforePublish], takedown: [MSG.takedownAfterPublish] },
        ],
        [
          { country_ids: us, publish: '2025-06-01T10:00', pre_order: 'soon' },
          { pre_order: ['Enter a date and time from 1900 to 9998 as YYYY-MM-DDTHH:mm.'] },
        ],
        [{ country_ids: [999_999], publish: '2025-06-01T10:00' }, { country_ids: [MSG.selectFromList] }],
        [{ country_ids: us, publish: '2025-06-01T10:00', commercial_model_type: 99 }, { commercial_model_type: [MSG.selectFromList] }],
        [
          { country_ids: us, publish: '2025-06-01T10:00', time_zone: 'Mars/Olympus_Mons' },
          { time_zone: [`Enter a time-zone name such as ${ZONE}.`] },
        ],
        [
          { country_ids: us, publish: '2025-06-01T10:00', time_zone: undefined },
          { time_zone: [`Enter a time-zone name such as ${ZONE}.`] },
        ],
      ];
      for (const [body, errors] of cases) {
        const r = await times(id, body);
        expect([body, r.status, r.body]).toEqual([body, 400, errors]);
      }
      expect(await q('select * from track_publish_dates where track_id = $1', [id])).toEqual([]);
    });

    it('summer and winter times are stored as the right instants (MDT -06:00, MST -07:00) and answered in Mountain time', async () => {
      const id = await freshTrack();
      const r = await times(id, {
        country_ids: [country.get('US')],
        publish: '2025-07-01T12:00',
        pre_order: '2025-01-15T12:00',
        takedown: '2026-01-15T00:00',
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.results).toEqual([
        {
          country: { id: country.get('US'), code: 'US', name: 'United States', region: 'North America' },
          commercial_model_type: { id: 1, name: 'Download' },
          publish_at: '2025-07-01T18:00:00.000Z',
          publish_local: '2025-07-01T12:00:00-06:00',
          pre_order_at: '2025-01-15T19:00:00.000Z',
          pre_order_local: '2025-01-15T12:00:00-07:00',
          takedown_at: '2026-01-15T07:00:00.000Z',
          takedown_local: '2026-01-15T00:00:00-07:00',
        },
      ]);
      expect(await stored(id)).toEqual({
        utc: '2025-07-01T18:00:00Z',
        denver: '2025-07-01T12:00',
        pre: '2025-01-15T19:00:00Z',
        down: '2026-01-15T07:00:00Z',
      });
      // The same times in another zone's words.
      const utc = await call('admin', T(id, 'countries-publish-date/?time_zone=UTC'));
      expect(utc.body.results![0]).toMatchObject({ publish_local: '2025-07-01T18:00:00+00:00' });
    });

    it('spring forward (2025-03-09): 02:00-02:59 does not exist and is refused; the minutes either side are stored right', async () => {
      const id = await freshTrack();
      const us = [country.get('US')];
      for (const publish of ['2025-03-09T02:00', '2025-03-09T02:30', '2025-03-09T02:59:59']) {
        const r = await times(id, { country_ids: us, publish });
        expect(r.status).toBe(400);
        expect(r.body.publish).toEqual([
          expect.stringMatching(/does not exist in America\/Denver: the clocks skip it when daylight saving time starts/),
        ]);
      }
      const gapTakedown = await times(id, { country_ids: us, publish: '2025-03-08T12:00', takedown: '2025-03-09T02:15' });
      expect(gapTakedown.body).toEqual({ takedown: [expect.stringMatching(/^2025-03-09T02:15 does not exist in America\/Denver/)] });
      expect(await q('select * from track_publish_dates where track_id = $1', [id])).toEqual([]);

      const before = await times(id, { country_ids: us, publish: '2025-03-09T01:59' });
      expect(before.body.results![0]).toMatchObject({ publish_at: '2025-03-09T08:59:00.000Z', publish_local: '2025-03-09T01:59:00-07:00' });
      expect(await stored(id)).toMatchObject({ utc: '2025-03-09T08:59:00Z', denver: '2025-03-09T01:59' });
      const after = await times(id, { country_ids: us, publish: '2025-03-09T03:00' });
      // One minute of real time later than 01:59 MST.
      expect(after.body.results![0]).toMatchObject({ publish_at: '2025-03-09T09:00:00.000Z', publish_local: '2025-03-09T03:00:00-06:00' });
      expect(await stored(id)).toMatchObject({ utc: '2025-03-09T09:00:00Z', denver: '2025-03-09T03:00' });
    });

    it('fall back (2025-11-02): 01:30 happens twice; without an offset it is the first (MDT), an offset picks either, any other offset is refused', async () => {
      const id = await freshTrack();
      const us = [country.get('US')];
      const first = await times(id, { country_ids: us, publish: '2025-11-02T01:30' });
      expect(first.body.results![0]).toMatchObject({ publish_at: '2025-11-02T07:30:00.000Z', publish_local: '2025-11-02T01:30:00-06:00' });
      expect(await stored(id)).toMatchObject({ utc: '2025-11-02T07:30:00Z', denver: '2025-11-02T01:30' });
      const second = await times(id, { country_ids: us, publish: '2025-11-02T01:30-07:00' });
      expect(second.body.results![0]).toMatchObject({ publish_at: '2025-11-02T08:30:00.000Z', publish_local: '2025-11-02T01:30:00-07:00' });
      expect(await stored(id)).toMatchObject({ utc: '2025-11-02T08:30:00Z', denver: '2025-11-02T01:30' });
      expect((await times(id, { country_ids: us, publish: '2025-11-02T01:30-06:00' })).body.results![0]).toMatchObject({
        publish_at: '2025-11-02T07:30:00.000Z',
      });
      const wrong = await times(id, { country_ids: us, publish: '2025-11-02T01:30-05:00' });
      expect(wrong.body).toEqual({
        publish: ['2025-11-02T01:30-05:00 is not a time in America/Denver: its offset there is -06:00 or -07:00.'],
      });
      // The local answer round-trips: sending back what GET says keeps the instant.
      const roundTrip = await times(id, { country_ids: us, publish: second.body.results![0].publish_local });
      expect(roundTrip.body.results![0]).toMatchObject({ publish_at: '2025-11-02T08:30:00.000Z' });
      // The first 01:30 (MDT) is an hour before the second (MST): pre-order at the first, publish at the second is in order.
      const ordered = await times(id, { country_ids: us, pre_order: '2025-11-02T01:30', publish: '2025-11-02T01:30-07:00' });
      expect(ordered.status).toBe(200);
      expect(await stored(id)).toMatchObject({ pre: '2025-11-02T07:30:00Z', utc: '2025-11-02T08:30:00Z' });
      const reversed = await times(id, { country_ids: us, pre_order: '2025-11-02T01:30-07:00', publish: '2025-11-02T01:30' });
      expect(reversed.body).toEqual({ pre_order: [MSG.preOrderBeforePublish] });
      // 00:59 MDT and 02:00 MST, either side of the repeated hour, are unambiguous.
      expect((await times(id, { country_ids: us, publish: '2025-11-02T02:00' })).body.results![0]).toMatchObject({
        publish_at: '2025-11-02T09:00:00.000Z',
      });
      expect((await times(id, { country_ids: us, publish: '2025-11-02T00:59' })).body.results![0]).toMatchObject({
        publish_at: '2025-11-02T06:59:00.000Z',
      });
    });

    it("countries-publish-date: GET per commercial model type; PUT replaces that type's countries and leaves the other types", async () => {
      const id = await freshTrack();
      const [us, gb, de] = ['US', 'GB', 'DE'].map((c) => country.get(c)!);
      // Every commercial model type when none is named.
      const all = await call('admin', T(id, 'countries-times/update/'), {
        method: 'PUT',
        body: { time_zone: ZONE, country_ids: [us], publish: '2025-06-01T09:00' },
      });
      const models = await q<{ id: number }>("select id from reference_items where list = 'commercial-model-types' order by id");
      expect(all.body.results!.map((r) => (r.commercial_model_type as { id: number }).id)).toEqual(models.map((m) => m.id));

      const put = await call('admin', T(id, 'countries-publish-date/?commercial_model_type=2'), {
        method: 'PUT',
        body: { time_zone: ZONE, country_ids: [gb, de], publish: '2025-06-02T09:00', takedown: '2026-06-02T09:00' },
      });
      expect(put.status).toBe(200);
      expect(put.body.results!.map((r) => [(r.country as { code: string }).code, (r.commercial_model_type as { id: number }).id])).toEqual([
        ['DE', 2],
        ['GB', 2],
      ]);
      const again = await call('admin', T(id, 'countries-publish-date/?commercial_model_type=2'), {
        method: 'PUT',
        body: { time_zone: ZONE, country_ids: [gb], publish: '2025-06-03T09:00' },
      });
      expect(again.body.results!.map((r) => (r.country as { code: string }).code)).toEqual(['GB']);
      expect(again.body.results![0]).toMatchObject({ publish_local: '2025-06-03T09:00:00-06:00', takedown_at: null, takedown_local: null });
      const one = await call('admin', T(id, 'countries-publish-date/?commercial_model_type=1'));
      expect(one.body.results!.map((r) => [(r.country as { code: string }).code, r.publish_local])).toEqual([
        ['US', '2025-06-01T09:00:00-06:00'],
      ]);
      const every = await call('admin', T(id, 'countries-publish-date/'));
      expect(every.body.count).toBe(models.length);

      expect((await call('admin', T(id, 'countries-publish-date/?commercial_model_type=99'))).body).toEqual({
        commercial_model_type: [MSG.selectFromList],
      });
      expect((await call('admin', T(id, 'countries-publish-date/?commercial_model_type=abc'))).body).toEqual({
        commercial_model_type: [MSG.selectFromList],
      });
      expect((await call('admin', T(id, 'countries-publish-date/?time_zone=Nowhere'))).body).toEqual({
        time_zone: [`Enter a time-zone name such as ${ZONE}.`],
      });
      const noType = await call('admin', T(id, 'countries-publish-date/'), {
        method: 'PUT',
        body: { time_zone: ZONE, country_ids: [gb], publish: '2025-06-03T09:00' },
      });
      expect(noType).toMatchObject({ status: 400, body: { commercial_model_type: [MSG.selectFromList] } });
    });

    it("a release's countries-times/update sets the times of every one of its tracks in one go", async () => {
      const [rel] = await q<{ id: number }>(
        'select release_id as id from tracks where id > 3000 group by release_id having count(*) > 1 order by release_id limit 1',
      );
      const tracks = await q<{ id: number }>('select id from tracks where release_id = $1 order by position, id', [rel.id]);
      const [fr, jp] = [country.get('FR')!, country.get('JP')!];
      const r = await call('contentops', `/v4/catalog/releases/${rel.id}/countries-times/update/`, {
        method: 'PUT',
        body: {
          time_zone: ZONE,
          country_ids: [jp, fr, fr],
          commercial_model_type: 1,
          publish: '2025-11-02T01:30',
          pre_order: '2025-10-01T00:00',
        },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body).toMatchObject({
        release_id: rel.id,
        track_ids: tracks.map((t) => t.id),
        time_zone: ZONE,
        commercial_model_types: [{ id: 1, name: 'Download' }],
        publish_at: '2025-11-02T07:30:00.000Z',
        publish_local: '2025-11-02T01:30:00-06:00',
        pre_order_at: '2025-10-01T06:00:00.000Z',
        takedown_at: null,
      });
      expect((r.body.countries as { code: string }[]).map((c) => c.code)).toEqual(['FR', 'JP']);
      const rows = await q<{ n: number }>(
        `select count(*)::int as n from track_publish_dates where track_id = any($1::int[]) and country_id = any($2::int[])
           and commercial_model_id = 1 and publish_at = '2025-11-02T07:30:00Z'::timestamptz`,
        [tracks.map((t) => t.id), [fr, jp]],
      );
      expect(rows).toEqual([{ n: tracks.length * 2 }]);
      const bad = await call('contentops', `/v4/catalog/releases/${rel.id}/countries-times/update/`, {
        method: 'PUT',
        body: { time_zone: ZONE, country_ids: [fr], publish: '2025-03-09T02:30' },
      });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body)).toEqual(['publish']);
      expect(
        (
          await call('admin', '/v4/catalog/releases/999999999/countries-times/update/', {
            method: 'PUT',
            body: { time_zone: ZONE, country_ids: [fr], publish: '2025-06-01T00:00' },
          })
        ).status,
      ).toBe(404);
    });

    it("a supplier reads its own track's publish dates, 404 for another supplier's, and cannot set them", async () => {
      expect((await call('supplier', T(own, 'countries-publish-date/'))).status).toBe(200);
      expect((await call('supplier', T(foreign, 'countries-publish-date/'))).status).toBe(404);
      const body = { time_zone: ZONE, country_ids: [country.get('US')], publish: '2025-06-01T00:00' };
      expect((await call('supplier', T(own, 'countries-times/update/'), { method: 'PUT', body })).status).toBe(403);
      expect((await call('label', T(own, 'countries-publish-date/?commercial_model_type=1'), { method: 'PUT', body })).status).toBe(403);
    });
  });
}
