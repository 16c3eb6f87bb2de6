/**
 * The generic list machinery: filters of spec §3 by kind, sorting, pagination in the
 * v4 envelope, relevance ranking for `q`, and row scoping for supplier/label users.
 * Every filter is checked against shared/access before it reaches SQL.
 */
import { filterAllowed, type Principal } from '../../../shared/access';
import type { z } from 'zod';
import {
  DEFAULT_PER_PAGE,
  VALUE_MSG,
  bool01Value,
  boolValue,
  buildQuery,
  choiceListValue,
  dateRangeValue,
  idListValue,
  intFilterValue,
  pageValue,
  perPageValue,
  type ListEnvelope,
} from '../../../shared/api';
import type { Queryable, Row } from '../../db/client';
import { Sql } from '../../db/sql';
import { HttpError, badRequest, forbidden } from '../../domain/errors';
import type { RequestUser } from '../principal';

import type { FilterKind } from '../../../shared/search/define';

/** The filter kinds are one vocabulary with the console's (shared/search/define.ts). */
export type { FilterKind };

export interface FilterDef {
  kind: FilterKind;
  /** SQL expression the filter compares (over the list's FROM clause); with datePart, the date or timestamp. */
  expr: string;
  /** An 'int' filter on the year or month of `expr`: the year becomes a date range (index-served). */
  datePart?: 'year' | 'month';
  /** For 'choice': the values this principal may ask for (e.g. the brand's stores, spec §6); others are a 400. */
  values?: (principal: Principal) => readonly string[];
}

export interface ListDef {
  /** Search type key (shared/search/types declarations). */
  key: string;
  /** FROM clause; the main table is aliased `t`. */
  from: string;
  /** The result object's fields: each one's SQL expression over `from` (server/api/lists/types.ts list()). */
  row: Readonly<Record<string, string>>;
  /** The select list made from `row`. */
  select: string;
  filters: Record<string, FilterDef>;
  /** order_by name → SQL expression (sortable fields). */
  sorts: Record<string, string>;
  /** Default order_by (may start with '-'). */
  defaultSort: string;
  /** Expression searched by `q` and ranked by trigram similarity. */
  text?: string;
  /** Column holding the brand for brand-specific objects. */
  brand?: string;
  /** Row scoping for external users: SQL expression compared with their supplier/label id. */
  supplierColumn?: string;
  labelColumn?: string;
  /** True when external users (supplier/label) see every row (shared catalogue data). */
  sharedWithExternal?: boolean;
  /** Condition every row of this type meets (e.g. DJ profiles are users with a DJ name). */
  baseWhere?: string;
  /** Table whose exact size row_counts keeps: used as the count of an unfiltered list. */
  countTable?: string;
  /**
   * The CSV export's SQL of each exportable field, read straight from `from` (a reference's
   * name, not its JSON; precomputed strings, not a per-row aggregation). When it covers every
   * exported column the export selects these flat (server/api/routes/export.ts exportQuery).
   */
  exportFields?: Record<string, string>;
}

/** The parameter builder, from server/db/sql.ts (re-exported for the list's callers). */
export { Sql };

const RESERVED = new Set(['type', 'page', 'per_page', 'order_by', 'q']);

export interface ListQuery {
  [k: string]: string | undefined;
}

