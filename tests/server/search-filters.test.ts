/**
 * Filters that were unreachable (issue 5): year and month of the purchase date on
 * orders and hype purchases, store with the active brand's options only (spec §6),
 * and the exclusive-period sort with Lifetime as 250 (spec §9). PGlite.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filterAllowed, principalFrom, searchType, storeOptions } from '../../shared/access';
import { exclusivePeriodSortKey } from '../../shared/constants';
import { filterKind } from '../../shared/search';
import { listSql } from '../../server/api/lists/engine';
import { LIST_DEF_BY_KEY } from '../../server/api/lists/types';
import { api, signIn, startTestServer, type RunningServer } from './helpers';

let s: RunningServer;
let support = '';
let admin = '';
let labelmgmt = '';

beforeAll(async () => {
  s = await startTestServer();
  support = (await signIn(s, 'support', 'sandbox-support')).access_token;
  admin = (await signIn(s, 'admin', 'sandbox-admin')).access_token;
  labelmgmt = (await signIn(s, 'labelmgmt', 'sandbox-labelmgmt')).access_token;
});
afterAll(async () => s?.close());

const as = (brand: string) => ({ headers: { 'x-brand': brand } });

describe('year and month of the purchase date', () => {
  it('both sides accept them on orders and hype purchases', () => {
    for (const type of ['orders', 'hype_purchases']) {
      expect(searchType(type)!.filters).toEqual(expect.arrayContaining(['year', 'month']));
    }
    const supportP = principalFrom('app:control staff:support brand:dance');
    expect(filterAllowed(supportP, 'orders', 'year')).toBe(true);
    expect(filterKind('month').kind).toBe('select');
  });

  it('orders: only orders of that month of that year, as many as the database holds', async () => {
    const [{ y, m }] = await s.db.query<{ y: number; m: number }>(
      `select extract(year from created_at)::int y, extract(month from created_at)::int m from orders where brand = 'brand:dance' order by id limit 1`,
    );
    const [{ n }] = await s.db.query<{ n: number }>(
      `select count(*)::int n from orders where brand = 'brand:dance' and extract(year from created_at) = $1 and extract(month from created_at) = $2`,
      [y, m],
    );
    const r = await api(s, support, `/v4/accounts/orders/?year=${y}&month=${m}&per_page=200`, as('brand:dance'));
    expect(r.status).toBe(200);
    expect(r.body.count).toBe(n);
    expect(n).toBeGreaterThan(0);
    for (const row of r.body.results!) {
      const d = new Date(row.created_at as string);
      expect([d.getUTCFullYear(), d.getUTCMonth() + 1]).toEqual([y, m]);
    }
    const other = await api(s, support, `/v4/accounts/orders/?year=2004`, as('brand:dance'));
    expect(other.body.count).toBe(0);
  });

  it('hype purchases: by year', async () => {
    const [{ y, n }] = await s.db.query<{ y: number; n: number }>(
      `select extract(year from created_at)::int y, count(*)::int n from hype_purchases where brand = 'brand:dance' group by 1 order by 2 desc limit 1`,
    );
    const r = await api(s, labelmgmt, `/v4/accounts/hype-purchases/?year=${y}`, as('brand:dance'));
    expect(r.status).toBe(200);
    expect(r.body.count).toBe(n);
  });
});

describe('year and month as date ranges', () => {
  const ADMIN_USER = {
    id: 1,
    username: 'admin',
    scope: 'app:control staff:admin',
    features: [],
    supplierId: null,
    labelId: null,
    principal: principalFrom('app:control staff:admin brand:dance', [], 'brand:dance'),
  };
  const where = (query: Record<string, string>) => {
    const plan = listSql(LIST_DEF_BY_KEY.get('orders')!, ADMIN_USER, query);
    return { sql: plan.countSql, params: plan.countParams };
  };

  it('a year is a range of the date (no extract), a year with a month one range of that month', () => {
    const y = where({ year: '2024' });
    expect(y.sql).toContain('t.created_at >= make_date(');
    expect(y.sql).toContain('t.created_at < make_date(');
    expect(y.sql).not.toContain('extract(');
    expect(y.params).toEqual(expect.arrayContaining([2024, 2025]));
    const ym = where({ year: '2024', month: '12' });
    expect(ym.sql).not.toContain('extract(');
    expect(ym.params).toEqual(expect.arrayContaining([2024, 12, 2025, 1]));
    // A month alone names no one range: it stays a condition on the month of the date.
    expect(where({ month: '5' }).sql).toContain('extract(month from t.created_at)');
  });

  it('the same orders as extract() for a year, a month alone, a year list and a month list, and none for a year past 9999', async () => {
    const [{ y }] = await s.db.query<{ y: number }>(
      `select extract(year from max(created_at))::int y from orders where brand = 'brand:dance'`,
    );
    const count = async (cond: string, params: unknown[]) =>
      (await s.db.query<{ n: number }>(`select count(*)::int n from orders where brand = 'brand:dance' and ${cond}`, params))[0].n;
    const cases: [string, string, unknown[]][] = [
      [`year=${y}`, 'extract(year from created_at) = $1', [y]],
      ['month=1', 'extract(month from created_at) = 1', []],
      [`year=${y - 1},${y}`, 'extract(year from created_at) = any($1::int[])', [[y - 1, y]]],
      [`year=${y}&month=1,12`, 'extract(year from created_at) = $1 and extract(month from created_at) in (1, 12)', [y]],
      ['year=10000', 'false', []],
      [`year=${y}&month=13`, 'false', []],
    ];
    for (const [qs, cond, params] of cases) {
      const r = await api(s, support, `/v4/accounts/orders/?${qs}`, as('brand:dance'));
      expect([qs, r.status, r.body.count]).toEqual([qs, 200, await count(cond, params)]);
    }
  });
});

describe('store: the active brand’s options only', () => {
  it('the dance brand finds soundpack orders; the DJ brand is refused soundpack with 400 but gets streaming', async () => {
    expect(storeOptions('brand:dance')).toContain('soundpack');
    expect(storeOptions('brand:dj')).not.toContain('soundpack');
    const dance = await api(s, support, '/v4/accounts/orders/?store=soundpack&per_page=50', as('brand:dance'));
    expect(dance.status).toBe(200);
    expect(dance.body.count).toBeGreaterThan(0);
    expect(new Set(dance.body.results!.map((r) => r.store))).toEqual(new Set(['soundpack']));

    const dj = await api(s, support, '/v4/accounts/orders/?store=soundpack', as('brand:dj'));
    expect(dj.status).toBe(400);
    expect(JSON.stringify(dj.body)).toContain('store');
    const djStreaming = await api(s, support, '/v4/accounts/orders/?store=streaming&per_page=50', as('brand:dj'));
    expect(djStreaming.status).toBe(200);
    expect(new Set(djStreaming.body.results!.map((r) => r.store))).toEqual(new Set(['streaming']));

    expect((await api(s, support, '/v4/accounts/orders/?store=vinyl', as('brand:dance'))).status).toBe(400);
    // A list of stores is checked value by value.
    expect((await api(s, support, '/v4/accounts/orders/?store=music,stem', as('brand:dj'))).status).toBe(400);
  });
});

describe('exclusive period sort (Lifetime as 250)', () => {
  it('releases sort by exclusive_period with Lifetime (null) after 8 weeks, and first when descending', async () => {
    const n = await s.db.query<{ p: number | null }>(`select exclusive_period p from releases where exclusive_period is null limit 1`);
    expect(n.length, 'seeded releases include Lifetime').toBe(1);
    const asc = await api(s, admin, '/v4/catalog/releases/?order_by=exclusive_period&per_page=200');
    expect(asc.status).toBe(200);
    const keys = asc.body.results!.map((r) => exclusivePeriodSortKey(r.exclusive_period as number | null));
    expect(keys).toEqual([...keys].sort((a, b) => a - b));
    const desc = await api(s, admin, '/v4/catalog/releases/?order_by=-exclusive_period&per_page=5');
    expect(desc.body.results![0].exclusive_period).toBeNull();
    expect(exclusivePeriodSortKey(null)).toBe(250);
  });

  it('suppliers sort by default_exclusive_period the same way', async () => {
    const desc = await api(s, admin, '/v4/catalog/suppliers/?order_by=-default_exclusive_period&per_page=200');
    expect(desc.status).toBe(200);
    const keys = desc.body.results!.map((r) => exclusivePeriodSortKey(r.default_exclusive_period as number | null));
    expect(keys).toEqual([...keys].sort((a, b) => b - a));
  });
});
