/**
 * Filters that were unreachable (issue 5): year and month of the purchase date on
 * orders and hype purchases, store with the active brand's options only (spec §6),
 * and the exclusive-period sort with Lifetime as 250 (spec §9). PGlite.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filterAllowed, principalFrom, searchType, storeOptions } from '../../shared/access';
import { exclusivePeriodSortKey } from '../../shared/constants';
import { filterKind } from '../../shared/search';
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
      `select count(*)::int n from orders where brand = 'brand:dance' and extract(year from created_at) = $1 and extract(month from created_at) = $2`, [y, m],
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