function escapeLike(s: string) {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Parses one query value with its shared schema; a bad value is a 400 naming the parameter. */
function parseValue<T extends z.ZodType>(name: string, schema: T, value: string): z.output<T> {
  const r = schema.safeParse(value);
  if (!r.success) throw badRequest(name, r.error.issues[0]?.message ?? VALUE_MSG.choice);
  return r.data;
}

/** Years a date range can name (make_date's domain); another year matches nothing, as extract() did. */
const YEARS = { min: 1, max: 9999 } as const;

/**
 * Year (and month) as date ranges, so an index on the date serves them:
 * `expr >= make_date(y, 1, 1) and expr < make_date(y + 1, 1, 1)`, or with a month
 * one range of that month. A list of years (or months) is one range per pair.
 */
function yearCondition(sql: Sql, name: string, def: FilterDef, value: string, months: number[] | null): string {
  const years = parseValue(name, intFilterValue, value);
  const ranges: string[] = [];
  for (const y of years) {
    if (y < YEARS.min || y > YEARS.max) continue;
    for (const m of months ?? [null]) {
      if (m !== null && (m < 1 || m > 12)) continue;
      const [toY, toM] = m === null ? [y + 1, 1] : m === 12 ? [y + 1, 1] : [y, m + 1];
      const day = (yy: number, mm: number) => `make_date(${sql.p(yy)}::int, ${sql.p(mm)}::int, 1)`;
      ranges.push(`(${def.expr} >= ${day(y, m ?? 1)} and ${def.expr} < ${day(toY, toM)})`);
    }
  }
  if (!ranges.length) return 'false';
  return ranges.length === 1 ? ranges[0] : `(${ranges.join(' or ')})`;
}

/** The month filter of a list whose year filter reads the same date: folded into the year's range. */
function monthWithYear(def: ListDef, query: ListQuery): FilterDef | null {
  const year = Object.values(def.filters).find((f) => f.datePart === 'year');
  const month = Object.entries(def.filters).find(([, f]) => f.datePart === 'month');
  if (!year || !month || month[1].expr !== year.expr) return null;
  const y = Object.entries(def.filters).find(([, f]) => f === year)![0];
  return query[y] && query[month[0]] ? month[1] : null;
}

function condition(sql: Sql, name: string, def: FilterDef, value: string, principal: Principal): string {
  if (def.datePart === 'year') return yearCondition(sql, name, def, value, null);
  // A month alone cannot be one date range: it stays a condition on extract() (no date index).
  if (def.datePart === 'month')
    return condition(sql, name, { kind: 'int', expr: `extract(month from ${def.expr})::int` }, value, principal);
  switch (def.kind) {
    case 'text':
      return `${def.expr} ilike ${sql.p(`%${escapeLike(value.trim())}%`)}`;
    case 'ids':
    case 'int': {
      // Bounded to int4 (ids from 1), so a value past the column's type is a 400 here, never a database error.
      const ids = parseValue(name, def.kind === 'ids' ? idListValue : intFilterValue, value);
      return ids.length === 1 ? `${def.expr} = ${sql.p(ids[0])}` : `${def.expr} = any(${sql.p(ids)}::int[])`;
    }
    case 'choice': {
      const vals = parseValue(name, choiceListValue(def.values?.(principal)), value);
      return vals.length === 1 ? `${def.expr} = ${sql.p(vals[0])}` : `${def.expr} = any(${sql.p(vals)}::text[])`;
    }
    case 'date': {
      const r = parseValue(name, dateRangeValue, value);
      const parts: string[] = [];
      if (r.from) parts.push(`${def.expr} >= ${sql.p(r.from)}::date`);
      if (r.to) parts.push(`${def.expr} < ${sql.p(r.to)}::date + 1`);
      return parts.join(' and ');
    }
    case 'bool':
      return parseValue(name, boolValue, value) ? `(${def.expr})` : `not (${def.expr})`;
    case 'bool01':
      return parseValue(name, bool01Value, value) ? `(${def.expr})` : `not (${def.expr})`;
  }
}

export interface ListResult {
  envelope: ListEnvelope<Row>;
}

/** Parses the query against the definition and the caller's access; returns WHERE and ORDER BY. */
export function planList(def: ListDef, user: RequestUser, query: ListQuery, sql = new Sql()) {
  singleValues(query);
  const where: string[] = def.baseWhere ? [def.baseWhere] : [];
  const folded = monthWithYear(def, query);
  for (const [name, raw] of Object.entries(query).sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (RESERVED.has(name) || raw === undefined || raw === '') continue;
    // Own properties only: __proto__, constructor, toString… are unknown filters, never Object.prototype's.
    const f = Object.hasOwn(def.filters, name) ? def.filters[name] : undefined;
    if (!f) throw badRequest(name, VALUE_MSG.unknownFilter);
    if (!filterAllowed(user.principal, def.key, name)) throw forbidden(`You may not filter by ${name}.`);
    if (f === folded) continue;
    if (f.datePart === 'year' && folded) {
      // The month (already checked above: 'month' sorts before 'year') narrows the year's range.
      const monthName = Object.entries(def.filters).find(([, x]) => x === folded)![0];
      where.push(yearCondition(sql, name, f, raw, parseValue(monthName, intFilterValue, query[monthName]!)));
    } else where.push(condition(sql, name, f, raw, user.principal));
  }
  if (def.brand) where.push(`${def.brand} = ${sql.p(user.principal.brand)}`);
  if (!def.sharedWithExternal) {
    // External users see only their own rows; a list with no ownership column for their kind shows nothing.
    if (user.supplierId != null) where.push(def.supplierColumn ? `${def.supplierColumn} = ${sql.p(user.supplierId)}` : 'false');
    else if (user.labelId != null) where.push(def.labelColumn ? `${def.labelColumn} = ${sql.p(user.labelId)}` : 'false');
  }
  const q = query.q?.trim();
  let relevance: string | null = null;
  if (q) {
    if (!def.text) throw badRequest('q', 'This type has no text search.');
    // Every word must appear (trigram-indexed ILIKE); matches are ranked by similarity.
    const words = q.split(/\s+/).filter(Boolean).slice(0, 8);
    for (const w of words) where.push(`${def.text} ilike ${sql.p(`%${escapeLike(w)}%`)}`);
  }
  // Parameters up to here belong to WHERE (the count query uses only these).
  const whereParams = sql.params.length;
  if (q) relevance = `similarity(${def.text}, ${sql.p(q)})`;
  const orderParam = query.order_by;
  // The sort as terms (expression, direction), always ending with t.id as the tie-breaker.
  let terms: { expr: string; desc: boolean }[];
  let byRelevance = false;
  if (orderParam) {
    const desc = orderParam.startsWith('-');
    const field = desc ? orderParam.slice(1) : orderParam;
    const expr = Object.hasOwn(def.sorts, field) ? def.sorts[field] : undefined;
    if (typeof expr !== 'string') throw badRequest('order_by', VALUE_MSG.orderBy(orderParam));
    terms = [
      { expr, desc },
      { expr: 't.id', desc },
    ];
  } else if (relevance) {
    terms = [
      { expr: relevance, desc: true },
      { expr: 't.id', desc: true },
    ];
    byRelevance = true;
  } else {
    const desc = def.defaultSort.startsWith('-');
    const expr = def.sorts[desc ? def.defaultSort.slice(1) : def.defaultSort];
    terms = [
      { expr, desc },
      { expr: 't.id', desc },
    ];
  }
  const order = terms.map((t) => `${t.expr} ${t.desc ? 'desc' : 'asc'}`).join(', ');
  return { sql, where: where.length ? `where ${where.join(' and ')}` : '', order, whereParams, terms, byRelevance };
}

/** Every parameter once, as a string (the edge refuses repeated ones already; this keeps the engine safe on its own). */
function singleValues(query: ListQuery) {
  for (const [name, raw] of Object.entries(query)) {
    if (raw !== undefined && typeof raw !== 'string') throw badRequest(name, VALUE_MSG.repeated);
  }
}

function pageParams(query: ListQuery) {
  singleValues(query);
  const page = query.page === undefined ? 1 : parseValue('page', pageValue, query.page);
  const perPage = query.per_page === undefined ? DEFAULT_PER_PAGE : parseValue('per_page', perPageValue, query.per_page);
  return { page, perPage };
}

/**
 * The FROM clause for finding ids and counting: just the main table when the
 * conditions and the order only use its columns (alias `t`), so the planner can read
 * ids straight from an index (index-only scans) without considering the joins.
 */
export function innerFrom(def: ListDef, used: string): string {
  const main = /^\s*(\w+\s+t)\b/.exec(def.from)?.[1];
  const otherAlias = /(^|[^\w.])(?!t\.)[a-z_]\w*\.[a-z_]/i;
  const stripped = used.replace(/'(?:[^']|'')*'/g, "''");
  return main && !otherAlias.test(stripped) ? main : def.from;
}

