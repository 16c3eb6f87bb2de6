/**
 * EXPLAIN on the list queries: fails on a sequential scan of a large table, on a
 * default sort that is not read from an index, and on any sort of more than 10,000
 * estimated rows (a sort that cannot use an index). Runs on a PostgreSQL server this
 * test starts, seeded at scale 10 (50,000 tracks; no sales, which no case lists); without the PostgreSQL binaries,
 * on PGlite at demo size (under CI, where .ci/run installs them, it fails instead).
 *
 * The plans are asked for with enable_seqscan off: the planner then only keeps a
 * sequential scan when no index can serve the query, which is exactly the defect to
 * catch, independent of how small a test table is. The search the benchmark times
 * is also checked with the planner's own choices.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { principalFrom } from '../../shared/access';
import { MAX_PER_PAGE } from '../../shared/api';
import { openDb, openPostgres, type Db } from '../../server/db/client';
import { prepareDb } from '../../server/app';
import { listSql, type ListQuery } from '../../server/api/lists/engine';
import { LIST_DEF_BY_KEY } from '../../server/api/lists/types';
import type { RequestUser } from '../../server/api/principal';
import { startPgCluster, type PgCluster } from './pg-cluster';

/** Tables that grow with the catalogue or the customer base. */
const LARGE = new Set([
  'tracks',
  'releases',
  'artists',
  'labels',
  'users',
  'orders',
  'order_items',
  'deliveries',
  'sales_lines',
  'track_artists',
  'release_artists',
  'oauth_tokens',
  'hype_purchases',
]);

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Plan Rows': number;
  'Index Cond'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function walk(n: PlanNode, visit: (n: PlanNode) => void) {
  visit(n);
  for (const c of n.Plans ?? []) walk(c, visit);
}

const user = (scope: string, brand: string, ids: { supplierId?: number; labelId?: number } = {}): RequestUser => ({
  id: 1,
  username: 't',
  scope,
  features: [],
  principal: principalFrom(scope, [], brand),
  supplierId: ids.supplierId ?? null,
  labelId: ids.labelId ?? null,
});
const ADMIN = user('app:control staff:admin brand:dance brand:dj', 'brand:dance');
const SUPPLIER = user('app:baseware user:supplier brand:dance', 'brand:dance', { supplierId: 1 });
const LABEL = user('app:baseware user:label brand:dance', 'brand:dance', { labelId: 1 });

/** [name, type, who, query, default sort must come from an index] */
const CASES: [string, string, RequestUser, ListQuery, boolean][] = [
  ['tracks, default sort', 'tracks', ADMIN, {}, true],
  ['tracks, page 1000', 'tracks', ADMIN, { page: '1000' }, true],
  ['tracks by genre, newest first', 'tracks', ADMIN, { genre_id: '3', order_by: '-release_date' }, true],
  ['tracks by text and genre, newest first', 'tracks', ADMIN, { title: 'midnight', genre_id: '3', order_by: '-release_date' }, false],
  ['tracks by relevance', 'tracks', ADMIN, { q: 'midnight echoes' }, false],
  ['tracks by artist text', 'tracks', ADMIN, { artist: 'vega' }, false],
  ['tracks by ids', 'tracks', ADMIN, { id: '1,2,3,4,5' }, false],
  ['tracks by ISRC', 'tracks', ADMIN, { isrc: 'QZC4C2100006' }, false],
  ['tracks of a supplier', 'tracks', SUPPLIER, {}, true],
  ['tracks of a label', 'tracks', LABEL, {}, true],
  ['releases, default sort', 'releases', ADMIN, {}, true],
  ['releases by text', 'releases', ADMIN, { title: 'aurora' }, false],
  ['releases of a supplier', 'releases', SUPPLIER, {}, true],
  ['artists, default sort', 'artists', ADMIN, {}, true],
  ['artists by relevance', 'artists', ADMIN, { q: 'luca' }, false],
  ['labels, default sort', 'labels', ADMIN, {}, true],
  ['users, default sort', 'users', ADMIN, {}, true],
  ['users by username', 'users', ADMIN, { username: 'luca' }, false],
  ['orders, default sort', 'orders', ADMIN, {}, true],
  ['orders of a user', 'orders', ADMIN, { user_id: '20' }, false],
  ['deliveries, default sort', 'deliveries', ADMIN, {}, true],
  ['deliveries by status', 'deliveries', ADMIN, { release_status: 'filter-error' }, true],
  ['DJ profiles, default sort', 'dj_profiles', ADMIN, {}, true],
];

