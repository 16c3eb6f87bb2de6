/**
 * The record form as data (renderer/features/records/form-model.ts, stale-edits.ts,
 * route.ts, CreatePage's body): values read from the GET object by declared kind, the
 * PATCH body of changed fields only, the §9 limits and the declaration's checks by
 * field, a server 400 by field, the 412 merge that keeps every edit, and the route of
 * every declared record.
 */
import { describe, expect, it } from 'vitest';
import { BridgeError } from '../../shared/bridge/error';
import { SEARCH_TYPES, principalFrom } from '../../shared/access';
import { MAX_LEN } from '../../shared/constants';
import { RECORDS, RECORD_MSG, REQUIRED_MSG, editableFields, recordRoute, type RecordDecl } from '../../shared/records';
import {
  changeErrors,
  changedFields,
  fieldsOnBrand,
  formValues,
  sameValue,
  serverFieldErrors,
  wireValue,
  withField,
} from '../../renderer/features/records/form-model';
import { rebaseEdits, settle } from '../../renderer/features/records/stale-edits';
import { routeId, typeAtRoute } from '../../renderer/features/records/route';
import { valueText } from '../../renderer/features/records/FieldInput';
import { createBody, createErrors } from '../../renderer/features/records/CreatePage';

const tracks = RECORDS.tracks as unknown as RecordDecl;
const releases = RECORDS.releases as unknown as RecordDecl;

/** A track as GET /v4/catalog/tracks/{id}/ answers it (nested references as {id, name}). */
const trackRow = {
  id: 7,
  version: 3,
  title: 'Aurora',
  mix_name: null,
  isrc: 'GBABC2100001',
  bpm: 124,
  key: { id: 3, name: 'A Minor' },
  genre: { id: 5, name: 'Techno' },
  sub_genre: { id: 51, name: 'Peak Time' },
  release: { id: 2, name: 'Aurora EP' },
  label: { id: 9, name: 'Mirage' },
  artists: [
    { id: 11, name: 'Ann' },
    { id: 12, name: 'Bo' },
  ],
  remixers: [],
  copyright_holder: null,
  label_track_id: 'LT1',
  publish_date: '2024-03-07',
  exclusive_date: null,
  is_available_for_streaming: true,
  enabled: true,
  hidden: false,
  encode_status: 'CONVERTED',
};

describe('form values from the GET object', () => {
  const v = formValues(tracks, trackRow);
  it('reads each field by its declared kind: selects and references by id, lists in order', () => {
    expect(v.key_id).toBe(3);
    expect(v.genre_id).toBe(5);
    expect(v.sub_genre_id).toBe(51);
    expect(v.release_id).toEqual({ id: 2, name: 'Aurora EP' });
    expect(v.artists).toEqual([
      { id: 11, name: 'Ann' },
      { id: 12, name: 'Bo' },
    ]);
    expect(v.remixers).toEqual([]);
    expect(v.publish_date).toBe('2024-03-07');
    expect(v.enabled).toBe(true);
    expect(v.mix_name).toBeNull();
  });
  it('a release with exclusive period Lifetime (null) keeps null, not "nothing chosen"', () => {
    const r = formValues(releases, { id: 1, version: 1, title: 'R', label: { id: 4, name: 'L' }, exclusive_period: null, artists: [] });
    expect(r.exclusive_period).toBeNull();
    expect(r.label_id).toEqual({ id: 4, name: 'L' });
    expect(valueText(releases.fields.exclusive_period, null)).toBe('Lifetime');
    expect(valueText(releases.fields.exclusive_period, 0)).toBe('None');
  });
  it('hype fields are on the dance-music brand only', () => {
    const dance = fieldsOnBrand(releases, 'brand:dance').map(([k]) => k);
    const dj = fieldsOnBrand(releases, 'brand:dj').map(([k]) => k);
    expect(dance).toContain('hype_enabled');
    expect(dj).not.toContain('hype_enabled');
    expect(dj).toContain('title');
  });
});

describe('the PATCH body', () => {
  const base = formValues(tracks, trackRow);
  const all = Object.keys(tracks.fields);
  it('holds only the changed fields, as the API takes them', () => {
    const edited = {
      ...base,
      title: 'Aurora (Remastered)',
      artists: [
        { id: 12, name: 'Bo' },
        { id: 11, name: 'Ann' },
      ],
      bpm: 124,
    };
    expect(changedFields(tracks, base, edited, all)).toEqual({ title: 'Aurora (Remastered)', artists: [12, 11] });
  });
  it('an optional text emptied is sent as null; typing and deleting again is no change', () => {
    expect(changedFields(tracks, base, { ...base, label_track_id: '' }, all)).toEqual({ label_track_id: null });
    expect(changedFields(tracks, base, { ...base, mix_name: '' }, all)).toEqual({});
    // A required text stays text (and fails its schema), never null.
    expect(wireValue(tracks.fields.title, '')).toBe('');
  });
  it('only the fields given (the ones the user may edit) are sent', () => {
    expect(changedFields(tracks, base, { ...base, title: 'X', bpm: 100 }, ['bpm'])).toEqual({ bpm: 100 });
  });
  it('sameValue compares references by id, not by the name shown', () => {
    expect(sameValue(tracks.fields.release_id, { id: 2, name: 'a' }, { id: 2, name: 'b' })).toBe(true);
  });
});

