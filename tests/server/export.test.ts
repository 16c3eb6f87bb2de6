/** CSV export route on PGlite: same filters and access as the list, streamed, escaped. */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_TYPES } from '../../shared/access';
import { columnsOf, csvLine, csvRowWriter, csvValue, exportColumnKeys, shownColumns } from '../../shared/search';
import { principalFrom } from '../../shared/access';
import { planList } from '../../server/api/lists/engine';
import { exportQuery, exportSelect } from '../../server/api/routes/export';

const ADMIN_SCOPE = 'app:control staff:admin brand:dance brand:dj';
import { LIST_DEF_BY_KEY } from '../../server/api/lists/types';
import { api, signIn, startTestServer, type RunningServer } from './helpers';

let s: RunningServer;
let admin = '';
let support = '';
let supplier = '';

beforeAll(async () => {
  s = await startTestServer();
  admin = (await signIn(s, 'admin', 'sandbox-admin')).access_token;
  support = (await signIn(s, 'support', 'sandbox-support')).access_token;
  supplier = (await signIn(s, 'supplier', 'sandbox-supplier')).access_token;
});
afterAll(async () => s?.close());

async function csv(token: string, path: string) {
  const r = await fetch(`${s.api}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const text = await r.text();
  return { status: r.status, headers: r.headers, text, rows: r.status === 200 ? (parse(text) as string[][]) : [] };
}

describe('GET /v4/{category}/{type}/export/', () => {
  it('exports every row of the filtered list, not one page, with the column titles first', async () => {
    const list = await api(s, admin, '/v4/catalog/tracks/?per_page=5&title=a');
    const r = await csv(admin, '/v4/catalog/tracks/export/?title=a');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(Number(r.headers.get('x-total-count'))).toBe(list.body.count);
    expect(r.rows).toHaveLength((list.body.count as number) + 1);
    expect(r.rows[0]).toEqual(shownColumns('tracks', null).map((c) => c.title));
  });

  it('keeps the list order and adds chosen columns', async () => {
    const list = await api(s, admin, '/v4/catalog/releases/?order_by=-id&per_page=10');
    const r = await csv(admin, '/v4/catalog/releases/export/?order_by=-id&columns=upc,price_override');
    expect(r.rows[0]).toEqual(['ID', 'Title', 'Label', 'UPC', 'Price Override']);
    expect(r.rows.slice(1, 11).map((row) => Number(row[0]))).toEqual(list.body.results!.map((x) => x.id));
  });

  it('exports the columns on screen when no optional column is chosen (the renderer sends the fixed keys), not the defaults', async () => {
    const keys = exportColumnKeys('releases', []);
    expect(keys).toEqual(
      columnsOf('releases')
        .filter((c) => c.fixed)
        .map((c) => c.key),
    );
    const r = await csv(admin, `/v4/catalog/releases/export/?order_by=id&columns=${keys.join(',')}`);
    expect(r.rows[0]).toEqual(['ID', 'Title', 'Label']);
    expect(r.rows[0]).not.toEqual(shownColumns('releases', null).map((c) => c.title));
    // With optional columns chosen, the fixed keys in the list change nothing.
    const chosen = exportColumnKeys('releases', ['upc']);
    const r2 = await csv(admin, `/v4/catalog/releases/export/?order_by=id&columns=${chosen.join(',')}`);
    expect(r2.rows[0]).toEqual(['ID', 'Title', 'Label', 'UPC']);
  });

  it('writes references by name, artists joined in order', async () => {
    const list = await api(s, admin, '/v4/catalog/tracks/?order_by=id&per_page=20');
    const r = await csv(admin, '/v4/catalog/tracks/export/?order_by=id');
    const head = r.rows[0];
    list.body.results!.forEach((t, i) => {
      const row = r.rows[i + 1];
      expect(row[head.indexOf('Artists')]).toBe((t.artists as { name: string }[]).map((a) => a.name).join(', '));
      expect(row[head.indexOf('Label')]).toBe((t.label as { name: string } | null)?.name ?? '');
      expect(row[head.indexOf('Release Date')]).toBe(t.release_date ?? '');
    });
  });

  it('neutralises formula cells and leaves numbers as numbers', async () => {
    const [t] = await s.db.query<{ id: number }>('select id from tracks order by id limit 1');
    await s.db.query(`update tracks set title = '=HYPERLINK("http://evil","x")', bpm = 128 where id = $1`, [t.id]);
    const r = await csv(admin, `/v4/catalog/tracks/export/?id=${t.id}&columns=bpm`);
    expect(r.rows).toHaveLength(2);
    const [row] = r.rows.slice(1);
    expect(row[1]).toBe(`'=HYPERLINK("http://evil","x")`);
    expect(row[0]).toBe(String(t.id));
    expect(row.at(-1)).toBe('128');
  });

  it('is refused to a role the type does not allow (403), like the list', async () => {
    expect((await csv(support, '/v4/catalog/labels/export/')).status).toBe(403);
    expect((await csv(admin, '/v4/catalog/labels/export/')).status).toBe(200);
  });

  it('refuses a restricted filter sent anyway, before streaming', async () => {
    const r = await csv(supplier, '/v4/catalog/tracks/export/?release_id=1');
    expect(r.status).toBe(403);
  });

  it('scopes a supplier to its own rows', async () => {
    const r = await csv(supplier, '/v4/catalog/releases/export/');
    const list = await api(s, supplier, '/v4/catalog/releases/?per_page=1');
    expect(r.rows.length - 1).toBe(list.body.count);
  });

  it('has an export for every search type, and sorts only where the list sorts', async () => {
    for (const t of SEARCH_TYPES) {
      const def = LIST_DEF_BY_KEY.get(t.key)!;
      for (const c of columnsOf(t.key).filter((x) => x.sortable)) expect(Object.keys(def.sorts), `${t.key}.${c.key}`).toContain(c.key);
      const r = await csv(admin, `/v4/${t.category}/${t.path}/export/`);
      expect(r.status, t.key).toBe(200);
      // Every column the chooser offers is a field the list returns.
      const all = columnsOf(t.key);
      const full = await csv(
        admin,
        `/v4/${t.category}/${t.path}/export/?columns=${all
          .filter((c) => !c.fixed)
          .map((c) => c.key)
          .join(',')}`,
      );
      expect(full.status, `${t.key} with every column`).toBe(200);
      expect(full.rows[0]).toEqual(all.map((c) => c.title));
      if (full.rows.length > 1) expect(full.rows[1]).toHaveLength(all.length);
    }
  });

  it("exports tracks from a flat query (exportFields) with the same rows, values and order as the list's own SELECT", async () => {
    const def = LIST_DEF_BY_KEY.get('tracks')!;
    const adminUser = {
      id: 1,
      username: 'admin',
      scope: ADMIN_SCOPE,
      features: [],
      principal: principalFrom(ADMIN_SCOPE, [], 'brand:dance'),
      supplierId: null,
      labelId: null,
    };
    const every = columnsOf('tracks');
    for (const [query, cols] of [
      [{}, shownColumns('tracks', null)],
      [{ order_by: '-release_date', title: 'a' }, every],
      [{ order_by: 'bpm', artist: 'a' }, shownColumns('tracks', ['bpm', 'key', 'isrc', 'publish_date', 'guid'])],
    ] as const) {
      const { sql, where, order } = planList(def, adminUser, query);
      const flat = exportQuery(def, where, order, cols);
      expect(flat, 'no JSON or per-row aggregation').not.toMatch(/json|string_agg/);
      const wrapped = exportSelect(`select ${def.select} from ${def.from} ${where} order by ${order}`, cols);
      const line = csvRowWriter(cols);
      const a = (await s.db.query<Record<string, unknown>>(flat, sql.params)).map(line);
      const b = (await s.db.query<Record<string, unknown>>(wrapped, sql.params)).map((row) => csvLine(cols.map((c) => csvValue(c, row))));
      expect(a.length).toBeGreaterThan(0);
      const k = a.findIndex((x, i) => x !== b[i]);
      expect([k, a[k]]).toEqual([-1, b[k]]);
      expect(a).toEqual(b);
    }
  });

  it("keeps a track's artist names right whoever writes its artists (triggers): link changes and artist renames show in the export", async () => {
    const [t] = await s.db.query<{ id: number }>(`select id from tracks order by id limit 1`);
    const [a1, a2] = await s.db.query<{ id: number; name: string }>(`select id, name from artists order by id limit 2`);
    await s.db.query(`delete from track_artists where track_id = $1`, [t.id]);
    await s.db.query(
      `insert into track_artists (track_id, artist_id, role, position) values ($1, $2, 'artist', 2), ($1, $3, 'artist', 1), ($1, $2, 'remixer', 1)`,
      [t.id, a1.id, a2.id],
    );
    const names = async () =>
      (await s.db.query<{ artist_names: string }>(`select artist_names from tracks where id = $1`, [t.id]))[0].artist_names;
    expect(await names()).toBe(`${a2.name}, ${a1.name}`);
    await s.db.query(`update track_artists set position = 3 where track_id = $1 and artist_id = $2 and role = 'artist'`, [t.id, a2.id]);
    expect(await names()).toBe(`${a1.name}, ${a2.name}`);
    await s.db.query(`update artists set name = name || ' Renamed' where id = $1`, [a1.id]);
    expect(await names()).toBe(`${a1.name} Renamed, ${a2.name}`);
    const r = await csv(admin, `/v4/catalog/tracks/export/?id=${t.id}`);
    expect(r.rows[1][r.rows[0].indexOf('Artists')]).toBe(`${a1.name} Renamed, ${a2.name}`);
    await s.db.query(`delete from track_artists where track_id = $1 and role = 'artist'`, [t.id]);
    expect(await names()).toBe('');
  });
});

describe('csvRowWriter', () => {
  it('writes the same line as csvLine of csvValue for every kind, whatever the value', () => {
    const values: unknown[] = [
      null,
      undefined,
      '',
      'plain',
      '=cmd',
      '+1',
      '-2.5',
      '@x',
      '\tx',
      'a,b',
      'say "hi"',
      'two\nlines',
      0,
      12.5,
      '2026-11-24',
      '2026-11-24T10:00:00Z',
      true,
      false,
      { id: 3, name: 'Ref =name' },
      [
        { id: 1, name: 'A' },
        { id: 2, name: 'B, C' },
      ],
      'CONVERTED',
    ];
    for (const t of SEARCH_TYPES) {
      const cols = columnsOf(t.key);
      const line = csvRowWriter(cols);
      for (let i = 0; i < values.length; i++) {
        const row: Record<string, unknown> = { hype_active: i % 2 === 0, currency: 'EUR' };
        cols.forEach((c, j) => (row[c.field.split('.')[0]] = values[(i + j) % values.length]));
        expect(line(row), `${t.key} #${i}`).toBe(csvLine(cols.map((c) => csvValue(c, row))));
      }
    }
  });
});
