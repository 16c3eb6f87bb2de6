/**
 * Reference data and the sandbox's money and deliveries (issue 27 items 3 and 4), on PGlite
 * and on a PostgreSQL server: every ISO 3166-1 country with its continent, the first-level
 * subdivisions of the address countries, the ISO 4217 currencies with §9's first, all
 * served whole by the auxiliary lookups; seeded orders, credits and sales in every §9
 * currency; a seeded delivery that kept its files re-ingests (and encodes its audio); the
 * releases search finds the releases with source audio (has_source_audio).
 */
import { beforeAll, expect, it } from 'vitest';
import { CURRENCIES as SECTION_9 } from '../../../shared/constants';
import { DELIVERY_MSG } from '../../../shared/api/endpoints/deliveries';
import { REGIONS } from '../../../shared/vocabularies';
import { COUNTRIES, MARKET_COUNTRIES, STATES, SUBDIVISION_COUNTRIES } from '../../../server/db/reference';
import { KEPT_DELIVERIES } from '../../../server/seed/kept-deliveries';
import { seedCounts } from '../../../server/seed/seed';
import { api, signIn, type RunningServer } from '../helpers';
import { waitFor } from '../job-kinds';

type Row = Record<string, unknown>;
const INSPECTOR = '/v4/delivery-inspector/deliveries/';

