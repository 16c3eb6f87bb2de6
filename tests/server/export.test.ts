/** CSV export route on PGlite: same filters and access as the list, streamed, escaped. */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_TYPES } from '../../shared/access';
import { columnsOf, exportColumnKeys, shownColumns } from '../../shared/search';
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
    expect(keys).toEqual(columnsOf('releases').filter((c) => c.fixed).map((c) => c.key));
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
      const full = await csv(admin, `/v4/${t.category}/${t.path}/export/?columns=${all.filter((c) => !c.fixed).map((c) => c.key).join(',')}`);
      expect(full.status, `${t.key} with every column`).toBe(200);
      expect(full.rows[0]).toEqual(all.map((c) => c.title));
      if (full.rows.length > 1) expect(full.rows[1]).toHaveLength(all.length);
    }
  });
});
