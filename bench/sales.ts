/**
 * npm run bench -- sales [--scale 20] [--lines 10000000] [--samples 30] [--pg-url postgres://…]
 *
 * The console's sales summary over `--lines` sales lines (default ten million: 24 months,
 * both brands, every store of each, three sale types, six currencies) on a PostgreSQL server
 * this bench starts, seeded at `--scale` (the catalogue the lines sell: scale 20 = 100,000
 * tracks of 2,000 labels). The seed writes its own lines; the bench tops them up to
 * `--lines` the way the product bulk-loads (server/seed/seed.ts): the lines inserted with
 * the per-row triggers off, then the rollup rebuilt by `sales_daily_rebuild()` (migration
 * 0016) — the same rows its statement trigger keeps line by line.
 *
 * Measured, in alternating turns in the same run:
 *   - the summary as the /sales screen asks for it: POST /v4/jobs/sales/ then GET
 *     /v4/jobs/sales/:id/ until DONE (the job queue included; polled every 5 ms here,
 *     main's poller polls every 1 s), for the last full month and for the last 24 months;
 *   - the same aggregate as a plain GROUP BY over the raw sales_lines (the summary's four
 *     groupings and its line count, over the same filters), each checked equal to the job's;
 *   - the job's two parts in this process (the rollup summary, the newest lines), and the
 *     summary as it read before migration 0020 (sales_daily alone), for where time goes;
 * and the /dashboard screen in Chromium from navigation until its chart has drawn
 * (the canvas holds pixels). Prints a table, then ONE JSON line.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { STORE_OPTIONS } from '../shared/access/brand-options';
import { BRAND_DANCE, BRAND_DJ } from '../shared/access';
import type { SalesFigure, SalesSummaryResult } from '../shared/api/endpoints/jobs';
import { CURRENCY_CODES } from '../shared/records/values';
import type { Db } from '../server/db/client';
import { salesLinesOf, salesSummaryOf, salesWhere, type SalesPayload } from '../server/jobs/sales';
import { SALES_DETAIL_LINES } from '../shared/constants';
import { CHROMIUM_ARGS, argOf, pct, prepare, round, startConsole, startPostgres, table } from './_support';

const GOAL_MS = 100;
const CHUNK = 1_000_000;
const BRANDS = [BRAND_DANCE, BRAND_DJ];

/** The little of the DOM the page function below reads (this file is built without the DOM's types). */
interface PageCanvas {
  width: number;
  height: number;
  getContext(kind: '2d'): { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } } | null;
}
/** In the page: the dashboard chart's canvas holds drawn pixels. */
function chartDrawn(): boolean {
  const doc = (globalThis as unknown as { document: { querySelector(s: string): PageCanvas | null } }).document;
  const c = doc.querySelector('[data-testid="dashboard-chart"] canvas');
  const ctx = c && c.width && c.height ? c.getContext('2d') : null;
  if (!c || !ctx) return false;
  const px = ctx.getImageData(0, 0, c.width, c.height).data;
  for (let i = 3; i < px.length; i += 64) if (px[i] !== 0) return true;
  return false;
}

const lit = (xs: readonly string[]) => `array[${xs.map((x) => `'${x}'`).join(', ')}]::text[]`;

/**
 * Tops sales_lines up to `total` lines over the last 730 days, in date order (lines arrive
 * by reporting day), a third on the DJ brand; a track drawn with a skew (popular tracks sell
 * more), its supplier, label and release; the brand's stores, three sale types, a currency
 * per country. Per-row triggers off as the seed loads, then the rollup rebuilt from the lines.
 */
