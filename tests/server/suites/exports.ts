/**
 * Search exports give the same bytes whichever way they are written, run on PGlite and
 * on PostgreSQL: on PostgreSQL the database writes the CSV (COPY … TO STDOUT, with the
 * SQL of server/api/routes/export.ts copySelect); elsewhere, and for column kinds SQL
 * does not write, shared/search csvRowWriter does. Each export is compared with the
 * JavaScript writer over the export query's own rows, with nasty values in the cells.
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SEARCH_TYPES, principalFrom } from '../../../shared/access';
import { columnsOf, csvLine, csvRowWriter, shownColumns, type Column } from '../../../shared/search';
import { planList } from '../../../server/api/lists/engine';
import { LIST_DEF_BY_KEY } from '../../../server/api/lists/types';
import { copySelect, exportQuery } from '../../../server/api/routes/export';
import { signIn, type RunningServer } from '../helpers';

const SCOPE = 'app:control staff:admin brand:dance brand:dj';
const ADMIN = {
  id: 1,
  username: 'admin',
  scope: SCOPE,
  features: [],
  principal: principalFrom(SCOPE, [], 'brand:dance'),
  supplierId: null,
  labelId: null,
};

/** Cell values that CSV quoting, formula escaping or COPY could get wrong. */
const NASTY = [
  "=cmd|' /C calc'!A0",
  '+SUM(A1)',
  '-2+3',
  '@import',
  '\tTabbed',
  '\rCarriage',
  '-12.50',
  '+3',
  '1e5',
  '.5',
  '-',
  'say "hi"',
  'a,b',
  'two\nlines',
  'crlf\r\nlines',
  '\\.',
  'naïve — Ünïcödé ♫ 🎧',
  '',
  ' lead space',
  "it's",
];

