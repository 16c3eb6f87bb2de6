/**
 * Sales jobs: `sales` (the summary over time and by store, sale type and genre, read from
 * the sales_daily rollup, with the line count and the newest lines) and `sales-export`
 * (the detail lines; the parent counts them and hands the CSV rendering to a child job,
 * which the console's poller follows). Both take the console's filters (SalesFilters),
 * held to what the route allows the asker (SalesPayload).
 */
import type { SalesFigure, SalesFilters, SalesJobKind, SalesLine, SalesSummaryResult } from '../../shared/api/endpoints/jobs';
import { SALES_DETAIL_LINES } from '../../shared/constants';
import { csvLine } from '../../shared/search/csv';
import type { Db } from '../db/client';
import type { JobHandler, JobKind } from './queue';

/**
 * What a sales job is given: the filters as asked, and what the server holds the asker to
 * (the brands they hold; a supplier's or label's own id) — a payload is never trusted for
 * more than the route put in it.
 */
export type SalesPayload = Partial<Omit<SalesFilters, 'start_date' | 'end_date'>> &
  Pick<SalesFilters, 'start_date' | 'end_date'> & {
    brands?: string[];
    own_supplier_id?: number;
    own_label_id?: number;
    render?: boolean;
  };

/**
 * The WHERE clause of the filters over a table aliased `a` that has the sales columns
 * (sales_lines or sales_daily); `genre` is how that table names the track's genre.
 */
export function salesWhere(p: SalesPayload, genre: string): { where: string; params: unknown[] } {
  const params: unknown[] = [p.start_date, p.end_date];
  const conds = ['a.sale_date between $1 and $2'];
  const add = (sql: string, v: unknown) => {
    params.push(v);
    conds.push(sql.replace('?', `$${params.length}`));
  };
  if (p.brands) add('a.brand = any(?::text[])', p.brands);
  if (p.brand) add('a.brand = ?', p.brand);
  if (p.store) add('a.store = ?', p.store);
  if (p.sale_type_id) add('a.sale_type_id = ?', p.sale_type_id);
  if (p.label_id) add('a.label_id = ?', p.label_id);
  if (p.supplier_id) add('a.supplier_id = ?', p.supplier_id);
  if (p.own_supplier_id) add('a.supplier_id = ?', p.own_supplier_id);
  if (p.own_label_id) add('a.label_id = ?', p.own_label_id);
  if (p.currency) add('a.currency = ?', p.currency);
  if (p.genre_id) add(`${genre} = ?`, p.genre_id);
  return { where: conds.join(' and '), params };
}

type FigureRow = SalesFigure;

const NARROW_GROUPS = 'brand, store, sale_type_id, genre_id, currency, lines, quantity, gross, net';
const NARROW_COLUMNS = `sale_date, ${NARROW_GROUPS}`;

/** A day `YYYY-MM-DD` moved by `days` (UTC calendar arithmetic). */
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The whole calendar months inside [start, end] (first days, or null when none) and the days
 * left at either edge, as inclusive ranges.
 */
export function splitByMonths(start: string, end: string): { months: [string, string] | null; days: [string, string][] } {
  const firstWhole = start.endsWith('-01') ? start : `${addDays(`${start.slice(0, 7)}-01`, 32).slice(0, 7)}-01`;
  const afterEnd = addDays(end, 1);
  const lastWholeEnd = afterEnd.endsWith('-01') ? end : addDays(`${end.slice(0, 7)}-01`, -1);
  if (firstWhole > lastWholeEnd) return { months: null, days: [[start, end]] };
  const days: [string, string][] = [];
  if (start < firstWhole) days.push([start, addDays(firstWhole, -1)]);
  if (lastWholeEnd < end) days.push([addDays(lastWholeEnd, 1), end]);
  return { months: [firstWhole, `${lastWholeEnd.slice(0, 7)}-01`], days };
}

/** The pieces of a day range, each inside one month: its days, and that month's first and last days. */
export function monthPieces([from, to]: [string, string]): { month: string; from: string; to: string; last: string }[] {
  const pieces = [];
  for (let day = from; day <= to;) {
    const month = `${day.slice(0, 7)}-01`;
    const last = addDays(`${addDays(month, 32).slice(0, 7)}-01`, -1);
    pieces.push({ month, from: day, to: to < last ? to : last, last });
    day = addDays(last, 1);
  }
  return pieces;
}