async function bulkLoad(db: Db, total: number, log: (m: string) => void): Promise<number> {
  const [{ n: have }] = await db.query<{ n: number }>('select count(*)::int as n from sales_lines');
  // Already loaded (a --pg-url server of an earlier run): the triggers have kept the rollups with every line since.
  if (have >= total) return 0;
  const [{ n: tracks }] = await db.query<{ n: number }>('select max(id)::int as n from tracks');
  const t = performance.now();
  const dance = STORE_OPTIONS[BRAND_DANCE];
  const dj = STORE_OPTIONS[BRAND_DJ];
  await db.transaction(async (tx) => {
    await tx.query('select setseed(0.5)');
    await tx.query('set local session_replication_role = replica');
    for (let from = have + 1; from <= total; from += CHUNK) {
      const to = Math.min(total, from + CHUNK - 1);
      await tx.query(
        `insert into sales_lines (brand, sale_date, supplier_id, label_id, release_id, track_id, store, sale_type_id, country_id,
           quantity, gross, net, currency)
         select case when x.g % 3 = 0 then '${BRAND_DJ}' else '${BRAND_DANCE}' end, x.d, t.supplier_id, t.label_id, t.release_id, t.id,
           case when x.g % 3 = 0 then (${lit(dj)})[1 + (x.g / 3) % ${dj.length}] else (${lit(dance)})[1 + x.g % ${dance.length}] end,
           1 + x.g % 3, 1 + x.g % 15, x.q, round(x.q * 1.49, 2), round(x.q * 1.49 * 0.7, 2),
           (${lit(CURRENCY_CODES)})[1 + (x.g % 15) % ${CURRENCY_CODES.length}]
         from (select g, current_date - 729 + ((g - 1) * 730 / $3::bigint)::int as d,
                 1 + floor(power(random(), 3) * $4)::int as tid, 1 + floor(random() * 4)::int as q
               from generate_series($1::bigint, $2::bigint) g) x
         join tracks t on t.id = x.tid`,
        [from, to, total, tracks],
      );
      log(`  sales lines ${to.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} (${round((performance.now() - t) / 1000)} s)`);
    }
    await tx.query('set local session_replication_role = origin');
    // Statistics of the loaded lines first, so the rebuild's join is planned for their number.
    await tx.query('analyze sales_lines');
    const r = performance.now();
    await tx.query('select sales_daily_rebuild()');
    log(`  sales_daily rebuilt in ${round((performance.now() - r) / 1000)} s`);
  });
  // Statistics of every table the load changed, as the seed's closing vacuum analyze gives (without them
  // the planner may scan sales_days whole for a few edge days).
  for (const t of ['sales_lines', 'sales_daily', 'sales_days', 'sales_months']) await db.exec(`vacuum analyze ${t}`);
  return (performance.now() - t) / 1000;
}

/**
 * The summary's aggregate as one GROUP BY per grouping over one table: the raw lines (the genre
 * from the line's track, as the rollups keep it), or sales_daily alone (how the summary read
 * before migration 0020 added sales_months and sales_days).
 */
async function groupBy(db: Db, p: SalesPayload, over: 'lines' | 'sales_daily'): Promise<Omit<SalesSummaryResult, 'lines'>> {
  const raw = over === 'lines';
  const { where, params } = salesWhere(p, raw ? 'coalesce(t.genre_id, 0)' : 'a.genre_id');
  const from = raw ? 'sales_lines a left join tracks t on t.id = a.track_id' : 'sales_daily a';
  const figures = `a.currency, sum(a.quantity)::int as quantity, sum(a.gross)::numeric(14,2)::text as gross, sum(a.net)::numeric(14,2)::text as net`;
  const group = (key: string, join = '') =>
    db.query<SalesFigure>(`select ${key} as key, ${figures} from ${from} ${join} where ${where} group by 1, 2 order by 1, 2`, params);
  const [overTime, byStore, bySaleType, byGenre, count] = await Promise.all([
    group(`to_char(date_trunc('month', a.sale_date), 'YYYY-MM')`),
    group('a.store'),
    group('coalesce(st.name, a.sale_type_id::text)', `left join reference_items st on st.list = 'sale-types' and st.id = a.sale_type_id`),
    group(`coalesce(g.name, 'No genre')`, `left join genres g on g.id = ${raw ? 't.genre_id' : 'a.genre_id'}`),
    db.query<{ n: number }>(`select ${raw ? 'count(*)' : 'coalesce(sum(a.lines), 0)'}::int as n from ${from} where ${where}`, params),
  ]);
  return { over_time: overTime, by_store: byStore, by_sale_type: bySaleType, by_genre: byGenre, line_count: count[0].n };
}

/** The figures of a summary, whatever order their fields come in (the job's result went through jsonb). */
const figuresOf = (s: Omit<SalesSummaryResult, 'lines'>) =>
  JSON.stringify([
    ...[s.over_time, s.by_store, s.by_sale_type, s.by_genre].map((xs) => xs.map((f) => [f.key, f.currency, f.quantity, f.gross, f.net])),
    s.line_count,
  ]);
const sameSummary = (a: Omit<SalesSummaryResult, 'lines'>, b: Omit<SalesSummaryResult, 'lines'>) => figuresOf(a) === figuresOf(b);

