/**
 * Record declarations (shared/records): every editable type has one, made from its search
 * type; the PATCH and create schemas with the §9 limits; who may edit comes from the
 * shared write rules; tabs, routes, status tags, reordering; and the endpoint bodies are
 * typed per type (the @ts-expect-error lines fail the type-check if they stop failing).
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { FIELD_WRITE_RULES, SEARCH_TYPES, TYPE_WRITE_RULES, mayWriteField, principalFrom } from '../../shared/access';
import type { BodyIn } from '../../shared/api/endpoint';
import { RECORD_ENDPOINTS, ReleaseTracksBulkEdit, TrackBulkEdit, trackEndpoints } from '../../shared/api/endpoints';
import { EXCLUSIVE_PERIODS, MAX_LEN, PRE_ORDER_WEEKS } from '../../shared/constants';
import {
  hypeOfferDates,
  RECORDS,
  RECORD_DECLS,
  RECORD_MSG,
  createRule,
  editableFields,
  isFullOrder,
  mayCreate,
  mayEdit,
  moveTrack,
  onlyConvertedShown,
  recordDecl,
  recordRoute,
  recordTabs,
  renumber,
  runChecks,
  startBeforeEnd,
} from '../../shared/records';
import { MSG } from '../../shared/messages';

const admin = (brand = 'brand:dance') => principalFrom('app:control staff:admin brand:dance brand:dj', [], brand);
const contentOps = principalFrom('app:control staff:content_ops brand:dance brand:dj');
const labelMgmt = principalFrom('app:control staff:label_mgmt brand:dance');
const curation = principalFrom('app:control staff:curation brand:dance brand:dj');
const supplier = principalFrom('app:baseware user:supplier brand:dance brand:dj');

describe('record declarations', () => {
  it('one declaration for every type with a write rule, keyed, labelled and routed as its search type; read-only ones (hype purchases) have no field', () => {
    const editable = RECORD_DECLS.filter((d) => d.editable.length > 0);
    expect(editable.map((d) => d.key).sort()).toEqual(Object.keys(TYPE_WRITE_RULES).sort());
    expect(RECORD_DECLS.filter((d) => d.editable.length === 0).map((d) => d.key)).toEqual(['hype_purchases']);
    for (const d of RECORD_DECLS) {
      const t = SEARCH_TYPES.find((x) => x.key === d.key)!;
      expect([d.key, d.type.category, d.type.path, d.type.label, d.type.rule]).toEqual([t.key, t.category, t.path, t.label, t.rule]);
    }
  });
  it('§5 hype offer dates: start and end required, start may equal end but not come after it', () => {
    const check = (s: unknown, e: unknown) => hypeOfferDates({}, { start_date: s, end_date: e });
    expect(check('2026-01-01', '2026-01-01')).toBeNull();
    expect(check(null, null)).toEqual({ start_date: [RECORD_MSG.hypeStartRequired], end_date: [RECORD_MSG.hypeEndRequired] });
    expect(check('2026-01-02', '2026-01-01')).toEqual({ start_date: [RECORD_MSG.hypeStartAfterEnd] });
    expect(hypeOfferDates({ start_date: '2026-01-01', end_date: '2026-02-01' }, { end_date: null })).toEqual({
      end_date: [RECORD_MSG.hypeEndRequired],
    });
  });
  it('every sensitive field of the write rules is an editable field of its record', () => {
    for (const [type, fields] of Object.entries(FIELD_WRITE_RULES)) {
      for (const f of Object.keys(fields))
        expect([type, f, (recordDecl(type)!.editable as readonly string[]).includes(f)]).toEqual([type, f, true]);
    }
  });
  it('encode status and version are not editable (spec §4: encode jobs set it): a 400 naming them', () => {
    const r = RECORDS.tracks.patch.safeParse({ encode_status: 'CONVERTED', version: 3 });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: ['encode_status', 'version'] });
    expect(RECORDS.tracks.shown?.encode_status.kind).toBe('encode');
  });
  it('§9 limits: a track title of 251 characters and a mix name of 129 are refused, at the limit accepted', () => {
    const p = RECORDS.tracks.patch;
    expect(p.safeParse({ title: 'x'.repeat(MAX_LEN.trackTitle), mix_name: 'm'.repeat(MAX_LEN.mixName) }).success).toBe(true);
    const r = p.safeParse({ title: 'x'.repeat(MAX_LEN.trackTitle + 1), mix_name: 'm'.repeat(MAX_LEN.mixName + 1) });
    expect(r.error!.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['title', `Ensure this field has no more than ${MAX_LEN.trackTitle} characters.`],
      ['mix_name', `Ensure this field has no more than ${MAX_LEN.mixName} characters.`],
    ]);
    expect(RECORDS.releases.patch.safeParse({ upc: '1'.repeat(MAX_LEN.upc + 1) }).success).toBe(false);
    expect(RECORDS.charts.patch.safeParse({ title: 'c'.repeat(MAX_LEN.chartTitle + 1) }).success).toBe(false);
  });
  it('exclusive period takes None (0), 2/4/8 weeks and Lifetime (null), nothing else; pre-order weeks 0-4', () => {
    for (const p of EXCLUSIVE_PERIODS) expect(RECORDS.releases.patch.safeParse({ exclusive_period: p.days }).success).toBe(true);
    for (const bad of [7, 1, '14', undefined]) {
      expect(RECORDS.releases.patch.safeParse({ exclusive_period: bad }).success, String(bad)).toBe(bad === undefined);
    }
    expect(RECORDS.releases.fields.exclusive_period.options).toEqual(EXCLUSIVE_PERIODS.map((p) => ({ value: p.days, label: p.label })));
    for (const w of PRE_ORDER_WEEKS) expect(RECORDS.releases.patch.safeParse({ default_pre_order_weeks: w }).success).toBe(true);
    expect(RECORDS.releases.patch.safeParse({ default_pre_order_weeks: 5 }).success).toBe(false);
  });
  it('create schemas: a track needs its release and title, a release its label and title', () => {
    expect(RECORDS.tracks.createSchema.safeParse({ title: 'T' }).error!.issues.map((i) => i.path[0])).toEqual(['release_id']);
    expect(RECORDS.tracks.createSchema.safeParse({ release_id: 4, title: 'T', bpm: 120 }).success).toBe(true);
    expect(RECORDS.releases.createSchema.safeParse({ label_id: 2 }).error!.issues.map((i) => i.path[0])).toEqual(['title']);
    // The release of a track is chosen at creation only.
    expect(RECORDS.tracks.patch.safeParse({ release_id: 4 }).success).toBe(false);
    // An artist needs its name; a label its name and supplier (chosen at creation only); a DJ profile is not created here.
    expect(RECORDS.artists.createSchema.safeParse({ bio: 'b' }).error!.issues.map((i) => i.path[0])).toEqual(['name']);
    expect(RECORDS.labels.createSchema.safeParse({ name: 'L' }).error!.issues.map((i) => i.path[0])).toEqual(['supplier_id']);
    expect(RECORDS.labels.patch.safeParse({ supplier_id: 4 }).success).toBe(false);
    expect(RECORDS.dj_profiles.createSchema).toBeUndefined();
  });
  it('input kinds: selects name their reference list or options, references their search type', () => {
    expect(RECORDS.tracks.fields.genre_id).toMatchObject({ kind: 'select', list: 'genres' });
    expect(RECORDS.tracks.fields.sub_genre_id).toMatchObject({ kind: 'select', dependsOn: 'genre_id' });
    expect(RECORDS.releases.fields.label_id).toMatchObject({ kind: 'reference', ref: 'labels' });
    expect(RECORDS.tracks.fields.artists).toMatchObject({ kind: 'references', ref: 'artists' });
    for (const d of RECORD_DECLS) {
      for (const [k, f] of Object.entries(d.fields)) {
        if (f.kind === 'select') expect([d.key, k, Boolean(f.list) !== Boolean(f.options)]).toEqual([d.key, k, true]);
        if (f.kind === 'reference' || f.kind === 'references') expect(SEARCH_TYPES.some((t) => t.key === f.ref)).toBe(true);
      }
    }
  });
});

describe('who may edit (from the shared write rules)', () => {
  it('mayEdit agrees with mayWriteField for every field without brands', () => {
    for (const p of [admin(), contentOps, labelMgmt, supplier]) {
      for (const d of RECORD_DECLS) {
        for (const f of d.editable as readonly string[]) {
          if (d.fields[f].brands) continue;
          expect([d.key, f, mayEdit(p, d.key, f)]).toEqual([d.key, f, mayWriteField(p, d.key, f)]);
        }
      }
    }
  });
  it('hype fields are editable on the dance-music brand only', () => {
    expect(mayEdit(admin('brand:dance'), 'releases', 'hype_enabled')).toBe(true);
    expect(mayEdit(admin('brand:dj'), 'releases', 'hype_enabled')).toBe(false);
    expect(editableFields(labelMgmt, 'releases').sort()).toEqual(['hype_eligible', 'hype_enabled']);
    expect(editableFields(contentOps, 'releases')).not.toContain('hype_eligible');
    expect(editableFields(contentOps, 'releases')).toContain('title');
  });
  it('a supplier opens its records read-only; create is the write rule of the type, for the types created here', () => {
    expect(editableFields(supplier, 'tracks')).toEqual([]);
    expect([
      mayCreate(admin(), 'tracks'),
      mayCreate(contentOps, 'releases'),
      mayCreate(labelMgmt, 'releases'),
      mayCreate(supplier, 'tracks'),
    ]).toEqual([true, true, false, false]);
    expect([
      mayCreate(curation, 'artists'),
      mayCreate(curation, 'labels'),
      mayCreate(contentOps, 'labels'),
      mayCreate(supplier, 'artists'),
    ]).toEqual([true, false, true, false]);
    expect(createRule('dj_profiles')).toEqual([]);
  });
});

describe('rules, tabs, route, order', () => {
  it('only CONVERTED tracks may be enabled or shown; start before end', () => {
    expect(runChecks([onlyConvertedShown], { encode_status: 'TRANSCODING' }, { enabled: true, hidden: false })).toEqual({
      enabled: [RECORD_MSG.notConvertedEnabled],
      hidden: [RECORD_MSG.notConvertedShown],
    });
    expect(runChecks([onlyConvertedShown], { encode_status: 'CONVERTED' }, { enabled: true })).toBeNull();
    expect(runChecks([onlyConvertedShown], { encode_status: 'ERROR' }, { enabled: false, hidden: true })).toBeNull();
    expect(startBeforeEnd()({ start_date: '2024-01-02' }, { end_date: '2024-01-01' })).toEqual({ end_date: [MSG.endAfterStart] });
  });
  it('tabs: Details, sub-resources, Notes where the type has notes, History', () => {
    expect(recordTabs('tracks').map((t) => t.label)).toEqual([
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
    expect(recordTabs('releases').map((t) => t.label)).toEqual(['Details', 'Tracks', 'Cover Art', 'Territories', 'Notes', 'History']);
    expect(recordTabs('genres').map((t) => t.key)).toEqual(['details', 'sub-genres', 'history']);
    expect(recordTabs('labels').map((t) => t.label)).toEqual(['Details', 'Contracts', 'Mappings', 'Image', 'Account', 'History']);
    expect(recordTabs('charts').map((t) => t.key)).toEqual(['details', 'tracks', 'playlist', 'image', 'history']);
    expect([recordRoute('tracks', 5), recordRoute('live_streams', 2), recordRoute('pages', 3)]).toEqual([
      '/catalog/tracks/5',
      '/live/streams/2',
      '/curation/pages/3',
    ]);
  });
  it('status tags in the spec words: encode status, hype on the dance brand only', () => {
    expect(
      RECORDS.releases.status({ encode_status: 'CONVERTED', hype_eligible: true, hype_enabled: false }, 'brand:dance').map((t) => t.text),
    ).toEqual(['CONVERTED', 'Hype Inactive']);
    expect(RECORDS.releases.status({ encode_status: '', hype_eligible: true }, 'brand:dj').map((t) => t.text)).toEqual(['Not Converted']);
  });
  it('reordering (§4): the moved track takes its new position, the others are renumbered 1..N', () => {
    expect(moveTrack([10, 20, 30, 40], 40, 2)).toEqual([
      { id: 10, position: 1 },
      { id: 40, position: 2 },
      { id: 20, position: 3 },
      { id: 30, position: 4 },
    ]);
    expect(moveTrack([10, 20, 30], 10, 9).map((p) => p.id)).toEqual([20, 30, 10]);
    expect(renumber([7, 3])).toEqual([
      { id: 7, position: 1 },
      { id: 3, position: 2 },
    ]);
    expect(
      isFullOrder(
        [1, 2],
        [
          { id: 2, position: 1 },
          { id: 1, position: 2 },
        ],
      ),
    ).toBe(true);
    expect(
      isFullOrder(
        [1, 2],
        [
          { id: 2, position: 1 },
          { id: 1, position: 1 },
        ],
      ),
    ).toBe(false);
    expect(isFullOrder([1, 2], [{ id: 2, position: 1 }])).toBe(false);
  });
});

describe('endpoint bodies typed per type', () => {
  it("PATCH, PUT and POST bodies are the records' schemas", () => {
    expect(RECORD_ENDPOINTS.tracks.patch.body).toBe(RECORDS.tracks.patch);
    expect(RECORD_ENDPOINTS.tracks.patch.path).toBe('/v4/catalog/tracks/:id/');
    expect(RECORD_ENDPOINTS.releases.history.path).toBe('/v4/catalog/releases/:id/history/');
    expect(trackEndpoints.create.body).toBe(RECORDS.tracks.createSchema);
    expect(RECORD_ENDPOINTS.releases.bulk.body.safeParse([{ id: 1, version: 2, nope: 1 }]).success).toBe(false);
    expect(TrackBulkEdit.safeParse({ rows: [{ id: 1, version: 1 }], changes: {}, preview: true }).success).toBe(false);
    expect(TrackBulkEdit.safeParse({ rows: [{ id: 1, version: 1 }], changes: { bpm: 120 }, preview: true }).success).toBe(true);
    expect(ReleaseTracksBulkEdit.safeParse({ rows: [], positions: [{ id: 1, position: 1 }], preview: false }).success).toBe(true);
  });
  it('types: unknown fields and bad values do not compile', () => {
    type TrackPatch = BodyIn<typeof RECORD_ENDPOINTS.tracks.patch>;
    type ReleasePut = BodyIn<typeof RECORD_ENDPOINTS.releases.bulk>;
    type TrackCreate = z.input<typeof RECORDS.tracks.createSchema>;
    const ok: TrackPatch = { title: 'x', bpm: 120, artists: [1, 2] };
    // @ts-expect-error not a field of a track
    const unknownField: TrackPatch = { nope: 1 };
    const put: ReleasePut = [{ id: 1, version: 1, exclusive_period: null }];
    // @ts-expect-error 3 is not an exclusive period
    const badPeriod: ReleasePut = [{ id: 1, version: 1, exclusive_period: 3 }];
    // @ts-expect-error a track is created on a release
    const noRelease: TrackCreate = { title: 'x' };
    expect([ok, unknownField, put, badPeriod, noRelease].length).toBe(5);
  });
});

describe('§8 save failure text', () => {
  it('is the spec\'s words for one thing, comma before "with"', () => {
    expect(MSG.saveFailed(RECORDS.releases.noun, 'title: Too long.')).toBe(
      'Error during create or update of release, with title: Too long.',
    );
    expect(
      RECORD_DECLS.filter((d) =>
        ['release', 'track', 'artist', 'chart', 'label', 'supplier', 'coupon', 'page', 'module', 'user'].includes(d.noun),
      ).length,
    ).toBe(10);
  });
});
