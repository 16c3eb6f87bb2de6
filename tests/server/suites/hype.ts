/**
 * Hype on PGlite and on a PostgreSQL server: creating a hype offer on the active brand
 * (label, name, price, hype start and end required; §5 start not after end, on create and
 * on PATCH), a hype purchase by id, the hype subscriptions (one per user and label, the
 * latest purchase not voided), and the one hype rule (dance-music brand only) on every
 * hype route, /support's search types included.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { RECORD_MSG } from '../../../shared/records';
import { api, signIn, type RunningServer } from '../helpers';

export function hypeSuite(get: () => RunningServer) {
  const tokens = new Map<string, string>();
  let labelId = 0;
  beforeAll(async () => {
    for (const [u, p] of [
      ['support', 'sandbox-support'],
      ['marketing', 'sandbox-marketing'],
      ['admin', 'sandbox-admin'],
    ]) {
      tokens.set(u, (await signIn(get(), u, p)).access_token);
    }
    [{ id: labelId }] = await get().db.query<{ id: number }>('select id from labels order by id limit 1');
  });
  const as =
    (who: string, brand = 'brand:dance') =>
    (path: string, init: Parameters<typeof api>[3] = {}) =>
      api(get(), tokens.get(who)!, path, { ...init, headers: { 'x-brand': brand, ...init.headers } });
  const offer = (over: Record<string, unknown> = {}) => ({
    label_id: labelId,
    name: `Suite Hype ${Math.random().toString(36).slice(2, 8)}`,
    price: 4.99,
    start_date: '2026-01-01',
    end_date: '2026-12-31',
    ...over,
  });
  const create = (body: Record<string, unknown>, who = 'marketing', brand = 'brand:dance') =>
    as(who, brand)('/v4/content-ops/hype-offers/', { method: 'POST', body });

  describe('hype offers', () => {
    it('create: 201 on the active brand, as GET by id answers it, with a history row; start may equal end', async () => {
      const r = await create(offer({ start_date: '2026-03-01', end_date: '2026-03-01' }));
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      expect(r.body).toMatchObject({ label: { id: labelId }, price: 4.99, start_date: '2026-03-01', end_date: '2026-03-01' });
      expect((await as('support')(`/v4/content-ops/hype-offers/${r.body.id as number}/`)).body).toEqual(r.body);
      const [row] = await get().db.query<{ brand: string }>('select brand from hype_offers where id = $1', [r.body.id]);
      expect(row.brand).toBe('brand:dance');
      const h = await get().db.query<{ action: string }>(
        "select action from record_history where entity = 'hype_offers' and entity_id = $1",
        [r.body.id],
      );
      expect(h.map((x) => x.action)).toEqual(['create']);
    });

    it('§5: hype start and end required, start not after end: 400s naming the field, nothing created', async () => {
      const before = await get().db.query<{ n: number }>('select count(*)::int as n from hype_offers');
      const none = await create(offer({ start_date: undefined, end_date: undefined }));
      expect([none.status, none.body]).toEqual([
        400,
        { start_date: [RECORD_MSG.hypeStartRequired], end_date: [RECORD_MSG.hypeEndRequired] },
      ]);
      const nulls = await create(offer({ start_date: null, end_date: null }));
      expect(nulls.body).toEqual({ start_date: [RECORD_MSG.hypeStartRequired], end_date: [RECORD_MSG.hypeEndRequired] });
      const after = await create(offer({ start_date: '2026-05-02', end_date: '2026-05-01' }));
      expect([after.status, after.body]).toEqual([400, { start_date: [RECORD_MSG.hypeStartAfterEnd] }]);
      const noLabel = await create(offer({ label_id: undefined }));
      expect([noLabel.status, Object.keys(noLabel.body)]).toEqual([400, ['label_id']]);
      const badLabel = await create(offer({ label_id: 2_000_000_000 }));
      expect([badLabel.status, Object.keys(badLabel.body)]).toEqual([400, ['label_id']]);
      expect(await get().db.query<{ n: number }>('select count(*)::int as n from hype_offers')).toEqual(before);
    });

    it('PATCH keeps the §5 rule: clearing the end or moving the start after it is a 400; the label stays', async () => {
      const r = await create(offer());
      const id = r.body.id as number;
      const patch = (body: Record<string, unknown>) =>
        as('marketing')(`/v4/content-ops/hype-offers/${id}/`, {
          method: 'PATCH',
          body,
          headers: { 'if-match': `"v${r.body.version as number}"` },
        });
      expect((await patch({ end_date: null })).body).toEqual({ end_date: [RECORD_MSG.hypeEndRequired] });
      expect((await patch({ start_date: '2027-01-01' })).body).toEqual({ start_date: [RECORD_MSG.hypeStartAfterEnd] });
      expect((await patch({ label_id: labelId })).status).toBe(400);
      const ok = await patch({ start_date: '2026-12-31' });
      expect([ok.status, ok.body.start_date]).toEqual([200, '2026-12-31']);
    });

    it('support reads offers but does not create them; on the DJ brand nobody creates or reads them', async () => {
      expect((await create(offer(), 'support')).status).toBe(403);
      expect((await create(offer(), 'admin', 'brand:dj')).status).toBe(403);
      expect((await as('support', 'brand:dj')('/v4/content-ops/hype-offers/')).status).toBe(403);
      expect((await as('support')('/v4/content-ops/hype-offers/')).status).toBe(200);
    });
  });

  describe('hype purchases and subscriptions', () => {
    let user = 0;
    let purchases: number[] = [];
    beforeAll(async () => {
      [{ id: user }] = await get().db.query<{ id: number }>(
        "insert into users (username, email) values ('hype-' || md5(random()::text), 'h@example.com') returning id",
      );
      const [o] = await get().db.query<{ id: number; label_id: number }>(
        "select id, label_id from hype_offers where brand = 'brand:dance' order by id limit 1",
      );
      const [other] = await get().db.query<{ id: number }>('select id from labels where id <> $1 order by id limit 1', [o.label_id]);
      const rows = await get().db.query<{ id: number }>(
        `insert into hype_purchases (brand, user_id, label_id, offer_id, amount, voided, created_at) values
           ('brand:dance', $1, $2, $3, 9.99, false, now() - interval '2 days'),
           ('brand:dance', $1, $2, $3, 9.99, false, now() - interval '1 day'),
           ('brand:dance', $1, $4, null, 9.99, true, now()),
           ('brand:dj', $1, $2, $3, 9.99, false, now())
         returning id`,
        [user, o.label_id, o.id, other.id],
      );
      purchases = rows.map((r) => r.id);
    });

    it("a hype purchase by id (the record the console opens); another brand's is 404; DJ brand 403", async () => {
      const r = await as('support')(`/v4/accounts/hype-purchases/${purchases[0]}/`);
      expect([r.status, r.body.id, (r.body.user as { id: number }).id]).toEqual([200, purchases[0], user]);
      expect((await as('support')(`/v4/accounts/hype-purchases/${purchases[3]}/`)).status).toBe(404);
      expect((await as('support', 'brand:dj')(`/v4/accounts/hype-purchases/${purchases[0]}/`)).status).toBe(403);
    });

    it('subscriptions: one per user and label, the latest purchase not voided, this brand only', async () => {
      const r = await as('support')(`/v4/hype-subscriptions/?user_id=${user}`);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const results = r.body.results as { purchase_id: number; active: boolean; user: { id: number } }[];
      expect(results.map((s) => s.purchase_id)).toEqual([purchases[1]]);
      expect(results[0]).toMatchObject({ user: { id: user }, active: expect.any(Boolean) });
      expect(r.body).toMatchObject({ count: 1, page: '1/1' });
    });

    it('subscriptions: bad filters and pages are 400s naming them; the DJ brand and non-hype roles are 403', async () => {
      expect(Object.keys((await as('support')('/v4/hype-subscriptions/?user_id=x')).body)).toEqual(['user_id']);
      expect(Object.keys((await as('support')('/v4/hype-subscriptions/?per_page=0')).body)).toEqual(['per_page']);
      expect((await as('support')('/v4/hype-subscriptions/?nope=1')).status).toBe(400);
      expect((await as('support', 'brand:dj')('/v4/hype-subscriptions/')).status).toBe(403);
      expect((await as('admin', 'brand:dj')('/v4/hype-subscriptions/')).status).toBe(403);
    });
  });
}