/** Column of a one-pass page holding the number of matches (removed from the results). */
export const MATCH_COUNT_COLUMN = '__match_count';

export interface ListPlan {
  page: number;
  perPage: number;
  /** The exact count on its own (always valid; a one-pass plan needs it only for an empty page after the first). */
  countSql: string;
  countParams: unknown[];
  rowsSql: string;
  rowsParams: unknown[];
  /** True when rowsSql also returns the number of matches in MATCH_COUNT_COLUMN of every row. */
  onePass: boolean;
}

export interface ListSqlOptions {
  /**
   * One pass: the matches are read once into a materialized CTE that yields both the
   * page's ids and `count(*)`, instead of a count query and a page query that each read
   * every match. Default: when the order is relevance (`q` without order_by), which no
   * index can serve, so the page query would read all matches just as the count does.
   * Not for index-served orders: there the page query stops after the page (an
   * ordered index scan), and the count runs beside it; one pass measured slower
   * (text + genre newest first at 1M tracks: throughput 0.9x, p50 1.3x).
   */
  onePass?: boolean;
}

export function listSql(def: ListDef, user: RequestUser, query: ListQuery, opts: ListSqlOptions = {}): ListPlan {
  const { page, perPage } = pageParams(query);
  const { sql, where, order, whereParams, terms, byRelevance } = planList(def, user, query);
  // An unfiltered list of a large table reads the trigger-kept exact count instead of scanning.
  const countSql =
    !where && def.countTable
      ? `select n::int as n from row_counts where tbl = '${def.countTable}'`
      : `select count(*)::int as n from ${innerFrom(def, where)} ${where}`;
  const countParams = !where && def.countTable ? [] : sql.params.slice(0, whereParams);
  const onePass = opts.onePass ?? byRelevance;
  const inner = innerFrom(def, where + order);
  let rowsSql: string;
  if (onePass) {
    // MATERIALIZED: the CTE is planned for all matches (the count needs them all), not
    // for the LIMIT, and is read once; the page is a top-N sort of its rows.
    const keys = terms.map((t, i) => `${t.expr} as o${i}`).join(', ');
    const keyOrder = terms.map((t, i) => `o${i} ${t.desc ? 'desc' : 'asc'}`).join(', ');
    rowsSql =
      `with m as materialized (select t.id, ${keys} from ${inner} ${where}), ` +
      `p as (select id from m order by ${keyOrder} limit ${sql.p(perPage)} offset ${sql.p((page - 1) * perPage)}) ` +
      `select ${def.select}, (select count(*)::int from m) as ${MATCH_COUNT_COLUMN} from ${def.from} ` +
      `where t.id in (select id from p) order by ${order}`;
  } else {
    // Deferred join: find the page's ids first (only the joins the filters need survive
    // join removal), then build the result objects for those rows only, so a deep OFFSET
    // does not compute nested objects for every skipped row.
    const pageIds = `select t.id from ${inner} ${where} order by ${order} limit ${sql.p(perPage)} offset ${sql.p((page - 1) * perPage)}`;
    rowsSql = `select ${def.select} from ${def.from} where t.id in (${pageIds}) order by ${order}`;
  }
  return { page, perPage, countSql, countParams, rowsSql, rowsParams: sql.params, onePass };
}

