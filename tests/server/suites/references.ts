/**
 * The one reference check (issue 27 item 5; shared/api/references.ts, server/api/references.ts)
 * on PGlite and on a PostgreSQL server, kept as a table: every reference id any request body
 * declares (record fields from their `list`/`ref`, sub-resource bodies from choiceOf/refersTo)
 * has a list or table to be checked against, and an id that names nothing is refused with
 * §5's "Please select a valid option from the list"; every editable record reference field
 * is refused so over HTTP; release_type_id and playlist_type_id on POST and PATCH change
 * nothing and write no history.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as ENDPOINTS from '../../../shared/api/endpoints';
import { declaredReferences, referencesIn, type ReferenceTarget } from '../../../shared/api/references';
import { MSG } from '../../../shared/messages';
import { RECORDS, referenceTarget, type RecordDecl, type RecordKey } from '../../../shared/records';
import { searchType } from '../../../shared/access';
import { WRITES } from '../../../server/domain/records/defs';
import { referenceErrors, sourceOf } from '../../../server/api/references';
import { etagOf } from '../../../server/api/versioning';
import { api, signIn, type RunningServer } from '../helpers';

/** An id no list or table holds (int4, so it parses). */
const NOTHING = 2_000_000_000;
const REFUSED = [MSG.selectFromList];

interface Declared {
  readonly where: string;
  readonly field: string;
  readonly target: ReferenceTarget;
}

/** Every body schema the endpoint declarations export (walking shared/api/endpoints' exports), by a readable name. */
function endpointBodies(): { where: string; body: z.ZodType }[] {
  const out: { where: string; body: z.ZodType }[] = [];
  const seen = new Set<unknown>();
  const walk = (v: unknown, name: string, depth: number) => {
    if (!v || typeof v !== 'object' || seen.has(v) || depth > 3) return;
    seen.add(v);
    const e = v as { method?: unknown; path?: unknown; body?: unknown };
    if (typeof e.method === 'string' && typeof e.path === 'string') {
      if (e.body) out.push({ where: `${e.method} ${e.path}`, body: e.body as z.ZodType });
      return;
    }
    // zod schemas are not endpoint groups.
    if ('_zod' in (v as object)) return;
    for (const [k, x] of Object.entries(v)) walk(x, `${name}.${k}`, depth + 1);
  };
  for (const [k, v] of Object.entries(ENDPOINTS)) walk(v, k, 0);
  return out;
}

/** Every declared reference: endpoint bodies (record PATCH/PUT/POST bodies among them) and every record field with a list or ref. */
function declaredTable(): Declared[] {
  const rows = new Map<string, Declared>();
  for (const { where, body } of endpointBodies()) {
    for (const [field, target] of declaredReferences(body)) rows.set(`${where} ${field}`, { where, field, target });
  }
  for (const [key, d] of Object.entries(RECORDS) as [RecordKey, RecordDecl][]) {
    for (const [field, f] of Object.entries(d.fields)) {
      const target = referenceTarget(f);
      if (target) rows.set(`${key} ${field}`, { where: `record ${key}`, field, target });
    }
  }
  return [...rows.values()].sort((a, b) => `${a.where} ${a.field}`.localeCompare(`${b.where} ${b.field}`));
}

const TABLE = declaredTable();
const targetName = (t: ReferenceTarget) => t.list ?? `record ${t.record}`;

/** Record fields that name a list item or a record, editable by PATCH (create-only ones are checked on POST below). */
const EDITABLE = (Object.entries(RECORDS) as [RecordKey, RecordDecl][]).flatMap(([key, d]) =>
  d.editable.filter((f) => referenceTarget(d.fields[f])).map((f) => [key, f, referenceTarget(d.fields[f])!] as const),
);