/**
 * What the summary reads, aliased `a` with the sales_daily columns it filters and groups on:
 * sales_daily when the asker or the filters name a supplier or a label (its indexes narrow
 * to their rows); else the narrow rollups, sales_months for the whole months of the range
 * and sales_days for the days at its edges (far fewer rows: no supplier or label in them).
 * An edge whose month has no sales outside the range's days (this month up to today, a
 * range from a month's first sale) reads that month's row of sales_months instead: the same
 * sums, a row per month rather than per day.
 */
function summarySource(p: SalesPayload, params: unknown[]): string {
  if (p.supplier_id || p.label_id || p.own_supplier_id || p.own_label_id) return 'sales_daily a';
  const { months, days } = splitByMonths(p.start_date, p.end_date);
  const $ = (v: string) => {
    params.push(v);
    return `$${params.length}::date`;
  };
  const parts = months ? [`select ${NARROW_COLUMNS} from sales_months where sale_date between ${$(months[0])} and ${$(months[1])}`] : [];
  for (const piece of days.flatMap(monthPieces)) {
    const outside = `exists (select 1 from sales_days where sale_date between ${$(piece.month)} and ${$(addDays(piece.from, -1))}
      or sale_date between ${$(addDays(piece.to, 1))} and ${$(piece.last)})`;
    parts.push(
      // Dated the piece's first day, inside the range that the WHERE holds the rows to.
      `select ${$(piece.from)} as sale_date, ${NARROW_GROUPS} from sales_months where sale_date = ${$(piece.month)} and not ${outside}`,
      `select ${NARROW_COLUMNS} from sales_days where sale_date between ${$(piece.from)} and ${$(piece.to)} and ${outside}`,
    );
  }
  return `(${parts.join(' union all ')}) a`;
}

/**
 * The summary's groupings as GROUPING() numbers them: a bit per grouped expression (month,
 * store, sale type, genre, currency; the first the highest), set when the row is NOT grouped
 * by it. The over-time rows are grouped by month and currency, and so on; the total by nothing.
 */
const SUMMARY_SETS = { over_time: 0b01110, by_store: 0b10110, by_sale_type: 0b11010, by_genre: 0b11100, total: 0b11111 } as const;

/**
 * The summary: over time (months), by store, sale type and genre, each per currency, and the
 * line count. Read from the rollups in ONE pass (grouping sets over the ids), then named: a
 * sale type without a name shows its id, a line without a genre "No genre" (rows of one name
 * are summed together).
 */
export async function salesSummaryOf(db: Db, p: SalesPayload): Promise<Omit<SalesSummaryResult, 'lines'>> {
  const { where, params } = salesWhere(p, 'a.genre_id');
  const source = summarySource(p, params);
  const S = SUMMARY_SETS;
  const rows = await db.query<FigureRow & { g: number; lines: number }>(
    `with sets as (
       select grouping(date_trunc('month', a.sale_date), a.store, a.sale_type_id, a.genre_id, a.currency) as g,
              date_trunc('month', a.sale_date) as month, a.store, a.sale_type_id, a.genre_id, a.currency,
              sum(a.lines) as lines, sum(a.quantity) as quantity, sum(a.gross) as gross, sum(a.net) as net
       from ${source} where ${where}
       group by grouping sets ((date_trunc('month', a.sale_date), a.currency), (a.store, a.currency),
                               (a.sale_type_id, a.currency), (a.genre_id, a.currency), ())
     )
     select s.g, s.key, s.currency, coalesce(sum(s.quantity), 0)::int as quantity, sum(s.gross)::numeric(14,2)::text as gross,
            sum(s.net)::numeric(14,2)::text as net, coalesce(sum(s.lines), 0)::int as lines
     from (
       select sets.g, case sets.g when ${S.over_time} then to_char(sets.month, 'YYYY-MM') when ${S.by_store} then sets.store
                      when ${S.by_sale_type} then coalesce(st.name, sets.sale_type_id::text)
                      when ${S.by_genre} then coalesce(gn.name, 'No genre') end as key,
              sets.currency, sets.quantity, sets.gross, sets.net, sets.lines
       from sets
       left join reference_items st on sets.g = ${S.by_sale_type} and st.list = 'sale-types' and st.id = sets.sale_type_id
       left join genres gn on sets.g = ${S.by_genre} and gn.id = sets.genre_id
     ) s
     group by 1, 2, 3 order by 1, 2, 3`,
    params,
  );
  const of = (g: number): FigureRow[] =>
    rows.filter((r) => r.g === g).map(({ key, currency, quantity, gross, net }) => ({ key, currency, quantity, gross, net }));
  return {
    over_time: of(S.over_time),
    by_store: of(S.by_store),
    by_sale_type: of(S.by_sale_type),
    by_genre: of(S.by_genre),
    line_count: rows.find((r) => r.g === S.total)?.lines ?? 0,
  };
}

