/**
 * Coupons on PGlite and on a PostgreSQL server: create on the active brand (code and
 * discount type required), a minimum order amount per §9 currency, user ids (global when
 * empty) that must name users, and the same rules by PATCH.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages';
import { CSV_UNKNOWN_SHOWN } from '../../../shared/api/endpoints';
import { REQUIRED_MSG } from '../../../shared/records/values';
import { api, signIn, type RunningServer } from '../helpers';

export function couponSuite(get: () => RunningServer) {
  const tokens = new Map<string, string>();
  const customers: number[] = [];
  beforeAll(async () => {
    for (const [u, p] of [
      ['support', 'sandbox-support'],
      ['marketing', 'sandbox-marketing'],
      ['labelmgmt', 'sandbox-labelmgmt'],
    ]) {
      tokens.set(u, (await signIn(get(), u, p)).access_token);
    }
    const rows = await get().db.query<{ id: number }>(
      "insert into users (username, email) select 'coupon-' || g || '-' || md5(random()::text), 'k' || g || '@example.com' from generate_series(1, 2) g returning id",
    );
    customers.push(...rows.map((r) => r.id));
  });
  let n = 0;
  const code = () => `SUITE${Date.now().toString(36).toUpperCase()}${++n}`;
  const as =
    (who: string, brand = 'brand:dance') =>
    (path: string, init: Parameters<typeof api>[3] = {}) =>
      api(get(), tokens.get(who)!, path, { ...init, headers: { 'x-brand': brand, ...init.headers } });
  const create = (body: Record<string, unknown>, who = 'support', brand = 'brand:dance') =>
    as(who, brand)('/v4/content-ops/coupons/', { method: 'POST', body });

  describe('create a coupon', () => {
    it('with minimums in two currencies and user ids: 201 on the active brand, as GET by id answers it, with a history row', async () => {
      const c = code();
      const r = await create({
        code: c,
        discount_type_id: 2,
        discount_percentage: 15,
        max_usage: 100,
        min_order: { USD: 25, GBP: 19.99 },
        user_ids: customers,
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      expect(r.body).toMatchObject({
        code: c,
        discount_type: { id: 2, name: 'Percentage' },
        max_usage: 100,
        min_order: { USD: 25, GBP: 19.99 },
        user_ids: customers,
      });
      expect(r.headers.get('etag')).toBe(`"v${r.body.version as number}"`);
      const got = await as('support')(`/v4/content-ops/coupons/${r.body.id as number}/`);
      expect(got.body).toEqual(r.body);
      const [row] = await get().db.query<{ brand: string }>('select brand from coupons where id = $1', [r.body.id]);
      expect(row.brand).toBe('brand:dance');
      const h = await get().db.query<{ action: string }>("select action from record_history where entity = 'coupons' and entity_id = $1", [
        r.body.id,
      ]);
      expect(h.map((x) => x.action)).toEqual(['create']);
      // The other brand does not see it.
      expect((await as('support', 'brand:dj')(`/v4/content-ops/coupons/${r.body.id as number}/`)).status).toBe(404);
    });

    it('without user ids is global (an empty list), without minimums none', async () => {
      const r = await create({ code: code(), discount_type_id: 1, discount_amount: 5 }, 'marketing');
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      expect(r.body).toMatchObject({ user_ids: [], min_order: {} });
    });

    it('code and discount type are required; bad minimums, unknown users and types are 400s naming the field', async () => {
      const none = await create({});
      expect([none.status, Object.keys(none.body).sort()]).toEqual([400, ['code', 'discount_type_id']]);
      expect((await create({ code: ' ', discount_type_id: 1 })).body).toEqual({ code: [REQUIRED_MSG] });
      const bad = await create({ code: code(), discount_type_id: 1, min_order: { USD: -1, XYZ: 3 } });
      // Each bad currency is named: a negative amount and a currency not in §9's list.
      expect([bad.status, Object.keys(bad.body).sort()]).toEqual([400, ['min_order.USD', 'min_order.XYZ']]);
      const cents = await create({ code: code(), discount_type_id: 1, min_order: { EUR: 1.234 } });
      expect([cents.status, Object.keys(cents.body)]).toEqual([400, ['min_order.EUR']]);
      expect((await create({ code: code(), discount_type_id: 1, user_ids: [customers[0], 2_000_000_000] })).body).toEqual({
        user_ids: [MSG.selectFromList],
      });
      expect((await create({ code: code(), discount_type_id: 99 })).body).toEqual({ discount_type_id: [MSG.selectFromList] });
      const dup = await create({ code: code(), discount_type_id: 1, user_ids: [customers[0], customers[0]] });
      expect([dup.status, Object.keys(dup.body)]).toEqual([400, ['user_ids']]);
    });

    it('label management reads coupons but may not create them (§6)', async () => {
      expect((await create({ code: code(), discount_type_id: 1 }, 'labelmgmt')).status).toBe(403);
    });
  });

  it('PATCH sets the minimums and user ids with the same rules', async () => {
    const r = await create({ code: code(), discount_type_id: 1, discount_amount: 3 });
    const patch = (body: unknown, etag: string) =>
      as('support')(`/v4/content-ops/coupons/${r.body.id as number}/`, { method: 'PATCH', body, headers: { 'if-match': etag } });
    const p = await patch({ min_order: { AUD: 30, MXN: 1000.5 }, user_ids: [customers[1]] }, r.headers.get('etag')!);
    expect(p.status, JSON.stringify(p.body)).toBe(200);
    expect(p.body).toMatchObject({ min_order: { AUD: 30, MXN: 1000.5 }, user_ids: [customers[1]] });
    const refused = await patch({ user_ids: [2_000_000_000] }, p.headers.get('etag')!);
    expect([refused.status, refused.body]).toEqual([400, { user_ids: [MSG.selectFromList] }]);
  });

  describe('upload a CSV of users', () => {
    const upload = async (couponId: number, csv: string | ReadableStream<Uint8Array>, who = 'support', brand = 'brand:dance') => {
      const r = await fetch(`${get().api}/v4/content-ops/coupons/${couponId}/users/upload/`, {
        method: 'POST',
        body: csv,
        duplex: 'half',
        headers: { authorization: `Bearer ${tokens.get(who)!}`, 'x-brand': brand, 'content-type': 'text/csv' },
      } as RequestInit);
      return { status: r.status, body: (await r.json()) as Record<string, unknown> };
    };
    const coupon = async (user_ids: number[] = []) => (await create({ code: code(), discount_type_id: 1, user_ids })).body.id as number;
    const userIds = async (id: number) =>
      (await get().db.query<{ user_ids: number[] }>('select user_ids from coupons where id = $1', [id]))[0].user_ids;

    it('adds the users of a person_id or user_id column (any case, any position) to those the coupon had, once each', async () => {
      const id = await coupon([customers[0]]);
      const r = await upload(id, `name,User_ID\nAnn,${customers[0]}\n\nBo,${customers[1]}\nBo again,${customers[1]}\n`);
      expect([r.status, r.body]).toEqual([200, { rows: 3, added: 1, total: 2 }]);
      expect(await userIds(id)).toEqual([...customers].sort((a, b) => a - b));
      const p = await upload(id, `person_id\r\n${customers[1]}\r\n`);
      expect(p.body).toEqual({ rows: 1, added: 0, total: 2 });
    });

    it("without a person_id or user_id heading: the spec's message; a file that does not parse: the other one; nothing applied", async () => {
      const id = await coupon();
      expect(await upload(id, `id,name\n${customers[0]},Ann\n`)).toEqual({ status: 400, body: { file: [MSG.csvColumnRequired] } });
      expect(await upload(id, '')).toEqual({ status: 400, body: { file: [MSG.csvColumnRequired] } });
      expect(await upload(id, `user_id\n"${customers[0]}\n`)).toEqual({ status: 400, body: { file: [MSG.csvUpload] } });
      expect(await userIds(id)).toEqual([]);
    });

    it('rows naming no user are reported with their line numbers and nothing is applied', async () => {
      const id = await coupon();
      const r = await upload(id, `user_id\n${customers[0]}\n2000000000\nabc\n${customers[1]}\n`);
      expect(r.status).toBe(400);
      expect(r.body).toEqual({
        file: ['2 rows name no user; nothing was applied.'],
        unknown_rows: [
          { line: 3, value: '2000000000' },
          { line: 4, value: 'abc' },
        ],
      });
      expect(await userIds(id)).toEqual([]);
    });

    // Four of the route's lookup batches (5,000 ids) in two stream chunks; `npm run bench -- csv-upload` sends 100,000.
    it('20,000 rows, streamed: applied; as many unknown rows: counted, the first ones listed', async () => {
      const ROWS = 20_000;
      const base = (
        await get().db.query<{ id: number }>(
          `insert into users (username, email) select 'cbulk-' || g || '-' || md5(random()::text), 'b' || g || '@example.com' from generate_series(1, ${ROWS}) g returning id`,
        )
      ).map((r) => r.id);
      const stream = (ids: number[]) => {
        let i = 0;
        return new ReadableStream<Uint8Array>({
          pull(c) {
            if (i === 0) c.enqueue(new TextEncoder().encode('person_id,note\n'));
            if (i >= ids.length) {
              c.close();
              return;
            }
            c.enqueue(
              new TextEncoder().encode(
                ids
                  .slice(i, i + 10_000)
                  .map((x) => `${x},row`)
                  .join('\n') + '\n',
              ),
            );
            i += 10_000;
          },
        });
      };
      const id = await coupon();
      const r = await upload(id, stream(base));
      expect([r.status, r.body]).toEqual([200, { rows: ROWS, added: ROWS, total: ROWS }]);
      const bad = await upload(await coupon(), stream(base.map((x) => x + 1_000_000_000)));
      expect(bad.status).toBe(400);
      expect(bad.body.file).toEqual([`${ROWS} rows name no user; nothing was applied.`]);
      expect((bad.body.unknown_rows as unknown[]).length).toBe(CSV_UNKNOWN_SHOWN);
      expect((bad.body.unknown_rows as { line: number }[])[0].line).toBe(2);
    }, 120_000);

    it('a coupon of another brand is 404; label management may not upload (403)', async () => {
      const other = (await create({ code: code(), discount_type_id: 1 }, 'support', 'brand:dj')).body.id as number;
      expect((await upload(other, `user_id\n${customers[0]}\n`)).status).toBe(404);
      expect((await upload(other, `user_id\n${customers[0]}\n`, 'labelmgmt')).status).toBe(403);
    });
  });
}
