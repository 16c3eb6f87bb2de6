/**
 * Users on PGlite and on a PostgreSQL server: the new-user CSV export (§5, §9: at most
 * 2 days, both ends counted), enforced by the API and not only by the console.
 */
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { ASSIGN_COUPON_MESSAGES, NEW_USER_EXPORT_MESSAGES, type PasswordResetLink, type UserIdentity } from '../../../shared/api/endpoints';
import { AUTH_PATHS } from '../../../shared/api/endpoints/auth';
import { LIMITS } from '../../../shared/constants';
import { buildIdp } from '../../../server/api/app';
import { verifyPassword } from '../../../server/auth/crypto';
import { RESET_MESSAGES } from '../../../server/auth/reset-links';
import { signIn, type RunningServer } from '../helpers';

export function userSuite(get: () => RunningServer) {
  const tokens = new Map<string, string>();
  beforeAll(async () => {
    for (const [u, p] of [
      ['support', 'sandbox-support'],
      ['marketing', 'sandbox-marketing'],
      ['admin', 'sandbox-admin'],
      ['contentops', 'sandbox-contentops'],
    ]) {
      tokens.set(u, (await signIn(get(), u, p)).access_token);
    }
  });
  const raw = (who: string, path: string) =>
    fetch(`${get().api}${path}`, { headers: { authorization: `Bearer ${tokens.get(who)!}`, 'x-brand': 'brand:dance' } });

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

  describe('the users CSV', () => {
    it("the users of the search's filters with every account field, in the search's order; X-Total-Count", async () => {
      const [u] = await get().db.query<{ id: number; username: string }>(
        "insert into users (username, email, dj_slug, billing_disabled, bypass_fraud_checks) values ('userscsv-' || md5(random()::text), 'userscsv@example.com', 'slug-' || md5(random()::text), true, true) returning id, username",
      );
      const r = await raw('support', `/v4/accounts/users-csv/download/?id=${u.id}`);
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toMatch(/^text\/csv/);
      const [head, ...rows] = parse(await r.text()) as string[][];
      expect(head).toEqual(
        expect.arrayContaining([
          'ID',
          'Username',
          'Email',
          'DJ Slug',
          'Profile Page Enabled',
          'Decline Transactions',
          'Bypass Fraud Checks',
          'Billing Disabled',
        ]),
      );
      expect(rows).toHaveLength(1);
      const row = Object.fromEntries(head.map((h, i) => [h, rows[0][i]]));
      expect(row).toMatchObject({
        ID: String(u.id),
        Username: u.username,
        'Billing Disabled': expect.stringMatching(/^(Yes|true)$/i),
        'Decline Transactions': expect.stringMatching(/^(No|false)$/i),
      });
      expect(r.headers.get('x-total-count')).toBe('1');
      const all = await raw('admin', '/v4/accounts/users-csv/download/?email=userscsv@example.com&order_by=-registered_at');
      expect(Number(all.headers.get('x-total-count'))).toBe((parse(await all.text()) as string[][]).length - 1);
    });

    it('a filter the users list does not know is a 400 naming it; marketing (who reads no users) is 403', async () => {
      const bad = await raw('support', '/v4/accounts/users-csv/download/?nope=1');
      expect([bad.status, Object.keys((await bad.json()) as object)]).toEqual([400, ['nope']]);
      expect((await raw('marketing', '/v4/accounts/users-csv/download/')).status).toBe(403);
    });
  });

  describe("a user's order items CSV", () => {
    it("the items of the user's orders on the active brand, order id first; another brand's orders are left out", async () => {
      const [o] = await get().db.query<{ user_id: number }>("select user_id from orders where brand = 'brand:dance' order by id limit 1");
      const expected = await get().db.query<{ id: number }>(
        "select oi.id from order_items oi join orders o on o.id = oi.order_id where o.user_id = $1 and o.brand = 'brand:dance' order by oi.order_id, oi.id",
        [o.user_id],
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

  describe("a user's coupons", () => {
    const call = (who: string, path: string, init: { method?: string; body?: unknown; brand?: string } = {}) =>
      fetch(`${get().api}${path}`, {
        method: init.method ?? 'GET',
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        headers: {
          authorization: `Bearer ${tokens.get(who)!}`,
          'x-brand': init.brand ?? 'brand:dance',
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> }));
    let user = 0;
    let other = 0;
    const code = `ASSIGN${Date.now().toString(36).toUpperCase()}`;
    beforeAll(async () => {
      [{ id: user }, { id: other }] = await get().db.query<{ id: number }>(
        "insert into users (username, email) select 'assign-' || g || '-' || md5(random()::text), 'a@example.com' from generate_series(1, 2) g returning id",
      );
      await get().db.query(
        "insert into coupons (brand, code, discount_type_id, user_ids) values ('brand:dance', $1, 1, $2), ('brand:dance', $1 || 'G', 1, '{}')",
        [code, [other]],
      );
    });

    it("assigns a coupon by its code (any case): the user joins its user ids, once; the user's coupons list it", async () => {
      const r = await call('support', `/v4/accounts/users/${user}/coupons/`, { method: 'POST', body: { code: code.toLowerCase() } });
      expect([r.status, r.body]).toEqual([200, expect.objectContaining({ code, users: 2 })]);
      expect((await call('support', `/v4/accounts/users/${user}/coupons/`, { method: 'POST', body: { code } })).body.users).toBe(2);
      const [c] = await get().db.query<{ user_ids: number[] }>('select user_ids from coupons where code = $1', [code]);
      expect(c.user_ids).toEqual([other, user].sort((a, b) => a - b));
      const list = await call('support', `/v4/accounts/users/${user}/coupons/`);
      expect((list.body.results as { code: string }[]).map((x) => x.code)).toEqual([code]);
    });

    it("no such code, a global coupon, another brand's coupon: 400 on code; nothing changes", async () => {
      expect((await call('support', `/v4/accounts/users/${user}/coupons/`, { method: 'POST', body: { code: 'NOPE-NOPE' } })).body).toEqual({
        code: [ASSIGN_COUPON_MESSAGES.unknown],
      });
      expect((await call('support', `/v4/accounts/users/${user}/coupons/`, { method: 'POST', body: { code: `${code}G` } })).body).toEqual({
        code: [ASSIGN_COUPON_MESSAGES.global],
      });
      expect(
        (await call('support', `/v4/accounts/users/${user}/coupons/`, { method: 'POST', body: { code }, brand: 'brand:dj' })).body,
      ).toEqual({ code: [ASSIGN_COUPON_MESSAGES.unknown] });
      expect((await call('support', `/v4/accounts/users/${user}/coupons/`, { method: 'POST', body: {} })).status).toBe(400);
      const [g] = await get().db.query<{ user_ids: number[] }>('select user_ids from coupons where code = $1', [`${code}G`]);
      expect(g.user_ids).toEqual([]);
    });

    it('marketing writes coupons but does not read users: 403; an unknown user is 404', async () => {
      expect((await call('marketing', `/v4/accounts/users/${user}/coupons/`, { method: 'POST', body: { code } })).status).toBe(403);
      expect((await call('support', '/v4/accounts/users/999999999/coupons/', { method: 'POST', body: { code } })).status).toBe(404);
    });
  });
  describe("a user's identities, password reset link and billing", () => {
    const call = (who: string, path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
      fetch(`${get().api}/v4/accounts/users/${path}`, {
        method: init.method ?? 'GET',
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        headers: {
          authorization: `Bearer ${tokens.get(who)!}`,
          'x-brand': 'brand:dance',
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...init.headers,
        },
      }).then(async (r) => ({ status: r.status, etag: r.headers.get('etag'), body: (await r.json()) as Record<string, unknown> }));
    let user = 0;
    beforeAll(async () => {
      [{ id: user }] = await get().db.query<{ id: number }>(
        "insert into users (username, email) values ('reset-' || md5(random()::text), 'r@example.com') returning id",
      );
      await get().db.query(
        `insert into user_identities (user_id, provider, subject, email, linked_at) values
           ($1, 'google', $2, 'r@example.com', '2026-01-02T00:00:00Z'), ($1, 'password', $3, null, '2026-01-01T00:00:00Z')`,
        [user, `g-${user}`, `p-${user}`],
      );
    });

    it("identities: the user's linked sign-ins, oldest first; seeded users have theirs", async () => {
      const r = await call('contentops', `${user}/identities/`);
      expect(r.status).toBe(200);
      expect((r.body.results as UserIdentity[]).map((i) => [i.provider, i.subject])).toEqual([
        ['password', `p-${user}`],
        ['google', `g-${user}`],
      ]);
      const [seeded] = await get().db.query<{ n: number }>("select count(*)::int as n from user_identities where provider = 'password'");
      expect(seeded.n).toBeGreaterThan(0);
      expect((await call('marketing', `${user}/identities/`)).status).toBe(403);
      expect((await call('support', '999999999/identities/')).status).toBe(404);
    });

    /** The identity provider's reset page, on the server's IdP or on one whose clock is `at`. */
    const resetPage = async (link: string, form?: Record<string, string>, at?: number) => {
      const url = new URL(link);
      const init = form && {
        method: 'POST',
        body: new URLSearchParams(form).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      };
      if (at === undefined) {
        const r = await fetch(link, init);
        return { status: r.status, text: await r.text() };
      }
      const idp = await buildIdp(get().db, { accessTtl: 60, refreshTtl: 60, signIn: { now: () => at } });
      try {
        const r = await idp.inject({
          method: form ? 'POST' : 'GET',
          url: `${url.pathname}${url.search}`,
          payload: init?.body,
          headers: init?.headers,
        });
        return { status: r.statusCode, text: r.body };
      } finally {
        await idp.close();
      }
    };
    const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
    const storedHash = async () =>
      (await get().db.query<{ password_hash: string | null }>('select password_hash from users where id = $1', [user]))[0].password_hash;

    it('a reset link from the identity provider works once: the form, the new password set, then refused', async () => {
      const issued = await call('support', `${user}/password-reset-link/`, { method: 'POST' });
      expect(issued.status).toBe(200);
      const link = issued.body as PasswordResetLink;
      expect(link.url.startsWith(`${get().idp}${AUTH_PATHS.passwordReset}?token=`)).toBe(true);
      expect(Date.parse(link.expires_at) - Date.now()).toBeGreaterThan((LIMITS.passwordResetLinkMinutes - 1) * 60_000);
      // Only its hash is stored.
      expect((await get().db.query('select 1 from password_reset_links where token_hash = $1', [tokenOf(link.url)])).length).toBe(0);

      const page = await resetPage(link.url);
      expect([page.status, page.text]).toEqual([200, expect.stringContaining('name="password_again"')]);
      // A short or mismatched password is refused without using the link up.
      expect(await resetPage(link.url, { token: tokenOf(link.url), password: 'short', password_again: 'short' })).toEqual({
        status: 400,
        text: expect.stringContaining(RESET_MESSAGES.length),
      });
      expect(
        await resetPage(link.url, { token: tokenOf(link.url), password: 'a-long-new-password', password_again: 'another-password' }),
      ).toEqual({ status: 400, text: expect.stringContaining(RESET_MESSAGES.mismatch) });

      const done = await resetPage(link.url, {
        token: tokenOf(link.url),
        password: 'a-long-new-password',
        password_again: 'a-long-new-password',
      });
      expect([done.status, done.text]).toEqual([200, expect.stringContaining(RESET_MESSAGES.done)]);
      expect(await verifyPassword('a-long-new-password', await storedHash())).toBe(true);

      // Not twice: neither the form nor another password.
      const again = await resetPage(link.url, {
        token: tokenOf(link.url),
        password: 'a-third-password!',
        password_again: 'a-third-password!',
      });
      expect([again.status, again.text]).toEqual([400, expect.stringContaining(RESET_MESSAGES.used)]);
      expect((await resetPage(link.url)).text).toContain(RESET_MESSAGES.used);
      expect(await verifyPassword('a-long-new-password', await storedHash())).toBe(true);
      expect((await resetPage(`${get().idp}${AUTH_PATHS.passwordReset}?token=nonsense`)).text).toContain(RESET_MESSAGES.invalid);
    });

    it("a reset link works until it expires, by the identity provider's clock; a newer link voids the older", async () => {
      const first = (await call('admin', `${user}/password-reset-link/`, { method: 'POST' })).body as PasswordResetLink;
      const link = (await call('support', `${user}/password-reset-link/`, { method: 'POST' })).body as PasswordResetLink;
      expect((await resetPage(first.url)).text).toContain(RESET_MESSAGES.invalid);
      const expiry = Date.parse(link.expires_at);
      const form = { token: tokenOf(link.url), password: 'expired-password-1', password_again: 'expired-password-1' };
      expect((await resetPage(link.url, undefined, expiry - 1000)).status).toBe(200);
      const late = await resetPage(link.url, form, expiry + 1000);
      expect([late.status, late.text]).toEqual([400, expect.stringContaining(RESET_MESSAGES.expired)]);
      expect(await verifyPassword('expired-password-1', await storedHash())).toBe(false);
      // Just before expiry it still works (once).
      expect((await resetPage(link.url, form, expiry - 1000)).status).toBe(200);
      expect(await verifyPassword('expired-password-1', await storedHash())).toBe(true);
    });

    it('reset links: admin and support only (content ops reads users but is 403, marketing 403); unknown user 404', async () => {
      expect((await call('contentops', `${user}/password-reset-link/`, { method: 'POST' })).status).toBe(403);
      expect((await call('marketing', `${user}/password-reset-link/`, { method: 'POST' })).status).toBe(403);
      expect((await call('support', '999999999/password-reset-link/', { method: 'POST' })).status).toBe(404);
    });

    it("billing: GET with the user's ETag; PATCH with If-Match disables and re-enables it, with history; stale or missing If-Match refused", async () => {
      const g = await call('contentops', `${user}/billing/`);
      expect([g.status, g.body]).toEqual([200, { user_id: user, billing_disabled: false, version: expect.any(Number) }]);
      const v = g.body.version as number;
      expect(g.etag).toBe(`"v${v}"`);
      const off = await call('support', `${user}/billing/`, {
        method: 'PATCH',
        body: { billing_disabled: true },
        headers: { 'if-match': `"v${v}"` },
      });
      expect([off.status, off.body, off.etag]).toEqual([200, { user_id: user, billing_disabled: true, version: v + 1 }, `"v${v + 1}"`]);
      expect(
        (
          await call('support', `${user}/billing/`, {
            method: 'PATCH',
            body: { billing_disabled: false },
            headers: { 'if-match': `"v${v}"` },
          })
        ).status,
      ).toBe(412);
      expect((await call('support', `${user}/billing/`, { method: 'PATCH', body: { billing_disabled: false } })).status).toBe(428);
      const bad = await call('support', `${user}/billing/`, {
        method: 'PATCH',
        body: { billing_disabled: 'yes' },
        headers: { 'if-match': `"v${v + 1}"` },
      });
      expect([bad.status, Object.keys(bad.body)]).toEqual([400, ['billing_disabled']]);
      expect(
        (
          await call('admin', `${user}/billing/`, {
            method: 'PATCH',
            body: { billing_disabled: false },
            headers: { 'if-match': `"v${v + 1}"` },
          })
        ).body.billing_disabled,
      ).toBe(false);
      const history = await get().db.query<{ changes: Record<string, { old: unknown; new: unknown }> }>(
        "select changes from record_history where entity = 'users' and entity_id = $1 and changes ? 'billing_disabled' order by id",
        [user],
      );
      expect(history.map((h) => h.changes.billing_disabled)).toEqual([
        { old: false, new: true },
        { old: true, new: false },
      ]);
      expect(
        (
          await call('contentops', `${user}/billing/`, {
            method: 'PATCH',
            body: { billing_disabled: true },
            headers: { 'if-match': `"v${v + 2}"` },
          })
        ).status,
      ).toBe(403);
    });
  });
}
