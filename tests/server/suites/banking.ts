/**
 * GET/PATCH /v4/catalog/suppliers/{id}/banking/ on PGlite and on a PostgreSQL server:
 * who may (BANKING_RULE, from the shared table), another supplier's is 404, the §9
 * lengths as request validation naming the field, unknown fields refused, If-Match.
 */
import { beforeAll, expect, it } from 'vitest';
import { BANKING_RULE, can, principalFrom } from '../../../shared/access';
import { MAX_LEN } from '../../../shared/api';
import { SANDBOX_ACCOUNTS } from '../../../server/seed/accounts';
import { api, signIn, type RunningServer } from '../helpers';

const URL = (id: number) => `/v4/catalog/suppliers/${id}/banking/`;

export function bankingSuite(get: () => RunningServer) {
  const tokens = new Map<string, string>();
  beforeAll(async () => {
    for (const a of SANDBOX_ACCOUNTS) tokens.set(a.username, (await signIn(get(), a.username, a.password)).access_token);
  });

  it('every sandbox account is allowed or refused (403) as the shared rule says', async () => {
    for (const a of SANDBOX_ACCOUNTS) {
      const allowed = can(principalFrom([a.app, a.role, ...a.brands].join(' '), [], a.brands[0]), BANKING_RULE);
      const r = await api(get(), tokens.get(a.username)!, URL(1));
      expect(r.status, a.username).toBe(allowed ? 200 : 403);
    }
    expect((await api(get(), null, URL(1))).status).toBe(401);
  });

  it("answers the stored details with an ETag; a supplier user sees its own and gets 404 for another's", async () => {
    const r = await api(get(), tokens.get('finance')!, URL(1));
    const [stored] = await get().db.query('select bank_name, iban, paypal_email, version from banking where supplier_id = 1');
    expect(r.body).toMatchObject(stored);
    expect(r.headers.get('etag')).toBe(`"v${stored.version}"`);
    expect((await api(get(), tokens.get('supplier')!, URL(1))).status).toBe(200);
    expect((await api(get(), tokens.get('supplier')!, URL(2))).body).toEqual({ detail: 'Not found.' });
    expect((await api(get(), tokens.get('admin')!, URL(999999))).status).toBe(404);
  });

  it('PATCH: the §9 lengths are enforced naming the field, unknown fields refused, If-Match required and checked', async () => {
    const t = tokens.get('admin')!;
    const etag = (await api(get(), t, URL(2))).headers.get('etag')!;
    const over: Record<string, number> = {
      bank_name: MAX_LEN.bankField,
      name_on_account: MAX_LEN.bankField,
      routing_number: MAX_LEN.bankField,
      sort_code: MAX_LEN.bankField,
      tax_id: MAX_LEN.bankField,
      account_number: MAX_LEN.bankAccountNumber,
      swift: MAX_LEN.swift,
      iban: MAX_LEN.iban,
    };
    for (const [field, max] of Object.entries(over)) {
      const r = await api(get(), t, URL(2), { method: 'PATCH', body: { [field]: 'x'.repeat(max + 1) }, headers: { 'if-match': etag } });
      expect(r.status, field).toBe(400);
      expect(r.body, field).toEqual({ [field]: [`Ensure this field has no more than ${max} characters.`] });
    }
    const bad = await api(get(), t, URL(2), { method: 'PATCH', body: { paypal_email: 'not-an-email' }, headers: { 'if-match': etag } });
    expect(bad.body).toEqual({ paypal_email: ['Enter a valid email address.'] });
    const unknown = await api(get(), t, URL(2), { method: 'PATCH', body: { supplier_id: 3 }, headers: { 'if-match': etag } });
    expect(unknown.body).toEqual({ supplier_id: ['Unknown or read-only field.'] });
    expect((await api(get(), t, URL(2), { method: 'PATCH', body: { bank_name: 'B' } })).status).toBe(428);

    // At the limits it saves, bumps the version, and the old ETag is then stale (412).
    const atLimit = { bank_name: 'b'.repeat(MAX_LEN.bankField), iban: 'I'.repeat(MAX_LEN.iban), sort_code: '' };
    const ok = await api(get(), t, URL(2), { method: 'PATCH', body: atLimit, headers: { 'if-match': etag } });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ bank_name: atLimit.bank_name, iban: atLimit.iban, sort_code: null });
    expect(ok.headers.get('etag')).not.toBe(etag);
    const stale = await api(get(), t, URL(2), { method: 'PATCH', body: { bank_name: 'Again' }, headers: { 'if-match': etag } });
    expect(stale.status).toBe(412);
    expect(stale.headers.get('etag')).toBe(ok.headers.get('etag'));
  });

  it('a supplier with no details yet reads empty at version 0, and the first save creates them', async () => {
    const [{ id }] = await get().db.query<{ id: number }>("insert into suppliers (name) values ('Banking Test Supplier') returning id");
    const t = tokens.get('finance')!;
    const empty = await api(get(), t, URL(id));
    expect(empty.body).toMatchObject({ supplier_id: id, version: 0, bank_name: null, iban: null });
    expect(empty.headers.get('etag')).toBe('"v0"');
    const created = await api(get(), t, URL(id), { method: 'PATCH', body: { bank_name: 'New Bank' }, headers: { 'if-match': '"v0"' } });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ supplier_id: id, version: 1, bank_name: 'New Bank' });
  });

  it('20 concurrent first saves at version 0: exactly one wins, the others get 412 with its ETag, one row holds the winner', async () => {
    const [{ id }] = await get().db.query<{ id: number }>("insert into suppliers (name) values ('Banking Race Supplier') returning id");
    const t = tokens.get('finance')!;
    const names = Array.from({ length: 20 }, (_, i) => `Race Bank ${i}`);
    const answers = await Promise.all(
      names.map((bank_name) => api(get(), t, URL(id), { method: 'PATCH', body: { bank_name }, headers: { 'if-match': '"v0"' } })),
    );
    const won = answers.filter((r) => r.status === 200);
    expect(answers.map((r) => r.status).sort()).toEqual([200, ...Array(19).fill(412)]);
    const rows = await get().db.query<{ bank_name: string; version: number }>(
      'select bank_name, version from banking where supplier_id = $1',
      [id],
    );
    expect(rows).toEqual([{ bank_name: (won[0].body as { bank_name: string }).bank_name, version: 1 }]);
    for (const lost of answers.filter((r) => r.status === 412)) expect(lost.headers.get('etag')).toBe('"v1"');
    expect((await api(get(), t, URL(id))).body).toMatchObject({ bank_name: rows[0].bank_name, version: 1 });
  });
}