describe('errors by field', () => {
  it('a value over its §9 limit gets the schema message on that field', () => {
    const e = changeErrors(tracks, trackRow, { title: 'x'.repeat(MAX_LEN.trackTitle + 1), bpm: 5 });
    expect(e).toEqual({
      title: [`Ensure this field has no more than ${MAX_LEN.trackTitle} characters.`],
      bpm: ['Ensure this value is at least 20.'],
    });
    expect(changeErrors(tracks, trackRow, { title: '  ' })).toEqual({ title: [REQUIRED_MSG] });
  });
  it("the declaration's cross-field checks run against the stored object (spec §4: only CONVERTED tracks may be enabled)", () => {
    expect(changeErrors(tracks, { ...trackRow, encode_status: 'ERROR', enabled: false }, { enabled: true })).toEqual({
      enabled: [RECORD_MSG.notConvertedEnabled],
    });
    expect(changeErrors(tracks, trackRow, { enabled: true })).toEqual({});
  });
  it("a server 400 naming fields lands on the form's fields; other messages stay apart", () => {
    const e = new BridgeError({
      code: 'http',
      status: 400,
      message: 'Bad Request',
      detail: { isrc: ['Enter a valid ISRC.'], non_field_errors: ['No.'] },
    });
    expect(serverFieldErrors(e, Object.keys(tracks.fields))).toEqual({ fields: { isrc: ['Enter a valid ISRC.'] }, other: ['No.'] });
    const detail = new BridgeError({ code: 'http', status: 400, message: 'Bad Request', detail: { detail: 'Cannot show DJ track' } });
    expect(serverFieldErrors(detail, ['detail']).fields).toEqual({});
    expect(
      serverFieldErrors(new BridgeError({ code: 'http', status: 500, message: 'x', detail: { title: ['y'] } }), ['title']).fields,
    ).toEqual({});
  });
});

describe('choosing a genre resets the sub-genre (spec §4)', () => {
  const base = formValues(tracks, trackRow);
  it('a new genre clears the sub-genre; the same genre keeps it', () => {
    expect(withField(tracks, base, 'genre_id', 6)).toMatchObject({ genre_id: 6, sub_genre_id: null });
    expect(withField(tracks, base, 'genre_id', 5)).toMatchObject({ genre_id: 5, sub_genre_id: 51 });
    expect(withField(tracks, base, 'bpm', 90)).toMatchObject({ bpm: 90, sub_genre_id: 51 });
  });
});

describe('stale edits kept (412)', () => {
  const same = (f: string, a: unknown, b: unknown) => sameValue(tracks.fields[f], a, b);
  const fields = ['title', 'bpm', 'mix_name', 'artists'];
  const base = { title: 'A', bpm: 120, mix_name: null, artists: [{ id: 1, name: 'Ann' }] };
  it("untouched fields take the new version; the user's edits stay; fields both changed differently are conflicts", () => {
    const mine = { ...base, title: 'Mine', bpm: 128 };
    const theirs = { ...base, title: 'Theirs', mix_name: 'Extended', artists: [{ id: 2, name: 'Bo' }] };
    const r = rebaseEdits(fields, same, base, mine, theirs);
    expect(r.values).toEqual({ title: 'Mine', bpm: 128, mix_name: 'Extended', artists: [{ id: 2, name: 'Bo' }] });
    expect(r.conflicts).toEqual([{ field: 'title', mine: 'Mine', theirs: 'Theirs' }]);
  });
  it('the same change on both sides is no conflict', () => {
    const r = rebaseEdits(fields, same, base, { ...base, bpm: 128 }, { ...base, bpm: 128 });
    expect(r.conflicts).toEqual([]);
    expect(r.values.bpm).toBe(128);
  });
  it('settling a conflict takes the chosen value; mine is kept until then', () => {
    const c = { field: 'title', mine: 'Mine', theirs: 'Theirs' };
    const values = { ...base, title: 'Mine' };
    expect(settle(values, c, 'theirs').title).toBe('Theirs');
    expect(settle(settle(values, c, 'theirs'), c, 'mine').title).toBe('Mine');
  });
});

