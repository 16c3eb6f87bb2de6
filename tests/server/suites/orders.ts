/**
 * Orders for support on PGlite and on a PostgreSQL server: the order's detail, refunds
 * (each item once, spec §4 "You can only refund items once"), the Idempotency-Key
 * (replay, another body 422, missing 400, per user, concurrent requests with one key), 20
 * concurrent refunds of one item making exactly one refund row, dissociate/reassociate and
 * downloads, the items CSV.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages';
import { KEY_REUSED, MISSING_KEY } from '../../../server/api/idempotency';
import { api, signIn, type RunningServer } from '../helpers';

export function orderSuite(get: () => RunningServer) {
  const tokens = new Map<string, string>();
  beforeAll(async () => {
    for (const [u, p] of [
      ['support', 'sandbox-support'],
      ['admin', 'sandbox-admin'],
      ['marketing', 'sandbox-marketing'],
    ]) {
      tokens.set(u, (await signIn(get(), u, p)).access_token);
    }
  });

  /** A new order of `n` unrefunded items on a brand (its own rows: the tests do not share items). */
  async function makeOrder(n: number, brand = 'brand:dance') {
    const db = get().db;
    const [{ user_id }] = await db.query<{ user_id: number }>('select min(id) as user_id from users where app is null');
    const [o] = await db.query<{ id: number }>(
      `insert into orders (brand, store, user_id, status, purchaser_ip, currency, subtotal, tax, total)
       values ($1, 'music', $2, 'Complete', '198.51.100.7', 'USD', $3, 0.50, $3 + 0.50) returning id`,
      [brand, user_id, (1.99 * n).toFixed(2)],
    );
    const items = await db.query<{ id: number }>(
      'insert into order_items (order_id, track_id, price) select $1, 1, 1.99 from generate_series(1, $2::int) returning id',
      [o.id, n],
    );
    return { id: o.id, items: items.map((i) => i.id).sort((a, b) => a - b) };
  }
  const refund = (token: string, orderId: number, body: unknown, key: string | null = randomUUID()) =>
    api(get(), token, `/v4/accounts/orders/${orderId}/items/refund/`, {
      method: 'POST',
      body,
      headers: key === null ? {} : { 'idempotency-key': key },
    });
  const refundRows = async (itemIds: number[]) =>
    (await get().db.query<{ n: number }>('select count(*)::int as n from refunds where order_item_id = any($1::int[])', [itemIds]))[0].n;

  it('GET items/: the order with its items (download availability), totals, taxes, IP address and transactions', async () => {
    const o = await makeOrder(2);
    const r = await api(get(), tokens.get('support')!, `/v4/accounts/orders/${o.id}/items/`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      id: o.id,
      purchaser_ip: '198.51.100.7',
      currency: 'USD',
      subtotal: '3.98',
      tax: '0.50',
      total: '4.48',
      refunded: '0.00',
    });
    expect((r.body.items as unknown[]).map((i) => (i as { id: number }).id)).toEqual(o.items);
    expect(r.body.items).toEqual(
      o.items.map(() => expect.objectContaining({ price: '1.99', availability: 1, downloads_enabled: true, refund: null })),
    );
    // Another brand's order is not visible: marketing reads no orders at all (403); a missing one is 404.
    expect((await api(get(), tokens.get('marketing')!, `/v4/accounts/orders/${o.id}/items/`)).status).toBe(403);
    expect((await api(get(), tokens.get('support')!, '/v4/accounts/orders/999999999/items/')).status).toBe(404);
  });

  it('refunds selected items once: a second refund of any of them is 409 "You can only refund items once", nothing written', async () => {
    const o = await makeOrder(3);
    const t = tokens.get('support')!;
    const first = await refund(t, o.id, { item_ids: o.items.slice(0, 2) });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      amount: '3.98',
      refunds: [
        { order_item_id: o.items[0], amount: '1.99' },
        { order_item_id: o.items[1], amount: '1.99' },
      ],
    });
    const again = await refund(t, o.id, { item_ids: [o.items[1], o.items[2]] });
    expect(again).toMatchObject({ status: 409, body: { detail: MSG.refundOnce } });
    expect(await refundRows(o.items)).toBe(2);
    const detail = await api(get(), t, `/v4/accounts/orders/${o.id}/items/`);
    expect(detail.body.refunded).toBe('3.98');
    expect((detail.body.transactions as { kind: string; amount: string }[]).filter((x) => x.kind === 'refund')).toEqual([
      expect.objectContaining({ amount: '-3.98' }),
    ]);
    // The same through refund-items, and items of another order under this one are a 400 naming item_ids.
    const other = await makeOrder(1);
    expect((await refund(t, o.id, { item_ids: other.items })).body).toEqual({ item_ids: [`Unknown order item: ${other.items[0]}.`] });
    const any = await api(get(), t, '/v4/accounts/refund-items/', {
      method: 'POST',
      body: { item_ids: other.items },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(any.status).toBe(201);
    expect(await refundRows(other.items)).toBe(1);
  });

  it('Idempotency-Key: a replay answers the first response and writes nothing; another body is 422; none is 400; keys are per user', async () => {
    const o = await makeOrder(3);
    const t = tokens.get('support')!;
    const key = randomUUID();
    const first = await refund(t, o.id, { item_ids: [o.items[0]] }, key);
    expect(first.status).toBe(201);
    const replay = await refund(t, o.id, { item_ids: [o.items[0]] }, key);
    expect(replay.status).toBe(201);
    expect(replay.body).toEqual(first.body);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await refundRows(o.items)).toBe(1);
    expect(await refund(t, o.id, { item_ids: [o.items[1]] }, key)).toMatchObject({ status: 422, body: { detail: KEY_REUSED } });
    expect(await refund(t, o.id, { item_ids: [o.items[1]] }, null)).toMatchObject({
      status: 400,
      body: { 'Idempotency-Key': [MISSING_KEY] },
    });
    expect((await refund(t, o.id, { item_ids: [o.items[1]] }, 'x'.repeat(256))).status).toBe(400);
    // Another user's same key is another key: admin's request runs (refunding another item).
    expect((await refund(tokens.get('admin')!, o.id, { item_ids: [o.items[1]] }, key)).status).toBe(201);
    expect(await refundRows(o.items)).toBe(2);
    // A failed request stores nothing: the same key may be used again once the request can succeed.
    const failKey = randomUUID();
    expect((await refund(t, o.id, { item_ids: [o.items[0], o.items[2]] }, failKey)).status).toBe(409);
    expect((await refund(t, o.id, { item_ids: [o.items[2]] }, failKey)).status).toBe(201);
  });

  it('20 concurrent refunds of one item (each with its own key) make exactly one refund row; the rest are 409', async () => {
    const o = await makeOrder(1);
    const t = tokens.get('support')!;
    const answers = await Promise.all(Array.from({ length: 20 }, () => refund(t, o.id, { item_ids: o.items })));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([201, ...Array(19).fill(409)]);
    expect(await refundRows(o.items)).toBe(1);
    expect(
      (
        await get().db.query<{ n: number }>("select count(*)::int as n from transactions where order_id = $1 and kind = 'refund'", [o.id])
      )[0].n,
    ).toBe(1);
  });

  it('20 concurrent requests with one key: one refund, every answer the same 201', async () => {
    const o = await makeOrder(1);
    const t = tokens.get('support')!;
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 20 }, () => refund(t, o.id, { item_ids: o.items }, key)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    for (const a of answers) expect(a.body).toEqual(answers[0].body);
    expect(await refundRows(o.items)).toBe(1);
  });

  it('PATCH downloads/: dissociate and reassociate items, disable and re-enable downloads; bad input is a 400 naming the field', async () => {
    const o = await makeOrder(2);
    const t = tokens.get('support')!;
    const patch = (body: unknown, id = o.id) => api(get(), t, `/v4/accounts/orders/${id}/downloads/`, { method: 'PATCH', body });
    const d = await patch({ item_ids: [o.items[0]], availability: 2 });
    expect(d.status).toBe(200);
    expect(d.body.items).toEqual([expect.objectContaining({ id: o.items[0], availability: 2, downloads_enabled: true })]);
    expect((await patch({ item_ids: [o.items[0]], availability: 1, downloads_enabled: false })).body.items).toEqual([
      expect.objectContaining({ availability: 1, downloads_enabled: false }),
    ]);
    const rows = await get().db.query('select id, availability, downloads_enabled from order_items where order_id = $1 order by id', [
      o.id,
    ]);
    expect(rows).toEqual([
      { id: o.items[0], availability: 1, downloads_enabled: false },
      { id: o.items[1], availability: 1, downloads_enabled: true },
    ]);
    expect((await patch({ item_ids: [o.items[0]], availability: 0 })).body).toHaveProperty('availability');
    expect((await patch({ item_ids: [o.items[0]] })).body).toHaveProperty('non_field_errors');
    expect((await patch({ item_ids: [] })).body).toHaveProperty('item_ids');
    expect((await patch({ item_ids: [999999999], availability: 2 })).body).toEqual({ item_ids: ['Unknown order item: 999999999.'] });
  });

  it('GET items/download/: the items as CSV', async () => {
    const o = await makeOrder(2);
    await refund(tokens.get('support')!, o.id, { item_ids: [o.items[1]] });
    const r = await api(get(), tokens.get('support')!, `/v4/accounts/orders/${o.id}/items/download/`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = String(r.body).trim().split('\r\n');
    expect(lines[0]).toBe(
      'Order Item ID,Track ID,Track,Release ID,Release,Price,Download Availability,Downloads Enabled,Refunded,Refund Amount',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(new RegExp(`^${o.items[0]},1,.*,1.99,Available,true,,$`));
    expect(lines[2]).toMatch(/,1\.99,Available,true,\d{4}-\d\d-\d\dT[^,]+,1\.99$/);
  });
}
