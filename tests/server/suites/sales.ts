/**
 * The console's sales jobs (POST /v4/jobs/sales/ and /v4/jobs/sales-export/): the summary
 * against the same aggregates over the raw lines, every filter, who sees which lines, and
 * the sales_daily rollup kept with the lines. Run on PGlite and on a PostgreSQL server.
 */
import { parse } from 'csv-parse/sync';
import { beforeAll, expect, it } from 'vitest';
import { DashboardView, SalesSummaryResult, dashboardEndpoints, jobEndpoints, pathOf, type SalesFigure } from '../../../shared/api';
import { SALES_DETAIL_LINES } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { api, signIn, type RunningServer } from '../helpers';
import { pollJob } from './jobs';

export function salesSuite(get: () => RunningServer) {
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    for (const [u, p] of [
      ['finance', 'sandbox-finance'],
      ['admin', 'sandbox-admin'],
      ['supplier', 'sandbox-supplier'],
      ['label', 'sandbox-label'],
      ['marketing', 'sandbox-marketing'],
    ]) {
      tokens[u] = (await signIn(get(), u, p)).access_token;
    }
  });

  const poll = (token: string, kind: string, id: number) => pollJob(get(), token, kind, id);

  /** Runs a console sales summary as `who` over `filters` → its parsed result. */
  async function summary(who: string, filters: Record<string, unknown>) {
    const r = await api(get(), tokens[who], pathOf(jobEndpoints.console.sales), { method: 'POST', body: filters });
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    const job = await poll(tokens[who], 'sales', r.body.id as number);
    expect(job.state).toBe('DONE');
    return SalesSummaryResult.parse(job.result);
  }

  /** The same figures straight from the raw lines: a plain GROUP BY. */
  async function raw(key: string, where: string, params: unknown[]): Promise<SalesFigure[]> {
    return get().db.query<SalesFigure>(
      `select ${key} as key, s.currency, sum(s.quantity)::int as quantity, sum(s.gross)::numeric(14,2)::text as gross,
              sum(s.net)::numeric(14,2)::text as net
       from sales_lines s left join tracks t on t.id = s.track_id left join genres g on g.id = t.genre_id
       left join reference_items st on st.list = 'sale-types' and st.id = s.sale_type_id
       where ${where} group by 1, 2 order by 1, 2`,
      params,
    );
  }
  const count = async (where: string, params: unknown[]) =>
    (
      await get().db.query<{ n: number }>(
        `select count(*)::int as n from sales_lines s left join tracks t on t.id = s.track_id where ${where}`,
        params,
      )
    )[0].n;

  const range = { start_date: '2000-01-01', end_date: '2100-01-01' };

  /**
   * sales_days and sales_months hold sales_daily summed without supplier and label, per day and per month (migration 0023);
   * sales_item_months the lines' quantities per release and per track, month and brand (0024). With `genres`, only the
   * summaries' rows of those genres are compared (what a track's genre change moves between), and not the item months
   * (kept per release and track, not per genre).
   */
  async function narrowHolds(genres?: (number | null)[]) {
    const only = genres ? `where coalesce(genre_id, 0) in (${genres.map((g) => g ?? 0).join(', ')})` : '';
    const sum = (from: string, day: string) =>
      get().db.query(
        `select ${day} as d, brand, store, sale_type_id, genre_id, currency, sum(lines)::int as lines, sum(quantity)::int as quantity,
              sum(gross)::text as gross, sum(net)::text as net
       from ${from} ${only} group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6`,
      );
    expect(await sum('sales_days', 'sale_date')).toEqual(await sum('sales_daily', 'sale_date'));
    expect(await sum('sales_months', 'sale_date')).toEqual(await sum('sales_daily', `date_trunc('month', sale_date)::date`));
    const [{ n }] = await get().db.query<{ n: number }>(
      'select (select count(*) from sales_days where lines <= 0) + (select count(*) from sales_months where lines <= 0) as n',
    );
    expect(Number(n)).toBe(0);
    if (genres) return;
    // sales_item_months: what each release and track sold per month and brand (migration 0024), as the raw lines say.
    const items = (sql: string) => get().db.query(`${sql} order by 1, 2, 3, 4`);
    expect(await items('select sale_date as d, brand, kind, item_id, quantity::int as quantity from sales_item_months')).toEqual(
      await items(
        `select date_trunc('month', sale_date)::date as d, brand, k.kind, k.item_id, sum(quantity)::int as quantity
       from sales_lines cross join lateral (values ('release', release_id), ('track', track_id)) k(kind, item_id)
       where k.item_id is not null group by 1, 2, 3, 4`,
      ),
    );
  }

  it('a range that starts and ends inside months (whole months from sales_months, the edge days from sales_days) equals the raw lines', async () => {
    const [{ first, last, min, max }] = await get().db.query<{ first: string; last: string; min: string; max: string }>(
      `select to_char(min(sale_date) + 9, 'YYYY-MM-DD') as first, to_char(max(sale_date) - 11, 'YYYY-MM-DD') as last,
              to_char(min(sale_date), 'YYYY-MM-DD') as min, to_char(max(sale_date), 'YYYY-MM-DD') as max from sales_lines`,
    );
    // From the first sale and up to the last (this month up to today), the edge months have no sales outside the
    // range's days: their rows of sales_months are read instead of sales_days.
    for (const [start_date, end_date] of [
      [first, last],
      [first, first],
      [`${first.slice(0, 7)}-01`, last],
      [first, `${first.slice(0, 8)}28`],
      [min, max],
      [min, last],
      [first, max],
      [min, min],
      [max, max],
    ]) {
      const where = `s.sale_date between '${start_date}' and '${end_date}'`;
      const got = await summary('admin', { start_date, end_date });
      expect(got.line_count, where).toBe(await count(where, []));
      expect(got.over_time, where).toEqual(await raw(`to_char(s.sale_date, 'YYYY-MM')`, where, []));
      expect(got.by_genre, where).toEqual(await raw(`coalesce(g.name, 'No genre')`, where, []));
      expect(got.by_store, where).toEqual(await raw('s.store', where, []));
    }
    await narrowHolds();
  });

  it('the summary over time, by store, sale type and genre equals the GROUP BY over the raw lines of the brands held', async () => {
    // Finance holds the DJ brand only.
    const got = await summary('finance', range);
    const where = "s.brand = 'brand:dj'";
    expect(got.over_time).toEqual(await raw(`to_char(s.sale_date, 'YYYY-MM')`, where, []));
    expect(got.by_store).toEqual(await raw('s.store', where, []));
    expect(got.by_sale_type).toEqual(await raw('st.name', where, []));
    expect(got.by_genre).toEqual(await raw(`coalesce(g.name, 'No genre')`, where, []));
    expect(got.line_count).toBe(await count(where, []));
    expect([...new Set(got.by_store.map((f) => f.key))].sort()).toEqual(['music', 'streaming']);
    expect(got.lines).toHaveLength(Math.min(SALES_DETAIL_LINES, got.line_count));
    expect(new Set(got.lines.map((l) => l.brand))).toEqual(new Set(['brand:dj']));
    // Newest first.
    expect(got.lines.map((l) => l.sale_date)).toEqual([...got.lines.map((l) => l.sale_date)].sort().reverse());
  });

  it('each filter narrows the lines as the raw lines say', async () => {
    const [line] = await get().db.query<{
      label_id: number;
      supplier_id: number;
      genre_id: number;
      sale_type_id: number;
      sale_date: string;
    }>(
      `select s.label_id, s.supplier_id, t.genre_id, s.sale_type_id, to_char(s.sale_date, 'YYYY-MM-DD') as sale_date
       from sales_lines s join tracks t on t.id = s.track_id where s.brand = 'brand:dance' and t.genre_id is not null order by s.id limit 1`,
    );
    const cases: [Record<string, unknown>, string, unknown[]][] = [
      [{ brand: 'brand:dance' }, "s.brand = 'brand:dance'", []],
      [{ store: 'stem' }, "s.store = 'stem'", []],
      [{ sale_type_id: line.sale_type_id }, 's.sale_type_id = $1', [line.sale_type_id]],
      [{ label_id: line.label_id }, 's.label_id = $1', [line.label_id]],
      [{ supplier_id: line.supplier_id }, 's.supplier_id = $1', [line.supplier_id]],
      [{ currency: 'USD' }, "s.currency = 'USD'", []],
      [{ currency: 'EUR' }, "s.currency = 'EUR'", []],
      [{ genre_id: line.genre_id }, 't.genre_id = $1', [line.genre_id]],
      [{ start_date: line.sale_date, end_date: line.sale_date }, 's.sale_date = $1', [line.sale_date]],
    ];
    for (const [filter, where, params] of cases) {
      const got = await summary('admin', { ...range, ...filter });
      expect(got.line_count, JSON.stringify(filter)).toBe(await count(where, params));
      expect(got.by_store, JSON.stringify(filter)).toEqual(await raw('s.store', where, params));
    }
  });

  it("a supplier sees only its own lines and a label only its label's, whatever they ask for", async () => {
    const own = await summary('supplier', range);
    expect(own.line_count).toBe(await count('s.supplier_id = 1', []));
    expect(own.line_count).toBeGreaterThan(0);
    expect(new Set(own.lines.map((l) => l.supplier))).toEqual(
      new Set([(await get().db.query<{ name: string }>('select name from suppliers where id = 1'))[0].name]),
    );
    // Asking for another supplier's lines gives none of them.
    expect((await summary('supplier', { ...range, supplier_id: 2 })).line_count).toBe(0);
    const [{ label_id }] = await get().db.query<{ label_id: number }>("select label_id from users where username = 'label'");
    const label = await summary('label', range);
    expect(label.line_count).toBe(await count("s.label_id = $1 and s.brand = 'brand:dance'", [label_id]));
    // A label filter is control-only (§6): the label user is refused it, not quietly held to its own lines.
    const other = await api(get(), tokens.label, '/v4/jobs/sales/', { method: 'POST', body: { ...range, label_id: label_id + 1 } });
    expect(other.status).toBe(403);
  });

  it('refuses marketing, a brand not held and bad filters with a 400 naming the field', async () => {
    const start = (who: string, body: unknown) => api(get(), tokens[who], '/v4/jobs/sales/', { method: 'POST', body });
    expect((await start('marketing', range)).status).toBe(403);
    const brand = await start('finance', { ...range, brand: 'brand:dance' });
    expect([brand.status, brand.body]).toEqual([400, { brand: [MSG.brandNotHeld] }]);
    for (const [field, value] of [
      ['store', 'vinyl'],
      ['currency', 'XXX'],
      ['sale_type_id', 0],
      ['label_id', 'x'],
      ['genre_id', 2 ** 40],
      ['brand', 'dance'],
    ]) {
      const r = await start('admin', { ...range, [field]: value });
      expect([r.status, Object.keys(r.body)], field as string).toEqual([400, [field]]);
    }
    // A filter id that names nothing (issue 27: the one reference check): §5's text on that field.
    for (const field of ['sale_type_id', 'label_id', 'supplier_id', 'genre_id']) {
      const r = await start('admin', { ...range, [field]: 999_999 });
      expect([r.status, r.body], field).toEqual([400, { [field]: [MSG.selectFromList] }]);
    }
    const order = await start('admin', { start_date: '2024-02-01', end_date: '2024-01-01' });
    expect([order.status, order.body]).toEqual([400, { start_date: [MSG.startBeforeEnd] }]);
  });

  it("the sales-export over filters hands over to a child whose CSV rows match the summary's line count", async () => {
    const filters = { ...range, store: 'music' };
    const got = await summary('admin', filters);
    const r = await api(get(), tokens.admin, '/v4/jobs/sales-export/', { method: 'POST', body: filters });
    expect(r.status).toBe(202);
    const job = await poll(tokens.admin, 'sales-export', r.body.id as number);
    expect(job.id).not.toBe(r.body.id);
    const rows = parse(job.result.csv as string) as string[][];
    expect(rows.length - 1).toBe(got.line_count);
    expect(job.result.rows).toBe(got.line_count);
    expect(new Set(rows.slice(1).map((row) => row[rows[0].indexOf('store')]))).toEqual(new Set(['music']));
    // The same CSV as a file for main to save: the owner's finished child only.
    const csv = await fetch(`${get().api}${pathOf(jobEndpoints.salesCsv, { id: job.id })}`, {
      headers: { authorization: `Bearer ${tokens.admin}` },
    });
    expect([csv.status, csv.headers.get('content-type')]).toEqual([200, 'text/csv; charset=utf-8']);
    expect(await csv.text()).toBe(job.result.csv);
    expect((await api(get(), tokens.finance, pathOf(jobEndpoints.salesCsv, { id: job.id }))).status).toBe(404);
    expect((await api(get(), tokens.admin, pathOf(jobEndpoints.salesCsv, { id: r.body.id as number }))).status).toBe(404);
  });

  it('sales_daily follows new lines (the trigger), so the summary counts a line as soon as it is stored', async () => {
    const day = { start_date: '2001-05-01', end_date: '2001-05-31' };
    const before = await summary('admin', day);
    await get().db.query(
      `insert into sales_lines (brand, sale_date, supplier_id, label_id, release_id, track_id, store, sale_type_id, quantity, gross, net, currency)
       select 'brand:dance', date '2001-05-07', t.supplier_id, t.label_id, t.release_id, t.id, 'stem', 2, 3, 4.47, 3.13, 'GBP'
       from tracks t where t.id in (1, 2)`,
    );
    const after = await summary('admin', day);
    expect(after.line_count).toBe(before.line_count + 2);
    expect(after.over_time).toEqual(await raw(`to_char(s.sale_date, 'YYYY-MM')`, "s.sale_date between '2001-05-01' and '2001-05-31'", []));
    expect(after.over_time).toContainEqual({ key: '2001-05', currency: 'GBP', quantity: 6, gross: '8.94', net: '6.26' });
    // Days of May 2001 around the new lines' day: a range holding every sale of its month reads the month's row of
    // sales_months, one that leaves some out reads sales_days; both as the raw lines say.
    for (const [start_date, end_date] of [
      ['2001-05-07', '2001-05-20'],
      ['2001-04-20', '2001-05-07'],
      ['2001-05-08', '2001-05-31'],
      ['2001-05-01', '2001-05-06'],
    ]) {
      const where = `s.sale_date between '${start_date}' and '${end_date}'`;
      const got = await summary('admin', { start_date, end_date });
      expect(got.line_count, where).toBe(await count(where, []));
      expect(got.by_store, where).toEqual(await raw('s.store', where, []));
    }
    await narrowHolds();
  });

  // Re-derives a month of sales_daily twice (about 12 s on PGlite idle): its limit is for a loaded machine.
  it('sales_daily follows the genre change of a track (the tracks trigger): by genre stays equal to the raw lines joined with tracks, and back', async () => {
    const range = { start_date: '2002-03-01', end_date: '2002-03-31' };
    const where = "s.sale_date between '2002-03-01' and '2002-03-31'";
    const genreSql = `coalesce(g.name, 'No genre')`;
    await get().db.query(
      `insert into sales_lines (brand, sale_date, supplier_id, label_id, release_id, track_id, store, sale_type_id, quantity, gross, net, currency)
       select 'brand:dance', date '2002-03-09', t.supplier_id, t.label_id, t.release_id, t.id, 'music', 1, 2, 3.00, 2.10, 'AUD'
       from tracks t where t.id in (1, 2)`,
    );
    const [{ genre_id: was }] = await get().db.query<{ genre_id: number | null }>('select genre_id from tracks where id = 1');
    const [{ id: other }] = await get().db.query<{ id: number }>('select id from genres where id is distinct from $1 order by id limit 1', [
      was,
    ]);
    const check = async () => {
      expect((await summary('admin', range)).by_genre).toEqual(await raw(genreSql, where, []));
      await narrowHolds([was, other]);
    };
    await check();
    await get().db.query('update tracks set genre_id = $1 where id = 1', [other]);
    await check();
    await get().db.query('update tracks set genre_id = $1 where id = 1', [was]);
    await check();
  }, 120_000);

  it('the dashboard: month-to-date sales per brand and currency against the same days of last month, top sellers, deliveries needing attention', async () => {
    // Lines of today and of the same day last month, in a currency no other line has (not one of §9's, which the seeded lines use).
    await get().db.query(
      `insert into sales_lines (brand, sale_date, supplier_id, label_id, release_id, track_id, store, sale_type_id, quantity, gross, net, currency)
       select 'brand:dj', d, t.supplier_id, t.label_id, t.release_id, t.id, 'music', 1, 500, 10, n, 'CHF'
       from tracks t, (values (current_date, 7.5), ((current_date - interval '1 month')::date, 2.25), ((current_date - interval '2 months')::date, 99)) v(d, n)
       where t.id = 3`,
    );
    const view = async (who: string) => {
      const r = await api(get(), tokens[who], pathOf(dashboardEndpoints.view));
      expect(r.status).toBe(200);
      return DashboardView.parse(r.body);
    };
    const finance = await view('finance');
    const day = new Date().getUTCDate();
    expect(finance.sales!.filter((s) => s.currency === 'CHF')).toEqual([
      { brand: 'brand:dj', currency: 'CHF', net: '7.50', previous_net: day <= 28 ? '2.25' : expect.any(String) },
    ]);
    expect(new Set(finance.sales!.map((s) => s.brand))).toEqual(new Set(['brand:dj']));
    expect(finance.top_tracks![0]).toMatchObject({ id: 3, quantity: expect.any(Number) });
    expect(finance.top_tracks![0].quantity).toBeGreaterThanOrEqual(500);
    expect(finance.deliveries_needing_attention).toBeNull();
    const marketing = await view('marketing');
    expect([marketing.sales, marketing.top_tracks, marketing.deliveries_needing_attention]).toEqual([null, null, null]);
    const contentops = (await signIn(get(), 'contentops', 'sandbox-contentops')).access_token;
    const ops = DashboardView.parse((await api(get(), contentops, '/v4/dashboard/')).body);
    const [{ n }] = await get().db.query<{ n: number }>(
      "select count(*)::int as n from deliveries where release_status like '%error%' or release_status = 'filter-rejected'",
    );
    expect(ops.deliveries_needing_attention).toBe(n);
    // The supplier: its own lines only (track 3 is not necessarily its own).
    const supplier = await view('supplier');
    const [{ own }] = await get().db.query<{ own: number }>(
      "select count(*)::int as own from sales_lines where supplier_id = 1 and currency = 'CHF' and sale_date >= date_trunc('month', current_date)",
    );
    expect(supplier.sales!.some((s) => s.currency === 'CHF')).toBe(own > 0);
  });

  it("the dashboard's followers: staff count their brand's follows, a supplier its labels', a label its own; gained this month against the same days of last month", async () => {
    const view = async (token: string) => {
      const followers = DashboardView.parse((await api(get(), token, pathOf(dashboardEndpoints.view))).body).followers;
      if (!followers) throw new Error('staff, suppliers and labels have follower figures');
      return followers;
    };
    const [label1] = await get().db.query<{ supplier_id: number }>('select supplier_id from labels where id = 1');
    const [otherLabel] = await get().db.query<{ id: number }>('select id from labels where supplier_id <> $1 order by id limit 1', [
      label1.supplier_id,
    ]);
    expect(label1.supplier_id).toBe(1); // the sandbox supplier's (seed: labels 1-3 are supplier 1's)
    const before = { finance: await view(tokens.finance), label: await view(tokens.label), supplier: await view(tokens.supplier) };
    // New users so none of their follows collide with a seeded one: two follows of label 1 on the dance brand
    // (today and the same day last month), one of another label on the dj brand today, one of an artist 2 months ago on dj.
    const [a, b] = await get().db.query<{ id: number }>(
      "insert into users (username, email, brands) values ('follower-a', 'a@mail.example', array['brand:dance']), ('follower-b', 'b@mail.example', array['brand:dj']) returning id",
    );
    await get().db.query(
      `insert into follows (brand, user_id, artist_id, label_id, followed_at) values
         ('brand:dance', $1, null, 1, now()), ('brand:dj', $2, null, 1, (current_date - interval '1 month')::date + time '12:00'),
         ('brand:dj', $2, null, $3, now()), ('brand:dj', $2, 1, null, now() - interval '2 months')`,
      [a.id, b.id, otherLabel.id],
    );
    const after = { finance: await view(tokens.finance), label: await view(tokens.label), supplier: await view(tokens.supplier) };
    const sameDay = new Date().getUTCDate() <= 28;
    // Finance holds only the dj brand: the dj follows count (three), the dance one does not.
    expect(after.finance.total - before.finance.total).toBe(3);
    expect(after.finance.gained - before.finance.gained).toBe(1);
    if (sameDay) expect(after.finance.previous_gained - before.finance.previous_gained).toBe(1);
    // The label user holds the dance brand: its own label's dance follow only.
    expect(after.label.total - before.label.total).toBe(1);
    expect(after.label.gained - before.label.gained).toBe(1);
    expect(after.label.top.every((t) => t.kind === 'label' && t.id === 1)).toBe(true);
    // The supplier holds both brands: both follows of its label 1, not the other supplier's label.
    expect(after.supplier.total - before.supplier.total).toBe(2);
    expect(after.supplier.top.every((t) => t.kind === 'label')).toBe(true);
    // The most followed are ranked by their count.
    const counts = after.finance.top.map((t) => t.followers);
    expect(counts).toEqual([...counts].sort((x, y) => y - x));
    await get().db.query('delete from follows where user_id = any($1::int[])', [[a.id, b.id]]);
    await get().db.query('delete from users where id = any($1::int[])', [[a.id, b.id]]);
  });
}