const LINE_SELECT = `select a.id::int as id, to_char(a.sale_date, 'YYYY-MM-DD') as sale_date, a.brand, a.store, st.name as sale_type,
    s.name as supplier, l.name as label, a.release_id, a.track_id, t.title as track, g.name as genre, a.quantity,
    a.gross::text as gross, a.net::text as net, a.currency
  from sales_lines a
  join suppliers s on s.id = a.supplier_id
  join labels l on l.id = a.label_id
  left join tracks t on t.id = a.track_id
  left join genres g on g.id = t.genre_id
  left join reference_items st on st.list = 'sale-types' and st.id = a.sale_type_id`;

/** The sales lines over the filters, newest first; `limit` of them when given. */
export async function salesLinesOf(db: Db, p: SalesPayload, limit?: number): Promise<SalesLine[]> {
  const { where, params } = salesWhere(p, 't.genre_id');
  return db.query<SalesLine>(
    `${LINE_SELECT} where ${where} order by a.sale_date desc, a.id desc${limit ? ` limit ${Math.trunc(limit)}` : ''}`,
    params,
  );
}

export const salesSummary: JobHandler = async (db, job) => {
  const p = job.payload as unknown as SalesPayload;
  const [summary, lines] = await Promise.all([salesSummaryOf(db, p), salesLinesOf(db, p, SALES_DETAIL_LINES)]);
  return { result: { ...summary, lines } satisfies SalesSummaryResult };
};

const CSV_COLUMNS = [
  'sale_date',
  'brand',
  'store',
  'label',
  'release_id',
  'track_id',
  'quantity',
  'gross',
  'net',
  'currency',
  'sale_type',
  'supplier',
  'track',
  'genre',
] as const;

export const salesExport: JobHandler = async (db, job) => {
  const p = job.payload as unknown as SalesPayload;
  if (!p.render) {
    const { line_count } = await salesSummaryOf(db, p);
    return { result: { rows: line_count }, child: { kind: 'sales-export', payload: { ...p, render: true } } };
  }
  const lines = await salesLinesOf(db, p);
  const csv = csvLine([...CSV_COLUMNS]) + lines.map((r) => csvLine(CSV_COLUMNS.map((h) => r[h]))).join('');
  const who = p.own_supplier_id ?? p.supplier_id ?? p.own_label_id ?? p.label_id ?? 'all';
  return { result: { filename: `sales-${who}-${p.start_date}-${p.end_date}.csv`, rows: lines.length, csv } };
};

/**
 * Limits of the sales kinds: a run may take SALES_EXPIRE_SECONDS (the console's poller
 * gives up after 120 s, spec §4), then it is retried up to SALES_RETRY_LIMIT times,
 * SALES_RETRY_DELAY_SECONDS after the first failure and doubling.
 */
export const SALES_EXPIRE_SECONDS = 60;
export const SALES_RETRY_LIMIT = 2;
export const SALES_RETRY_DELAY_SECONDS = 1;

const SALES_LIMITS = {
  expireInSeconds: SALES_EXPIRE_SECONDS,
  retryLimit: SALES_RETRY_LIMIT,
  retryDelaySeconds: SALES_RETRY_DELAY_SECONDS,
} satisfies Omit<JobKind, 'run'>;

/** How the server runs the sales kinds (SALES_JOB_KINDS, shared/api/endpoints/jobs.ts). */
export const SALES_HANDLERS: Readonly<Record<SalesJobKind, JobKind>> = {
  sales: { run: salesSummary, ...SALES_LIMITS },
  'sales-export': { run: salesExport, ...SALES_LIMITS },
};