export function referenceSuite(get: () => RunningServer) {
  let admin = '';
  beforeAll(async () => {
    admin = (await signIn(get(), 'admin', 'sandbox-admin')).access_token;
  });
  const call = (path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
    api(get(), admin, path, init);

  it('the table holds the references the issue names, in records and in sub-resource bodies', () => {
    const fields = new Set(TABLE.map((r) => r.field.split('.').pop()));
    for (const f of [
      'release_type_id',
      'playlist_type_id',
      'genre_id',
      'label_id',
      'artists',
      'contract_type_id',
      'country_id',
      'state_id',
      'contact_type_id',
      'songwriter_type_id',
      'reason_id',
      'country_ids',
      'user_ids',
      'track_ids',
      'item_type_id',
    ]) {
      expect(fields, f).toContain(f);
    }
    // Record bodies carry the marks their declarations give (PATCH, bulk PUT rows, POST).
    expect(declaredReferences(RECORDS.releases.patch).get('release_type_id')).toEqual({ list: 'release-types' });
    expect(declaredReferences(RECORDS.playlists.createSchema).get('playlist_type_id')).toEqual({ list: 'playlist-types' });
  });

  describe.each(TABLE.map((r) => [`${r.where} ${r.field} → ${targetName(r.target)}`, r] as const))('%s', (_name, row) => {
    it("has a list or table, refuses an id that names nothing with §5's text and accepts one that names an item", async () => {
      const { sql, params } = sourceOf(row.target);
      const some = await get().db.query<{ id: number }>(sql, [Array.from({ length: 200 }, (_, i) => i + 1), ...params]);
      const found = (ids: number[]) => [{ path: row.field, target: row.target, ids }];
      expect(await referenceErrors(get().db, found([NOTHING]))).toEqual({ [row.field]: REFUSED });
      if (some.length) expect(await referenceErrors(get().db, found([Number(some[0].id)]))).toBeNull();
    });
  });

  it("a body's marked ids are found where they are: nested rows, lists, nullable and empty values", () => {
    const body = [{ id: 1, version: 1, release_type_id: 7, artists: [1, 2], genre_id: null }];
    const bulk = ENDPOINTS.RECORD_ENDPOINTS.releases.bulk.body as z.ZodType;
    expect(referencesIn(bulk, body)).toEqual([
      { path: '0.release_type_id', target: { list: 'release-types' }, ids: [7] },
      { path: '0.artists', target: { record: 'artists' }, ids: [1, 2] },
    ]);
  });

  describe.each(EDITABLE.map(([k, f, t]) => [`PATCH ${k} ${f} → ${targetName(t)}`, k, f] as const))('%s', (_name, key, field) => {
    it("an id that names nothing is a 400 with §5's text, and the row is unchanged", async () => {
      const t = searchType(key)!;
      const table = WRITES[key].table;
      const [row] = await get().db.query<{ id: number; version: number }>(`select id, version from ${table} order by id limit 1`);
      expect(row, `a ${key} row to change`).toBeTruthy();
      const { kind } = (RECORDS[key] as RecordDecl).fields[field];
      const isList = kind === 'references' || kind === 'ids';
      const r = await call(`/v4/${t.category}/${t.path}/${row.id}/`, {
        method: 'PATCH',
        body: { [field]: isList ? [NOTHING] : NOTHING },
        headers: { 'if-match': etagOf(row.version) },
      });
      expect([r.status, r.body]).toEqual([400, { [field]: REFUSED }]);
      const [after] = await get().db.query<{ version: number }>(`select version from ${table} where id = $1`, [row.id]);
      expect(after.version).toBe(row.version);
    });
  });

  describe('release_type_id and playlist_type_id (issue 27: 9999 was accepted)', () => {
    const history = async (entity: string, id: number) =>
      (
        await get().db.query<{ n: number }>('select count(*)::int as n from record_history where entity = $1 and entity_id = $2', [
          entity,
          id,
        ])
      )[0].n;

    it('POST /catalog/releases/ with release_type_id 9999 is refused and creates nothing; a listed type is created', async () => {
      const count = async () => (await get().db.query<{ n: number }>('select count(*)::int as n from releases'))[0].n;
      const before = await count();
      const r = await call('/v4/catalog/releases/', { method: 'POST', body: { title: 'Typed', label_id: 1, release_type_id: 9999 } });
      expect([r.status, r.body]).toEqual([400, { release_type_id: REFUSED }]);
      expect(await count()).toBe(before);
      const ok = await call('/v4/catalog/releases/', { method: 'POST', body: { title: 'Typed', label_id: 1, release_type_id: 2 } });
      expect(ok.status).toBe(201);
      expect(ok.body.release_type).toMatchObject({ id: 2, name: 'EP' });
    });

    it('PATCH a release with release_type_id 9999 is refused; nothing changes and History has no entry', async () => {
      const [rel] = await get().db.query<{ id: number; version: number; release_type_id: number | null }>(
        'select id, version, release_type_id from releases order by id limit 1',
      );
      const before = await history('releases', rel.id);
      const r = await call(`/v4/catalog/releases/${rel.id}/`, {
        method: 'PATCH',
        body: { release_type_id: 9999 },
        headers: { 'if-match': etagOf(rel.version) },
      });
      expect([r.status, r.body]).toEqual([400, { release_type_id: REFUSED }]);
      const [after] = await get().db.query<{ version: number; release_type_id: number | null }>(
        'select version, release_type_id from releases where id = $1',
        [rel.id],
      );
      expect(after).toEqual({ version: rel.version, release_type_id: rel.release_type_id });
      expect(await history('releases', rel.id)).toBe(before);
    });

    it('POST /catalog/playlists/ with playlist_type_id 9999 is refused and creates nothing', async () => {
      const count = async () => (await get().db.query<{ n: number }>('select count(*)::int as n from playlists'))[0].n;
      const before = await count();
      const r = await call('/v4/catalog/playlists/', { method: 'POST', body: { name: 'Typed playlist', playlist_type_id: 9999 } });
      expect([r.status, r.body]).toEqual([400, { playlist_type_id: REFUSED }]);
      expect(await count()).toBe(before);
    });

    it('PATCH a playlist with playlist_type_id 9999 is refused: its History never shows "Type Editorial → 9999"', async () => {
      const [pl] = await get().db.query<{ id: number; version: number; playlist_type_id: number | null }>(
        'select id, version, playlist_type_id from playlists order by id limit 1',
      );
      const before = await history('playlists', pl.id);
      const r = await call(`/v4/catalog/playlists/${pl.id}/`, {
        method: 'PATCH',
        body: { playlist_type_id: 9999 },
        headers: { 'if-match': etagOf(pl.version) },
      });
      expect([r.status, r.body]).toEqual([400, { playlist_type_id: REFUSED }]);
      const [after] = await get().db.query<{ version: number; playlist_type_id: number | null }>(
        'select version, playlist_type_id from playlists where id = $1',
        [pl.id],
      );
      expect(after).toEqual({ version: pl.version, playlist_type_id: pl.playlist_type_id });
      expect(await history('playlists', pl.id)).toBe(before);
      // A listed type is taken.
      const ok = await call(`/v4/catalog/playlists/${pl.id}/`, {
        method: 'PATCH',
        body: { playlist_type_id: 4 },
        headers: { 'if-match': etagOf(pl.version) },
      });
      expect(ok.status).toBe(200);
      expect(ok.body.playlist_type).toMatchObject({ id: 4, name: 'Partner' });
    });
  });
}