let db: Db;
let cluster: PgCluster | null = null;
let mode = '';
const sizes = new Map<string, number>();

beforeAll(async () => {
  const c = await startPgCluster();
  if ('skip' in c) {
    console.warn(`[explain.test] no PostgreSQL server (${c.skip}); running on PGlite with enable_seqscan off`);
    db = await openDb();
    await prepareDb(db);
    mode = 'pglite';
  } else {
    cluster = c;
    db = await openPostgres(c.url);
    // No case lists sales: their lines, statements and rollup were two thirds of this seed's time.
    await prepareDb(db, { scale: 10, sales: false });
    mode = 'postgres';
  }
  for (const r of await db.query<{ relname: string; n: number }>(
    "select relname, reltuples::bigint as n from pg_class where relkind = 'r'",
  )) {
    sizes.set(r.relname, r.n);
  }
}, 180_000);
afterAll(async () => {
  await db?.close();
  await cluster?.stop();
});

async function problemsOf(type: string, who: RequestUser, query: ListQuery, indexedOrder: boolean, hints: boolean): Promise<string[]> {
  return db.transaction(async (tx) => {
    if (hints) await tx.query('set local enable_seqscan = off');
    const plan = listSql(LIST_DEF_BY_KEY.get(type)!, who, query);
    const problems: string[] = [];
    for (const [label, sql, params] of [
      ['rows', plan.rowsSql, plan.rowsParams],
      ['count', plan.countSql, plan.countParams],
    ] as const) {
      const [row] = await tx.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`explain (format json) ${sql}`, params);
      walk(row['QUERY PLAN'][0].Plan, (n) => {
        const rel = n['Relation Name'];
        // With hints any such scan fails; on the planner's own choices only tables of 10,000+ rows count.
        if (n['Node Type'] === 'Seq Scan' && rel && LARGE.has(rel) && (hints || (sizes.get(rel) ?? 0) >= 10_000)) {
          problems.push(`${label}: Seq Scan on ${n['Relation Name']}`);
        }
        if (n['Node Type'] === 'Sort' || n['Node Type'] === 'Incremental Sort') {
          const input = n.Plans?.[0]?.['Plan Rows'] ?? n['Plan Rows'];
          // Re-ordering the page's own rows (at most per_page of them) after the deferred join is fine.
          if (label === 'rows' && indexedOrder && input > MAX_PER_PAGE)
            problems.push(`${label}: ${n['Node Type']} of ~${input} rows for a sort that should come from an index`);
          else if (input > 10_000) problems.push(`${label}: ${n['Node Type']} of ~${input} rows`);
        }
      });
    }
    return problems;
  });
}

describe('list query plans (enable_seqscan off: no index path is a failure)', () => {
  it.each(CASES)('%s', async (_name, type, who, query, indexedOrder) => {
    expect([mode, await problemsOf(type, who, query, indexedOrder, true)]).toEqual([mode, []]);
  });
});

describe("the benchmarked queries with the planner's own choices", () => {
  it.each([
    ['text search with a genre filter, newest first', { title: 'midnight', genre_id: '3', order_by: '-release_date' }, false],
    ['page 1,000', { page: '1000' }, true],
  ] as const)('%s', async (_name, query, indexedOrder) => {
    expect([mode, await problemsOf('tracks', ADMIN, query, indexedOrder, false)]).toEqual([mode, []]);
  });
});

/** Orders have an index on (brand, created_at); hype purchases have none on their date yet. */
describe('year filter: a date range the index serves', () => {
  /** Index conditions of the rows query's plan (enable_seqscan off). */
  async function indexConds(type: string, query: ListQuery): Promise<string[]> {
    return db.transaction(async (tx) => {
      await tx.query('set local enable_seqscan = off');
      const plan = listSql(LIST_DEF_BY_KEY.get(type)!, ADMIN, query);
      const [row] = await tx.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`explain (format json) ${plan.rowsSql}`, plan.rowsParams);
      const conds: string[] = [];
      walk(row['QUERY PLAN'][0].Plan, (n) => {
        if (n['Index Cond']) conds.push(`${n['Index Name']}: ${n['Index Cond']}`);
      });
      return conds;
    });
  }

  it.each([
    ['orders by year', 'orders', { year: '2025' }],
    ['orders by year and month', 'orders', { year: '2025', month: '3' }],
  ] as const)('%s: the created_at range is an index condition', async (_name, type, query) => {
    const conds = await indexConds(type, query);
    expect(
      conds.some((c) => /created_at >=/.test(c) && /created_at </.test(c)),
      `${mode}: ${conds.join(' | ')}`,
    ).toBe(true);
  });
});
