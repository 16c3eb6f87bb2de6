/**
 * Users on PGlite and on a PostgreSQL server: the new-user CSV export (§5, §9: at most
 * 2 days, both ends counted), enforced by the API and not only by the console.
 */
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { ASSIGN_COUPON_MESSAGES, NEW_USER_EXPORT_MESSAGES } from '../../../shared/api/endpoints';
import { signIn, type RunningServer } from '../helpers';

export function userSuite(get: () => RunningServer) {
  const tokens = new Map<string, string>();
  beforeAll(async () => {
    for (const [u, p] of [['support', 'sandbox-support'], ['marketing', 'sandbox-marketing'], ['admin', 'sandbox-admin']]) {
      tokens.set(u, (await signIn(get(), u, p)).access_token);
    }
  });
  const raw = (who: string, path: string) => fetch(`${get().api}${path}`, { headers: { authorization: `Bearer ${tokens.get(who)!}`, 'x-brand': 'brand:dance' } });

  describe('new-user export', () => {
    const names: string[] = [];
    beforeAll(async () => {
      // Two users registered on 2026-02-10 and 2026-02-11, one on 2026-02-12.
      const rows = await get().db.query<{ username: string }>(
        `insert into users (username, email, registered_at) select 'newuser-' || g || '-' || md5(random()::text), 'n' || g || '@example.com',
           timestamptz '2026-02-09 12:00:00+00' + g * interval '1 day' from generate_series(1, 3) g returning username`,
      );
      names.push(...rows.map((r) => r.username));
    });

    it('a 2-day range (both ends counted): the CSV of the users registered those days, with X-Total-Count', async () => {
      const r = await raw('support', '/v4/accounts/new-users-csv/download/?from=2026-02-10&to=2026-02-11');
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toMatch(/^text\/csv/);
      const csv = parse(await r.text()) as string[][];
      expect(csv[0]).toEqual(expect.arrayContaining(['ID', 'Username', 'Email', 'Registered']));
      const got = csv.slice(1).map((row) => row[1]);
      expect(got).toEqual(expect.arrayContaining(names.slice(0, 2)));
      expect(got).not.toContain(names[2]);
      expect(Number(r.headers.get('x-total-count'))).toBe(csv.length - 1);
      // One day is a range too.
      expect((await raw('admin', '/v4/accounts/new-users-csv/download/?from=2026-02-12&to=2026-02-12')).status).toBe(200);
    });

    it('3 days, a reversed or missing range, and unreal dates are 400s naming the field; nothing is streamed', async () => {
      const cases: [string, Record<string, string[]>][] = [
        ['?from=2026-02-10&to=2026-02-12', { to: [NEW_USER_EXPORT_MESSAGES.tooLong] }],
        ['?from=2026-02-11&to=2026-02-10', { from: [NEW_USER_EXPORT_MESSAGES.order] }],
        ['?from=2026-02-10', { to: [NEW_USER_EXPORT_MESSAGES.required] }],
        ['', { from: [NEW_USER_EXPORT_MESSAGES.required] }],
        ['?from=2026-02-30&to=2026-02-30', { from: [NEW_USER_EXPORT_MESSAGES.required] }],
      ];
      for (const [q, body] of cases) {
        const r = await raw('support', `/v4/accounts/new-users-csv/download/${q}`);
        expect([q, r.status, await r.json()]).toEqual([q, 400, body]);
      }
      expect((await raw('support', '/v4/accounts/new-users-csv/download/?from=2026-02-10&to=2026-02-11&x=1')).status).toBe(400);
    });

    it('admin and support only (the /new-user-export area): marketing is 403', async () => {
      expect((await raw('marketing', '/v4/accounts/new-users-csv/download/?from=2026-02-10&to=2026-02-11')).status).toBe(403);
    });
  });

  describe('a user\'s order items CSV', () => {
    it('the items of the user\'s orders on the active brand, order id first; another brand\'s orders are left out', async () => {
      const [o] = await get().db.query<{ user_id: number }>("select user_id from orders where brand = 'brand:dance' order by id limit 1");
      const expected = await get().db.query<{ id: number }>(
        "select oi.id from order_items oi join orders o on o.id = oi.order_id where o.user_id = $1 and o.brand = 'brand:dance' order by oi.order_id, oi.id", [o.user_id],
      );
      const r = await raw('support', `/v4/accounts/users/${o.user_id}/order-items-csv/download/`);
      expect(r.status).toBe(200);
      const csv = parse(await r.text()) as string[][];
      expect(csv[0].slice(0, 2)).toEqual(['Order ID', 'Order Item ID']);
      expect(csv.slice(1).map((row) => Number(row[1]))).toEqual(expected.map((e) => e.id));
      expect(Number(r.headers.get('x-total-count'))).toBe(expected.length);
    });

    it('an unknown user is 404; marketing (who reads no orders) is 403', async () => {
      expect((await raw('support', '/v4/accounts/users/999999999/order-items-csv/download/')).status).toBe(404);
      expect((await raw('marketing', '/v4/accounts/users/1/order-items-csv/download/')).status).toBe(403);
    });
  });

  describe('a user\'s coupons', () => {
    const call = (who: string, path: string, init: { method?: string; body?: unknown; brand?: string } = {}) =>
      fetch(`${get().api}${path}`, {
        method: init.method ?? 'GET', body: init.body === undefined ? undefined : JSON.stringify(init.body),
        headers: { authorization: `Bearer ${tokens.get(who)!}`, 'x-brand': init.brand ?? 'brand:dance', ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> }));
    let user = 0;
    let other = 0;
    const code = `ASSIGN${Date.now().toString(36).toUpperCase()}`;
    beforeAll(async () => {
      [{ id: user }, { id: other }] = await get().db.query<{ id: number }>("insert into users (username, email) select 'assign-' || g || '-' || md5(random()::text), 'a@example.com' from generate_series(1, 2) g returning id");
      await get().db.query("insert into coupons (brand, code, discount_type_id, user_ids) values ('brand:dance', $1, 1, $2), ('brand:dance', $1 || 'G', 1, '{}')", [code, [other]]);
    });

    it('assigns a coupon by its code (any case): the user joins its user ids, once; the user\'s coupons list it', async () => {
      const r = await call('support', `/v4/accounts/users/${user}/coupons/`, { method: 'POST', body: { code: code.toLowerCase() } });
      expect([r.status, r.body]).toEqual([200, expect.objectContaining({ code, users: 2 })]);
      expect((await call('support', `/v4/accounts/users/${user}/coupons/`, { method: 'POST', body: { code } })).body.users).toBe(2);
      const [c] = await get().db.query<{ user_ids: number[] }>('select user_ids from coupons where code = $1', [code]);
      expect(c.user_ids).toEqual([other, user].sort((a, b) => a - b));
      const list = await call('support', `/v4/accounts/users/${user}/coupons/`);
      expect((list.body.results as { code: string }[]).map((x) => x.code)).toEqual([code]);
    });

    it('no such code, a global coupon, another brand\'s coupon: 400 on code; nothing changes', async () => {
      expect((await call('support', `/v4/accounts/users/${user}/coupons/`, { method: 'POST', body: { code: 'NOPE-NOPE' } })).body).toEqual({ code: [ASSIGN_COUPON_MESSAGES.unknown] });
      expect((await call('support', `/v4/accounts/users/${user}/coupons/`, { method: 'POST', body: { code: `${code}G` } })).body).toEqual({ code: [ASSIGN_COUPON_MESSAGES.global] });
      expect((await call('support', `/v4/accounts/users/${user}/coupons/`, { method: 'POST', body: { code }, brand: 'brand:dj' })).body).toEqual({ code: [ASSIGN_COUPON_MESSAGES.unknown] });
      expect((await call('support', `/v4/accounts/users/${user}/coupons/`, { method: 'POST', body: {} })).status).toBe(400);
      const [g] = await get().db.query<{ user_ids: number[] }>('select user_ids from coupons where code = $1', [`${code}G`]);
      expect(g.user_ids).toEqual([]);
    });

    it('marketing writes coupons but does not read users: 403; an unknown user is 404', async () => {
      expect((await call('marketing', `/v4/accounts/users/${user}/coupons/`, { method: 'POST', body: { code } })).status).toBe(403);
      expect((await call('support', '/v4/accounts/users/999999999/coupons/', { method: 'POST', body: { code } })).status).toBe(404);
    });
  });
}