describe('record routes', () => {
  it('every record link opens the type it names (the inverse of recordLink)', () => {
    for (const t of SEARCH_TYPES) {
      const link = recordRoute(t.key, 42);
      if (!link) continue;
      const [, area, segment, id] = link.split('/');
      expect([t.key, typeAtRoute(`/${area}` as never, segment), routeId(id)]).toEqual([t.key, t.key, 42]);
    }
    expect(typeAtRoute('/catalog', 'nothing')).toBeUndefined();
    expect(routeId('12abc')).toBeNull();
  });
});

describe('who edits', () => {
  it('a supplier reads its records and edits none (the form is read-only)', () => {
    expect(editableFields(principalFrom('app:baseware user:supplier brand:dance'), 'tracks')).toEqual([]);
    expect(editableFields(principalFrom('app:control staff:content_ops brand:dance'), 'tracks')).toContain('title');
  });
});

describe('the create form', () => {
  const fields = Object.keys(releases.fields);
  it('sends the fields given a value; untouched and emptied ones are left out; Lifetime (null) is a value', () => {
    const body = createBody(releases, fields, {
      title: 'New',
      label_id: { id: 4, name: 'L' },
      catalog_number: '',
      artists: [],
      exclusive_period: null,
      is_explicit: false,
    });
    expect(body).toEqual({ title: 'New', label_id: 4, exclusive_period: null, is_explicit: false });
  });
  it('required fields are named first, then each field by its schema', () => {
    expect(createErrors(releases, {})).toEqual({ label_id: [REQUIRED_MSG], title: [REQUIRED_MSG] });
    expect(createErrors(releases, { title: 'x'.repeat(MAX_LEN.releaseTitle + 1), label_id: 4 })).toEqual({
      title: [`Ensure this field has no more than ${MAX_LEN.releaseTitle} characters.`],
    });
    expect(createErrors(tracks, { release_id: 2, title: 'T', enabled: true })).toEqual({ enabled: [RECORD_MSG.notConvertedEnabled] });
  });
});

describe('the tab registry', () => {
  it('a declared sub-resource tab shows once a component is registered for it; an undeclared one cannot be registered', async () => {
    const { registerRecordTab, shownTabs } = await import('../../renderer/features/records/tabs');
    const admin = principalFrom('app:control staff:admin brand:dance', [], 'brand:dance');
    const keys = () => shownTabs('tracks', admin).map((t) => t.key);
    expect(keys()).toEqual(['details', 'artists', 'notes', 'history']);
    registerRecordTab('tracks', 'publishers', () => null);
    expect(keys()).toEqual(['details', 'artists', 'publishers', 'notes', 'history']);
    expect(() => registerRecordTab('tracks', 'nothing', () => null)).toThrow('tracks declares no tab nothing');
    // Genres have no notes (spec §7 names notes for tracks, releases, suppliers and users).
    expect(shownTabs('genres', admin).map((t) => t.key)).toEqual(['details', 'history']);
  });
  it('Notes show to staff only: suppliers and labels neither read nor write notes (notesRule)', async () => {
    const { shownTabs } = await import('../../renderer/features/records/tabs');
    const has = (scope: string) => shownTabs('tracks', principalFrom(scope, [], 'brand:dance')).some((t) => t.key === 'notes');
    expect([
      has('app:control staff:marketing brand:dance'),
      has('app:baseware user:supplier brand:dance'),
      has('app:baseware user:label brand:dance'),
    ]).toEqual([true, false, false]);
  });
});

describe('a coupon: minimum order per currency and user ids', () => {
  const coupons = RECORDS.coupons as unknown as RecordDecl;
  it('reads an absent minimum as none and user ids as global; a cleared currency is left out of the body', () => {
    const v = formValues(coupons, { id: 1, code: 'X', min_order: null, user_ids: null });
    expect([v.min_order, v.user_ids]).toEqual([{}, []]);
    expect(wireValue(coupons.fields.min_order, { USD: 10, GBP: null })).toEqual({ USD: 10 });
    expect(createBody(coupons, ['code', 'min_order', 'user_ids'], { code: 'X', min_order: { EUR: 5, AUD: null }, user_ids: [] })).toEqual({
      code: 'X',
      min_order: { EUR: 5 },
    });
  });
  it('shows amounts as §9 says (thousands separators, two decimals) and an empty user list as Global', () => {
    expect(valueText(coupons.fields.min_order, { USD: 1250, MXN: 3.5 })).toBe('USD 1,250.00, MXN 3.50');
    expect(valueText(coupons.fields.user_ids, [])).toBe('Global');
    expect(valueText(coupons.fields.user_ids, [4, 5])).toBe('4, 5');
  });
  it('checks each amount and currency with the declaration (§9 currencies only, money)', () => {
    expect(coupons.fields.min_order.schema.safeParse({ USD: 1, BRL: 2 }).success).toBe(true);
    expect(coupons.fields.min_order.schema.safeParse({ JPY: 1 }).success).toBe(false);
    expect(coupons.fields.min_order.schema.safeParse({ USD: -1 }).success).toBe(false);
  });
});