export function referenceDataSuite(get: () => RunningServer) {
  let admin: string;
  let ops: string;
  beforeAll(async () => {
    admin = (await signIn(get(), 'admin', 'sandbox-admin')).access_token;
    ops = (await signIn(get(), 'contentops', 'sandbox-contentops')).access_token;
  });
  const rows = async (path: string, token = admin) => {
    const r = await api(get(), token, path);
    expect(r.status, path).toBe(200);
    return r.body as { count: number; results: Row[] };
  };

  it('auxiliary/countries/ serves all 249 ISO 3166-1 countries on one page, each with its continent; the markets keep ids 1-15', async () => {
    const c = await rows('/v4/auxiliary/countries/');
    expect(c.count).toBe(249);
    expect(c.results).toHaveLength(249);
    expect(new Set(c.results.map((r) => r.code)).size).toBe(249);
    expect(c.results.every((r) => (REGIONS as readonly unknown[]).includes(r.region))).toBe(true);
    const byCode = new Map(c.results.map((r) => [r.code, r]));
    MARKET_COUNTRIES.forEach((code, i) => expect(byCode.get(code)?.id, code).toBe(i + 1));
    expect(byCode.get('US')).toMatchObject({ id: 1, name: 'United States', region: 'North America' });
    expect(byCode.get('AQ')).toMatchObject({ name: 'Antarctica', region: 'Antarctica' });
    expect(byCode.get('NG')).toMatchObject({ name: 'Nigeria', region: 'Africa' });
    expect(byCode.get('VN')).toMatchObject({ region: 'Asia' });
    const regions = new Set(c.results.map((r) => r.region));
    expect([...regions].sort()).toEqual([...REGIONS]);
  });

  it('auxiliary/states/ serves the first-level subdivisions of every address country, each with its country', async () => {
    const s = await rows('/v4/auxiliary/states/');
    expect(s.count).toBe(STATES.length);
    const of = (cc: string) => s.results.filter((r) => (r.country as Row).code === cc);
    expect(of('US').length).toBe(57);
    expect(of('CA').length).toBe(13);
    expect(of('AU').length).toBe(8);
    for (const cc of SUBDIVISION_COUNTRIES) expect(of(cc).length, cc).toBeGreaterThan(0);
    expect(of('US').find((r) => r.code === 'CO')).toMatchObject({
      name: 'Colorado',
      country: { id: 1, code: 'US', name: 'United States' },
    });
    expect(of('CA').map((r) => r.name)).toContain('Ontario');
    expect(of('AU').find((r) => r.code === 'NSW')?.name).toBe('New South Wales');
    expect(new Set(s.results.map((r) => (r.country as Row).code))).toEqual(new Set(SUBDIVISION_COUNTRIES));
  });

  it('auxiliary/currency/ serves the ISO 4217 currencies, the §9 ones first with their §9 names', async () => {
    const c = await rows('/v4/auxiliary/currency/');
    expect(c.count).toBeGreaterThan(150);
    expect(c.results.slice(0, SECTION_9.length).map((r) => [r.id, r.code, r.name])).toEqual(
      SECTION_9.map((x, i) => [i + 1, x.code, x.name]),
    );
    const codes = c.results.map((r) => r.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).toEqual(expect.arrayContaining(['JPY', 'CAD', 'CHF', 'SEK', 'ZAR', 'INR']));
    expect(c.results.find((r) => r.code === 'JPY')?.name).toBe('Japanese Yen');
  });

  it('the database holds the lists as declared (the seed wrote them)', async () => {
    const [n] = await get().db.query<{ countries: number; states: number }>(
      'select (select count(*)::int from countries) as countries, (select count(*)::int from states) as states',
    );
    expect(n).toEqual({ countries: COUNTRIES.length, states: STATES.length });
  });

  it("seeded orders, credits and sales are in every §9 currency, each the currency of its buyer's or sale's country", async () => {
    const all = SECTION_9.map((c) => c.code).sort();
    const currencies = async (sql: string) => (await get().db.query<{ currency: string }>(sql)).map((r) => r.currency.trim()).sort();
    expect(await currencies(`select distinct currency from orders where id <= ${seedCounts(1).orders}`)).toEqual(all);
    // The seeded lines (suites add their own after them).
    expect(await currencies(`select distinct currency from sales_lines where id <= ${seedCounts(1).sales_lines}`)).toEqual(all);
    expect((await currencies('select distinct currency from credits')).length).toBeGreaterThan(2);
    const wrong = await get().db.query(
      `select s.id from sales_lines s join countries c on c.id = s.country_id
       where s.currency <> case c.code when 'GB' then 'GBP' when 'AU' then 'AUD' when 'BR' then 'BRL' when 'MX' then 'MXN'
         when 'DE' then 'EUR' when 'FR' then 'EUR' when 'NL' then 'EUR' when 'ES' then 'EUR' when 'IT' then 'EUR' when 'BE' then 'EUR'
         else 'USD' end and s.id <= $1 limit 1`,
      [seedCounts(1).sales_lines],
    );
    expect(wrong).toEqual([]);
  });

  it('some seeded deliveries kept their files: one re-ingests, encodes its audio, and its release is then found by has_source_audio', async () => {
    const kept = await get().db.query<{ id: number; release_id: number; release_status: string }>(
      "select id, release_id, release_status from deliveries where storage_prefix is not null and files <> '[]'::jsonb and not ingested order by id",
    );
    expect(kept.length).toBe(KEPT_DELIVERIES);
    // Another suite may have re-ingested the first; the last is left to this one.
    const d = kept[kept.length - 1];
    const detail = (await api(get(), ops, `${INSPECTOR}${d.id}/`)).body as Row & { files: { path: string }[] };
    expect(detail.can_reingest).toBe(true);
    expect(detail.files.map((f) => f.path)).toEqual(
      expect.arrayContaining([expect.stringMatching(/\.xml$/), expect.stringMatching(/\.wav$/), expect.stringMatching(/_cover\.png$/)]),
    );

    // Before: its tracks' sources are the seed's rows, with no files: not found, and has_source_audio false.
    const withSource = async () => (await rows(`/v4/catalog/releases/?has_source_audio=true&id=${d.release_id}`)).results.map((r) => r.id);
    const withoutSource = async () =>
      (await rows(`/v4/catalog/releases/?has_source_audio=false&id=${d.release_id}`)).results.map((r) => r.id);
    expect(await withSource()).toEqual([]);
    expect(await withoutSource()).toEqual([d.release_id]);
    expect((await api(get(), admin, `/v4/catalog/releases/${d.release_id}/`)).body.has_source_audio).toBe(false);

    const r = await api(get(), ops, `${INSPECTOR}${d.id}/reingest/`, { method: 'POST', body: {} });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: d.id, ingested: true, album_action: 'update' });
    expect(['updated', 'encoded']).toContain(r.body.release_status);
    const done = await waitFor(async () => {
      const s = (await api(get(), ops, `${INSPECTOR}${d.id}/`)).body as Row;
      return s.release_status === 'encoded' || s.release_status === 'encoding-error' ? s : null;
    }, 90_000);
    expect(done.release_status).toBe('encoded');
    const tracks = await get().db.query<{ encode_status: string }>('select encode_status from tracks where release_id = $1', [
      d.release_id,
    ]);
    expect(tracks.map((t) => t.encode_status)).toEqual(tracks.map(() => 'CONVERTED'));

    // After: every track has its stored WAV.
    expect(await withSource()).toEqual([d.release_id]);
    expect(await withoutSource()).toEqual([]);
    expect((await api(get(), admin, `/v4/catalog/releases/${d.release_id}/`)).body.has_source_audio).toBe(true);
    expect((await api(get(), ops, `${INSPECTOR}${d.id}/reingest/`, { method: 'POST', body: {} })).body).toEqual({
      detail: DELIVERY_MSG.alreadyIngested,
    });
  }, 120_000);

  it("has_source_audio: every release it finds has source audio by the record fact; the seed's placeholder rows are not stored", async () => {
    const found = (await rows('/v4/catalog/releases/?has_source_audio=true&per_page=20&order_by=id')).results;
    expect(found.length).toBeGreaterThan(0);
    for (const rel of found.slice(0, 5)) {
      expect((await api(get(), admin, `/v4/catalog/releases/${rel.id}/`)).body.has_source_audio, `release ${String(rel.id)}`).toBe(true);
    }
    const [rowsOf] = await get().db.query<{ placeholders: number; stored: number }>(
      'select count(*) filter (where not stored)::int as placeholders, count(*) filter (where stored)::int as stored from audio_files',
    );
    expect(rowsOf.placeholders).toBeGreaterThan(1000);
    expect(rowsOf.stored).toBeGreaterThan(0);
    // Any later write of a row (its file stored at its key) marks it stored, unless the write says otherwise.
    const [p] = await get().db.query<{ id: number }>('select id from audio_files where not stored order by id limit 1');
    const stored = async () =>
      (await get().db.query<{ stored: boolean }>('select stored from audio_files where id = $1', [p.id]))[0].stored;
    await get().db.query('update audio_files set size_bytes = size_bytes where id = $1', [p.id]);
    expect(await stored()).toBe(true);
    await get().db.query('update audio_files set stored = false where id = $1', [p.id]);
    expect(await stored()).toBe(false);
    expect((await api(get(), admin, '/v4/catalog/releases/?has_source_audio=maybe')).status).toBe(400);
  });
}