export function exportBytesSuite(get: () => RunningServer) {
  let admin = '';
  const saved: Record<string, unknown>[] = [];

  beforeAll(async () => {
    admin = (await signIn(get(), 'admin', 'sandbox-admin')).access_token;
    const db = get().db;
    const rows = await db.query<Record<string, unknown>>(
      `select id, title, mix_name, isrc, artist_names, encode_status, bpm, enabled, hidden from tracks order by id desc limit ${NASTY.length}`,
    );
    saved.push(...rows);
    for (const [i, t] of rows.entries()) {
      const v = NASTY[i];
      await db.query(
        // §4 (the database's check): a track that is not CONVERTED is hidden and disabled.
        `update tracks set title = $2, mix_name = $3, isrc = $4, artist_names = $5, encode_status = $6, bpm = $7,
                enabled = enabled and $6 = 'CONVERTED', hidden = hidden or $6 <> 'CONVERTED' where id = $1`,
        [
          t.id,
          v === '' ? 'x' : v,
          v,
          v.slice(0, 16),
          `${v}, ${NASTY[(i + 1) % NASTY.length]}`,
          i % 3 === 0 ? v : i % 3 === 1 ? 'CONVERTED' : 'Pending Audio Encode',
          i % 2 ? null : 20 + i,
        ],
      );
    }
  });

  afterAll(async () => {
    for (const t of saved) {
      await get().db.query(
        'update tracks set title = $2, mix_name = $3, isrc = $4, artist_names = $5, encode_status = $6, bpm = $7, enabled = $8, hidden = $9 where id = $1',
        [t.id, t.title, t.mix_name, t.isrc, t.artist_names, t.encode_status, t.bpm, t.enabled, t.hidden],
      );
    }
  });

  /** The export's bytes from the route, and what csvRowWriter writes over the export query's rows. */
  async function both(type: string, path: string, query: Record<string, string>, cols: readonly Column[]) {
    const qs = new URLSearchParams({ ...query, columns: cols.map((c) => c.key).join(',') });
    const r = await fetch(`${get().api}${path}export/?${qs}`, { headers: { authorization: `Bearer ${admin}` } });
    expect(r.status, `${type} ${qs}`).toBe(200);
    const got = Buffer.from(await r.arrayBuffer()).toString('utf8');
    const def = LIST_DEF_BY_KEY.get(type)!;
    const { sql, where, order } = planList(def, ADMIN, query);
    const select = exportQuery(def, where, order, cols);
    const line = csvRowWriter(cols);
    const rows = await get().db.query<Record<string, unknown>>(select, sql.params);
    const want = csvLine(cols.map((c) => c.title)) + rows.map(line).join('');
    return { got, want, rows: rows.length, copy: await copySelect(get().db, select, sql.params, cols) };
  }

  /** Compared line by line first, so a failure names the first line that differs. */
  function expectSame(label: string, got: string, want: string) {
    const g = got.split('\r\n');
    const w = want.split('\r\n');
    const k = w.findIndex((x, i) => x !== g[i]);
    expect([label, k, g[k]]).toEqual([label, -1, undefined]);
    expect(got).toBe(want);
  }

  it('writes the same bytes as the JavaScript writer for every search type, default and every column', async () => {
    for (const t of SEARCH_TYPES) {
      const path = `/v4/${t.category}/${t.path}/`;
      for (const cols of [shownColumns(t.key, null), columnsOf(t.key)]) {
        const { got, want } = await both(t.key, path, {}, cols);
        expectSame(`${t.key} ${cols.length} columns`, got, want);
      }
    }
  });

  it('writes nasty track values the same way (formula escaping, quotes, line ends, unicode), filtered and ordered', async () => {
    const every = columnsOf('tracks');
    const ids = saved.map((t) => t.id).join(',');
    const cases: [Record<string, string>, readonly Column[]][] = [
      [{ id: ids }, every],
      [{ id: ids, order_by: '-bpm' }, shownColumns('tracks', ['bpm', 'key', 'isrc', 'publish_date', 'guid'])],
      [{ title: 'a', order_by: 'title' }, every],
      [{ q: 'midnight' }, shownColumns('tracks', null)],
      [{ release_date: '2015-01-01:2030-12-31', encode_status: 'CONVERTED' }, every],
    ];
    for (const [query, cols] of cases) {
      const { got, want, rows, copy } = await both('tracks', '/v4/catalog/tracks/', query, cols);
      expect(rows, JSON.stringify(query)).toBeGreaterThan(0);
      expectSame(JSON.stringify(query), got, want);
      // SQL writes every track column, so on PostgreSQL (which has copyCsvTo) COPY wrote them: the comparison is between the two writers.
      expect(copy, JSON.stringify(query)).not.toBeNull();
      expect(Boolean(get().db.copyCsvTo)).toBe(get().db.kind === 'postgres');
    }
    // The nasty cells as a spreadsheet reads them back: formulas neutralised, numbers left alone.
    const { got } = await both('tracks', '/v4/catalog/tracks/', { id: ids, order_by: 'id' }, every);
    const parsed = parse(got) as string[][];
    const titles = parsed.slice(1).map((row) => row[1]);
    expect(titles).toEqual(
      expect.arrayContaining([
        "'=cmd|' /C calc'!A0",
        "'+SUM(A1)",
        "'-2+3",
        "'@import",
        "'\tTabbed",
        "'\rCarriage",
        '-12.50',
        '+3',
        '1e5',
        "'-",
        'two\nlines',
        'crlf\r\nlines',
        '\\.',
        'naïve — Ünïcödé ♫ 🎧',
      ]),
    );
  });

  it('frees the database when the client goes away mid-export (no COPY or transaction left open), and the next export is whole', async () => {
    const cols = columnsOf('tracks');
    const qs = `columns=${cols.map((c) => c.key).join(',')}`;
    const stop = new AbortController();
    const r = await fetch(`${get().api}/v4/catalog/tracks/export/?${qs}`, {
      headers: { authorization: `Bearer ${admin}` },
      signal: stop.signal,
    });
    const reader = r.body!.getReader();
    await reader.read();
    stop.abort();
    await reader.read().catch(() => undefined);
    if (get().db.kind === 'postgres') {
      const open = () =>
        get().db.query<{ n: number }>(
          "select count(*)::int as n from pg_stat_activity where pid <> pg_backend_pid() and (query ilike 'copy (%' or query ilike 'declare export_rows%') and state <> 'idle'",
        );
      await expect.poll(async () => (await open())[0].n, { timeout: 10_000 }).toBe(0);
    }
    const { got, want } = await both('tracks', '/v4/catalog/tracks/', {}, cols);
    expectSame('after an abort', got, want);
  });
}