/** Runs a plan: the page's rows and the exact number of matches. */
export async function runListSql(db: Queryable, plan: ListPlan): Promise<{ n: number; rows: Row[] }> {
  if (!plan.onePass) {
    const [[{ n }], rows] = await Promise.all([
      db.query<{ n: number }>(plan.countSql, plan.countParams),
      db.query(plan.rowsSql, plan.rowsParams),
    ]);
    return { n, rows };
  }
  const rows = await db.query(plan.rowsSql, plan.rowsParams);
  if (rows.length) {
    const n = Number(rows[0][MATCH_COUNT_COLUMN]);
    for (const r of rows) delete r[MATCH_COUNT_COLUMN];
    return { n, rows };
  }
  // An empty first page means no matches; past the first page only a count can tell.
  if (plan.page === 1) return { n: 0, rows };
  const [{ n }] = await db.query<{ n: number }>(plan.countSql, plan.countParams);
  return { n, rows };
}

export async function runList(
  db: Queryable,
  def: ListDef,
  user: RequestUser,
  query: ListQuery,
  baseUrl: string,
): Promise<ListEnvelope<Row>> {
  const plan = listSql(def, user, query);
  const { n, rows } = await runListSql(db, plan);
  const last = Math.max(1, Math.ceil(n / plan.perPage));
  if (plan.page > last && n > 0) throw new HttpError(404, { detail: 'Invalid page.' });
  const link = (p: number) => `${baseUrl}?${buildQuery({ ...query, page: p, per_page: plan.perPage })}`;
  return {
    count: n,
    next: plan.page < last ? link(plan.page + 1) : null,
    previous: plan.page > 1 ? link(plan.page - 1) : null,
    page: `${plan.page}/${last}`,
    per_page: plan.perPage,
    results: rows,
  };
}