export default async function main(argv: string[]) {
  const scale = Number(argOf(argv, 'scale', '20'));
  const lines = Number(argOf(argv, 'lines', '10000000'));
  const samples = Number(argOf(argv, 'samples', '30'));
  const external = argOf(argv, 'pg-url', '');
  const pg = external ? null : startPostgres();
  const url = external || pg!.url;
  const dataDir = mkdtempSync(join(tmpdir(), 'sales-bench-'));
  const log = (m: string) => console.error(m);
  try {
    log(`seeding scale ${scale} on PostgreSQL…`);
    const { seedSeconds, token, db } = await prepare(url, scale, (m) => log(`  ${m}`));
    log(`loading ${lines.toLocaleString('en-US')} sales lines…`);
    const loadSeconds = await bulkLoad(db, lines, log);
    const [{ n: total, days, rollup, narrowDays, narrowMonths }] = await db.query<{
      n: number;
      days: number;
      rollup: number;
      narrowDays: number;
      narrowMonths: number;
    }>(
      `select (select count(*)::int from sales_lines) as n, (select count(distinct sale_date)::int from sales_lines) as days,
              (select count(*)::int from sales_daily) as rollup, (select count(*)::int from sales_days) as "narrowDays",
              (select count(*)::int from sales_months) as "narrowMonths"`,
    );
    const [{ today, month_start, month_end, start24 }] = await db.query<Record<string, string>>(
      `select to_char(current_date, 'YYYY-MM-DD') as today,
              to_char(date_trunc('month', current_date) - interval '1 month', 'YYYY-MM-DD') as month_start,
              to_char(date_trunc('month', current_date) - interval '1 day', 'YYYY-MM-DD') as month_end,
              to_char(date_trunc('month', current_date) - interval '24 months', 'YYYY-MM-DD') as start24`,
    );
    const ranges = { month: { start_date: month_start, end_date: month_end }, months24: { start_date: start24, end_date: today } };

    const { api, host, stop } = await startConsole(url, dataDir);
    try {
      const headers = {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        'content-type': 'application/json',
        'x-brand': BRAND_DANCE,
      };
      /** The summary job as the screen asks for it: started, then polled until it is DONE. */
      const viaJob = async (range: { start_date: string; end_date: string }) => {
        const r = await fetch(`${api.api}/v4/jobs/sales/`, { method: 'POST', headers, body: JSON.stringify(range) });
        if (r.status !== 202) throw new Error(`POST /v4/jobs/sales/: ${r.status} ${await r.text()}`);
        const { id } = (await r.json()) as { id: number };
        for (;;) {
          const j = (await (await fetch(`${api.api}/v4/jobs/sales/${id}/`, { headers })).json()) as {
            state: string;
            result: SalesSummaryResult;
          };
          if (j.state === 'DONE') return j.result;
          if (j.state === 'ERROR') throw new Error(`sales job ${id}: ${JSON.stringify(j.result)}`);
          await new Promise((res) => setTimeout(res, 5));
        }
      };
      const plain = (range: { start_date: string; end_date: string }) => groupBy(db, { ...range, brands: BRANDS }, 'lines');
      const before = (range: { start_date: string; end_date: string }) => groupBy(db, { ...range, brands: BRANDS }, 'sales_daily');

      // Where a job's time goes: its two parts run in this process, straight on the database.
      const rollupPart = (range: { start_date: string; end_date: string }) => salesSummaryOf(db, { ...range, brands: BRANDS });
      const linesPart = (range: { start_date: string; end_date: string }) =>
        salesLinesOf(db, { ...range, brands: BRANDS }, SALES_DETAIL_LINES);
      type Figures = { job: number[]; plain: number[]; rollup: number[]; lines: number[]; before: number[]; same: boolean };
      const none = (): Figures => ({ job: [], plain: [], rollup: [], lines: [], before: [], same: true });
      const figures: Record<'month' | 'months24', Figures> = { month: none(), months24: none() };
      for (const key of ['month', 'months24'] as const) {
        log(`measuring the ${key === 'month' ? 'one-month' : '24-month'} summary (${samples} turns)…`);
        const f = figures[key];
        // Warm both (and check them equal) before timing.
        const expected = await plain(ranges[key]);
        f.same = sameSummary(await viaJob(ranges[key]), expected) && sameSummary(await before(ranges[key]), expected);
        for (let i = 0; i < samples; i++) {
          const turns = [
            ['job', viaJob],
            ['plain', plain],
            ['rollup', rollupPart],
            ['lines', linesPart],
            ['before', before],
          ] as const;
          const order = [...turns.slice(i % turns.length), ...turns.slice(0, i % turns.length)];
          for (const [kind, fn] of order) {
            const t = performance.now();
            const res = await fn(ranges[key]);
            f[kind].push(performance.now() - t);
            void res;
          }
        }
      }

      log('measuring the dashboard in Chromium…');
      const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
      const dash: number[] = [];
      let dashCold = 0;
      try {
        const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
        /** Until the dashboard's chart canvas holds drawn pixels. */
        const drawn = () => page.waitForFunction(chartDrawn, undefined, { polling: 'raf', timeout: 120_000 });
        let t = performance.now();
        await page.goto(`${host.origin}/dashboard#key=${host.key}`);
        await drawn();
        dashCold = performance.now() - t;
        for (let i = 0; i < 10; i++) {
          t = performance.now();
          await page.goto(`${host.origin}/dashboard`);
          await drawn();
          dash.push(performance.now() - t);
        }
      } finally {
        await browser.close();
      }

      const m = figures.month;
      const y = figures.months24;
      const ratio = (f: { job: number[]; plain: number[] }) => round(pct(f.plain, 95) / pct(f.job, 95), 1);
      table([
        ['measure', 'p50 ms', 'p95 ms', 'goal'],
        [
          `summary job over HTTP, one month (${month_start} to ${month_end})`,
          round(pct(m.job, 50)),
          round(pct(m.job, 95)),
          `< ${GOAL_MS} ms (p95)`,
        ],
        [
          '  plain GROUP BY over the raw lines, same month',
          round(pct(m.plain, 50)),
          round(pct(m.plain, 95)),
          `${ratio(m)}× the job; same figures: ${m.same ? 'yes' : 'NO'}`,
        ],
        [
          `summary job over HTTP, 24 months (${start24} to ${today})`,
          round(pct(y.job, 50)),
          round(pct(y.job, 95)),
          `< ${GOAL_MS} ms (p95)`,
        ],
        [
          '  plain GROUP BY over the raw lines, same 24 months',
          round(pct(y.plain, 50)),
          round(pct(y.plain, 95)),
          `${ratio(y)}× the job; same figures: ${y.same ? 'yes' : 'NO'}`,
        ],
        ['  its parts in-process: the rollup summary, one month', round(pct(m.rollup, 50)), round(pct(m.rollup, 95)), ''],
        [`  its parts in-process: the ${SALES_DETAIL_LINES} newest lines, one month`, round(pct(m.lines, 50)), round(pct(m.lines, 95)), ''],
        ['  the same over sales_daily alone (before 0020), one month', round(pct(m.before, 50)), round(pct(m.before, 95)), ''],
        ['  its parts in-process: the rollup summary, 24 months', round(pct(y.rollup, 50)), round(pct(y.rollup, 95)), ''],
        [`  its parts in-process: the ${SALES_DETAIL_LINES} newest lines, 24 months`, round(pct(y.lines, 50)), round(pct(y.lines, 95)), ''],
        ['  the same over sales_daily alone (before 0020), 24 months', round(pct(y.before, 50)), round(pct(y.before, 95)), ''],
        [
          'Chromium: /dashboard until its chart has drawn',
          round(pct(dash, 50)),
          round(pct(dash, 95)),
          `reference (first, cold: ${Math.round(dashCold)} ms)`,
        ],
        [`sales lines / days / sales_daily rows`, total, days, rollup],
        ['sales_days / sales_months rows', narrowDays, narrowMonths, ''],
        ['seed seconds / bulk load + rollup seconds', round(seedSeconds), round(loadSeconds), ''],
      ]);
      console.log(
        JSON.stringify({
          bench: 'sales',
          scale,
          lines: total,
          days,
          sales_daily_rows: rollup,
          sales_days_rows: narrowDays,
          sales_months_rows: narrowMonths,
          samples,
          month_job_p50_ms: round(pct(m.job, 50), 2),
          month_job_p95_ms: round(pct(m.job, 95), 2),
          month_plain_p50_ms: round(pct(m.plain, 50), 2),
          month_plain_p95_ms: round(pct(m.plain, 95), 2),
          month_ratio_p95: ratio(m),
          months24_job_p50_ms: round(pct(y.job, 50), 2),
          months24_job_p95_ms: round(pct(y.job, 95), 2),
          months24_plain_p50_ms: round(pct(y.plain, 50), 2),
          months24_plain_p95_ms: round(pct(y.plain, 95), 2),
          months24_ratio_p95: ratio(y),
          month_rollup_p95_ms: round(pct(m.rollup, 95), 2),
          month_lines_p95_ms: round(pct(m.lines, 95), 2),
          month_sales_daily_only_p95_ms: round(pct(m.before, 95), 2),
          months24_sales_daily_only_p95_ms: round(pct(y.before, 95), 2),
          months24_rollup_p95_ms: round(pct(y.rollup, 95), 2),
          months24_lines_p95_ms: round(pct(y.lines, 95), 2),
          dashboard_drawn_p50_ms: round(pct(dash, 50)),
          dashboard_drawn_p95_ms: round(pct(dash, 95)),
          dashboard_drawn_cold_ms: round(dashCold),
          seed_seconds: round(seedSeconds),
          load_seconds: round(loadSeconds),
          goals: {
            month_p95_under_100ms: pct(m.job, 95) < GOAL_MS,
            months24_p95_under_100ms: pct(y.job, 95) < GOAL_MS,
            same_figures: m.same && y.same,
          },
        }),
      );
    } finally {
      await stop();
      await db.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    pg?.stop();
    setTimeout(() => process.exit(process.exitCode ?? 0), 3000).unref();
  }
}
