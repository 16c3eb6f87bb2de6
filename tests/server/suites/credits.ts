/**
 * A user's credits on PGlite and on a PostgreSQL server: list, add (amount, currency and
 * reason required, §5), bulk to many users all or nothing (unknown users named), each POST
 * once per Idempotency-Key.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { CREDIT_MESSAGES } from '../../../shared/records';
import { MSG } from '../../../shared/messages';
import { IDEMPOTENCY_PURGE_EVERY_MS, IDEMPOTENCY_RETENTION_HOURS, purgeExpiredKeys } from '../../../server/api/idempotency';
import { api, signIn, type RunningServer } from '../helpers';

export function creditSuite(get: () => RunningServer) {
  const tokens = new Map<string, string>();
  const customers: number[] = [];
  beforeAll(async () => {
    for (const [u, p] of [
      ['support', 'sandbox-support'],
      ['contentops', 'sandbox-contentops'],
    ])
      tokens.set(u, (await signIn(get(), u, p)).access_token);
    const rows = await get().db.query<{ id: number }>(
      "insert into users (username, email) select 'credit-' || g || '-' || md5(random()::text), 'c' || g || '@example.com' from generate_series(1, 3) g returning id",
    );
    customers.push(...rows.map((r) => r.id));
  });
  const post = (path: string, body: unknown, key: string | null = randomUUID(), who = 'support') =>
    api(get(), tokens.get(who)!, path, { method: 'POST', body, headers: key === null ? {} : { 'idempotency-key': key } });
  const count = async (userId: number) =>
    (await get().db.query<{ n: number }>('select count(*)::int as n from credits where user_id = $1', [userId]))[0].n;

  it('adds a credit (amount, currency, reason) and lists it; a replay adds nothing', async () => {
    const u = customers[0];
    const key = randomUUID();
    const r = await post(`/v4/accounts/users/${u}/credits/`, { amount: 12.5, currency: 'GBP', reason_id: 1 }, key);
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ user_id: u, amount: '12.50', currency: 'GBP', reason: { id: 1, name: 'Goodwill' } });
    expect((await post(`/v4/accounts/users/${u}/credits/`, { amount: 12.5, currency: 'GBP', reason_id: 1 }, key)).body).toEqual(r.body);
    expect(await count(u)).toBe(1);
    const list = await api(get(), tokens.get('contentops')!, `/v4/accounts/users/${u}/credits/`);
    expect(list.body.results).toEqual([r.body]);
  });

  it(`keys are kept ${IDEMPOTENCY_RETENTION_HOURS} hours: an older key is purged and is then a new key; a recent one still replays`, async () => {
    const [{ id: u }] = await get().db.query<{ id: number }>(
      "insert into users (username, email) values ('credit-keys-' || md5(random()::text), 'keys@example.com') returning id",
    );
    const path = `/v4/accounts/users/${u}/credits/`;
    const oldKey = randomUUID();
    const recentKey = randomUUID();
    expect((await post(path, { amount: 1, currency: 'USD', reason_id: 1 }, oldKey)).status).toBe(201);
    expect((await post(path, { amount: 2, currency: 'USD', reason_id: 1 }, recentKey)).status).toBe(201);
    await get().db.query(`update idempotency_keys set created_at = now() - make_interval(hours => $2 + 1) where key = $1`, [
      oldKey,
      IDEMPOTENCY_RETENTION_HOURS,
    ]);
    expect(await purgeExpiredKeys(get().db, Date.now() + 2 * IDEMPOTENCY_PURGE_EVERY_MS)).toBeGreaterThanOrEqual(1);
    const keys = await get().db.query<{ key: string }>('select key from idempotency_keys where key = any($1)', [[oldKey, recentKey]]);
    expect(keys.map((k) => k.key)).toEqual([recentKey]);
    // The purged key runs as new (another body is no longer a 422); the recent one still refuses another body.
    expect((await post(path, { amount: 3, currency: 'USD', reason_id: 1 }, oldKey)).status).toBe(201);
    expect((await post(path, { amount: 4, currency: 'USD', reason_id: 1 }, recentKey)).status).toBe(422);
  });

  it('§5: currency and reason are required; a reason not in the list and a bad amount are 400s naming the field; content ops may not add', async () => {
    const path = `/v4/accounts/users/${customers[1]}/credits/`;
    expect((await post(path, { amount: 5 })).body).toEqual({ currency: [CREDIT_MESSAGES.currency], reason_id: [CREDIT_MESSAGES.reason] });
    expect((await post(path, { amount: 5, currency: 'XXX', reason_id: 1 })).body).toEqual({ currency: [CREDIT_MESSAGES.currency] });
    expect((await post(path, { amount: 5, currency: 'USD', reason_id: 999 })).body).toEqual({ reason_id: [MSG.selectFromList] });
    expect((await post(path, { amount: 0, currency: 'USD', reason_id: 1 })).body).toEqual({ amount: [CREDIT_MESSAGES.amount] });
    expect((await post(path, { amount: 5, currency: 'USD', reason_id: 1 }, null)).status).toBe(400);
    expect((await post(path, { amount: 5, currency: 'USD', reason_id: 1 }, randomUUID(), 'contentops')).status).toBe(403);
    expect((await post('/v4/accounts/users/999999999/credits/', { amount: 5, currency: 'USD', reason_id: 1 })).status).toBe(404);
    expect(await count(customers[1])).toBe(0);
  });

  it('bulk: the same credit to many users, all or nothing; unknown users are named', async () => {
    const bad = await post('/v4/accounts/credits/bulk/', {
      user_ids: [customers[1], 999999998, 999999999],
      amount: 3,
      currency: 'EUR',
      reason_id: 2,
    });
    expect(bad).toMatchObject({ status: 400, body: { user_ids: ['Unknown users: 999999998, 999999999.'] } });
    expect(await count(customers[1])).toBe(0);
    const key = randomUUID();
    const ok = await post(
      '/v4/accounts/credits/bulk/',
      { user_ids: [customers[1], customers[2], customers[2]], amount: 3, currency: 'EUR', reason_id: 2 },
      key,
    );
    expect(ok).toMatchObject({ status: 201, body: { count: 2, amount: '3.00', currency: 'EUR' } });
    expect(
      (
        await post(
          '/v4/accounts/credits/bulk/',
          { user_ids: [customers[1], customers[2], customers[2]], amount: 3, currency: 'EUR', reason_id: 2 },
          key,
        )
      ).status,
    ).toBe(201);
    expect([await count(customers[1]), await count(customers[2])]).toEqual([1, 1]);
    expect(
      (await post('/v4/accounts/credits/bulk/', { user_ids: [customers[1]], amount: 4, currency: 'EUR', reason_id: 2 }, key)).status,
    ).toBe(422);
  });

  const upload = (query: string, csv: string, key: string | null = randomUUID(), who = 'support') =>
    fetch(`${get().api}/v4/accounts/credits/bulk/upload/?${query}`, {
      method: 'POST',
      body: csv,
      headers: {
        authorization: `Bearer ${tokens.get(who)!}`,
        'x-brand': 'brand:dance',
        'content-type': 'text/csv',
        ...(key ? { 'idempotency-key': key } : {}),
      },
    }).then(async (r) => ({
      status: r.status,
      body: (await r.json()) as Record<string, unknown>,
      replayed: r.headers.get('idempotent-replayed'),
    }));

  it('bulk credits from a CSV (person_id or user_id column, as the coupon upload): all or nothing, once per Idempotency-Key', async () => {
    const [a, b, c] = customers;
    const before = [await count(a), await count(b), await count(c)];
    const key = randomUUID();
    const csv = `name,person_id\nA,${a}\nB,${b}\n`;
    const r = await upload('amount=2.5&currency=USD&reason_id=1', csv, key);
    expect([r.status, r.body]).toEqual([201, { count: 2, amount: '2.50', currency: 'USD' }]);
    expect([await count(a), await count(b)]).toEqual([before[0] + 1, before[1] + 1]);
    // A replay answers the first response and credits nobody again; the same key with another file is a 422.
    const again = await upload('amount=2.5&currency=USD&reason_id=1', csv, key);
    expect([again.status, again.body, again.replayed]).toEqual([201, r.body, 'true']);
    expect((await upload('amount=2.5&currency=USD&reason_id=1', `user_id\n${c}\n`, key)).status).toBe(422);
    expect([await count(a), await count(b), await count(c)]).toEqual([before[0] + 1, before[1] + 1, before[2]]);
  });

  it('bulk credits from a CSV: unknown users by line, a wrong heading, no currency or reason, no key: 400s, nothing credited', async () => {
    const [a] = customers;
    const before = await count(a);
    const unknown = await upload('amount=1&currency=USD&reason_id=1', `user_id\n${a}\n2000000000\n`);
    expect([unknown.status, unknown.body.unknown_rows]).toEqual([400, [{ line: 3, value: '2000000000' }]]);
    expect((await upload('amount=1&currency=USD&reason_id=1', `id\n${a}\n`)).body).toEqual({ file: [MSG.csvColumnRequired] });
    const missing = await upload('amount=1', `user_id\n${a}\n`);
    expect([missing.status, missing.body]).toEqual([400, { currency: [CREDIT_MESSAGES.currency], reason_id: [CREDIT_MESSAGES.reason] }]);
    expect((await upload('amount=1&currency=USD&reason_id=1', `user_id\n${a}\n`, null)).status).toBe(400);
    expect((await upload('amount=1&currency=USD&reason_id=1', `user_id\n${a}\n`, randomUUID(), 'contentops')).status).toBe(403);
    expect(await count(a)).toBe(before);
  });
}
