/**
 * A supplier's editor routes on PGlite and on a PostgreSQL server (spec §3, §5, §7
 * Suppliers): create with contacts and contracts, "Supplier needs at least one contact
 * and one contract" on create, on every save and on removing the last one; the DDEX party
 * id (an empty entry is none); the ingester key shown once; contacts (phone, country and
 * state from the lists); contracts; genre and label mappings; labels and subscribers.
 * Destructive cases work on suppliers the suite creates.
 */
import { beforeAll, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages';
import { PHONE_MSG } from '../../../shared/records';
import { hashToken } from '../../../server/auth/crypto';
import { SANDBOX_ACCOUNTS } from '../../../server/seed/accounts';
import { api, signIn, type RunningServer } from '../helpers';

const S = '/v4/catalog/suppliers/';
const CONTACT = {
  contact_type_id: 1,
  first_name: 'Ada',
  last_name: 'Lovelace',
  country_id: 1,
  phone: '+1 303 555 0142',
  email: 'ada@example.com',
};
const CONTRACT = { contract_type_id: 1, start_date: '2026-01-01' };

export function supplierSuite(get: () => RunningServer) {
  const tokens = new Map<string, string>();
  const as = (who: string, path: string, init: Parameters<typeof api>[3] = {}) => api(get(), tokens.get(who)!, path, init);
  const create = (name: string, extra: Record<string, unknown> = {}) =>
    as('admin', S, { method: 'POST', body: { name, contacts: [CONTACT], contracts: [CONTRACT], ...extra } });
  const etagOf = async (path: string) => (await as('admin', path)).headers.get('etag')!;
  const patchSupplier = async (id: number, body: Record<string, unknown>) =>
    as('admin', `${S}${id}/`, { method: 'PATCH', body, headers: { 'if-match': await etagOf(`${S}${id}/`) } });

  beforeAll(async () => {
    for (const a of SANDBOX_ACCOUNTS) tokens.set(a.username, (await signIn(get(), a.username, a.password)).access_token);
  });

  it('POST creates a supplier only with at least one contact and one contract (§5), naming what is missing', async () => {
    const none = await as('admin', S, { method: 'POST', body: { name: 'No Contacts', contacts: [], contracts: [CONTRACT] } });
    expect([none.status, none.body]).toEqual([400, { contacts: [MSG.supplierNeedsContactAndContract] }]);
    const noContract = await as('admin', S, { method: 'POST', body: { name: 'No Contracts', contacts: [CONTACT] } });
    expect([noContract.status, noContract.body]).toEqual([400, { contracts: [MSG.supplierNeedsContactAndContract] }]);
    const ok = await create('Created Supplier', { vendor_code: 'V-NEW', ddex_party_id: '' });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ name: 'Created Supplier', vendor_code: 'V-NEW', ddex_party_id: null });
    const id = ok.body.id as number;
    expect((await as('admin', `${S}${id}/contacts/`)).body.results).toMatchObject([
      { first_name: 'Ada', country: { id: 1 }, contact_type: { id: 1 } },
    ]);
    expect((await as('admin', `${S}${id}/contracts/`)).body.results).toMatchObject([
      { start_date: '2026-01-01', end_date: null, active: true },
    ]);
    // A bad contact names its place in the body; nothing is created.
    const bad = await as('admin', S, {
      method: 'POST',
      body: { name: 'Bad Contact', contacts: [{ ...CONTACT, country_id: 99999 }], contracts: [CONTRACT] },
    });
    expect([bad.status, bad.body]).toEqual([400, { 'contacts.0.country_id': [MSG.selectFromList] }]);
    expect(await get().db.query("select 1 from suppliers where name = 'Bad Contact'")).toEqual([]);
    // Curation reads suppliers but does not create them.
    expect((await as('curation', S, { method: 'POST', body: { name: 'X', contacts: [CONTACT], contracts: [CONTRACT] } })).status).toBe(403);
  });

  it('every save needs a contact and a contract; the last one of either cannot be removed', async () => {
    const id = (await create('Keep One')).body.id as number;
    const [contact] = (await as('admin', `${S}${id}/contacts/`)).body.results!;
    const del = await as('admin', `${S}${id}/contacts/${contact.id}/`, { method: 'DELETE' });
    expect([del.status, del.body]).toEqual([400, { contacts: [MSG.supplierNeedsContactAndContract] }]);
    const [contract] = (await as('admin', `${S}${id}/contracts/`)).body.results!;
    expect((await as('admin', `${S}${id}/contracts/${contract.id}/`, { method: 'DELETE' })).body).toEqual({
      contracts: [MSG.supplierNeedsContactAndContract],
    });
    // A second contact: now the first may go.
    expect((await as('admin', `${S}${id}/contacts/`, { method: 'POST', body: { ...CONTACT, first_name: 'Grace' } })).status).toBe(201);
    expect((await as('admin', `${S}${id}/contacts/${contact.id}/`, { method: 'DELETE' })).status).toBe(204);
    // A supplier that lost its contracts (as data made before the rule) cannot be saved until it has one again.
    await get().db.query('delete from contracts where supplier_id = $1', [id]);
    const save = await patchSupplier(id, { vendor_code: 'V-KEEP' });
    expect([save.status, save.body]).toEqual([400, { contracts: [MSG.supplierNeedsContactAndContract] }]);
    expect((await as('admin', `${S}${id}/contracts/`, { method: 'POST', body: CONTRACT })).status).toBe(201);
    expect((await patchSupplier(id, { vendor_code: 'V-KEEP' })).status).toBe(200);
  });

  it('DDEX party id (§5): an empty entry is valid and stored as none; a wrong one is "Invalid DDEX Party ID"', async () => {
    const id = (await create('Ddex Supplier', { ddex_party_id: 'PADPIDA2014040101U' })).body.id as number;
    const bad = await patchSupplier(id, { ddex_party_id: 'PADPIDA123' });
    expect([bad.status, bad.body]).toEqual([400, { ddex_party_id: [MSG.invalidDdexPartyId] }]);
    const empty = await patchSupplier(id, { ddex_party_id: '' });
    expect([empty.status, empty.body.ddex_party_id]).toEqual([200, null]);
    expect((await patchSupplier(id, { ddex_party_id: 'PADPIDA0000000001' })).body.ddex_party_id).toBe('PADPIDA0000000001');
  });

  it('the ingester key is generated and rotated, shown once: only its hash and last four characters are kept', async () => {
    const id = (await create('Key Supplier')).body.id as number;
    const first = await as('admin', `${S}${id}/ingester-key/`, { method: 'POST' });
    expect(first.status).toBe(201);
    const key = first.body.ingester_key as string;
    expect(key.length).toBeGreaterThanOrEqual(40);
    expect(first.body.ingester_key_hint).toBe(key.slice(-4));
    const [row] = await get().db.query<{ ingester_key: string }>('select ingester_key from suppliers where id = $1', [id]);
    expect(row.ingester_key).toBe(hashToken(key));
    const shown = await as('admin', `${S}${id}/`);
    expect(JSON.stringify(shown.body)).not.toContain(key);
    expect(shown.body).toMatchObject({ ingester_key_hint: key.slice(-4) });
    const second = await as('contentops', `${S}${id}/ingester-key/`, { method: 'POST' });
    expect(second.body.ingester_key).not.toBe(key);
    // Curation, marketing and finance read suppliers but do not hold the ingestion rule.
    for (const who of ['curation', 'marketing', 'finance', 'supplier']) {
      expect((await as(who, `${S}${id}/ingester-key/`, { method: 'POST' })).status, who).toBe(403);
    }
  });

  it('contacts: the phone is checked, country and state come from the lists, If-Match on PATCH', async () => {
    const id = (await create('Contact Supplier')).body.id as number;
    const url = `${S}${id}/contacts/`;
    const badPhone = await as('admin', url, { method: 'POST', body: { ...CONTACT, phone: '12345' } });
    expect([badPhone.status, badPhone.body]).toEqual([400, { phone: [PHONE_MSG] }]);
    const badFax = await as('admin', url, { method: 'POST', body: { ...CONTACT, fax: 'call me' } });
    expect(badFax.body).toEqual({ fax: [PHONE_MSG] });
    const [ontario] = await get().db.query<{ id: number }>(
      "select s.id from states s join countries c on c.id = s.country_id where c.code = 'CA' limit 1",
    );
    const [us] = await get().db.query<{ id: number }>("select id from countries where code = 'US'");
    const wrongState = await as('admin', url, { method: 'POST', body: { ...CONTACT, country_id: us.id, state_id: ontario.id } });
    expect(wrongState.body).toEqual({ state_id: [MSG.selectFromList] });
    expect((await as('admin', url, { method: 'POST', body: { ...CONTACT, contact_type_id: 999 } })).body).toEqual({
      contact_type_id: [MSG.selectFromList],
    });
    expect((await as('admin', url, { method: 'POST', body: { ...CONTACT, country_id: 'Narnia' } })).body).toEqual({
      country_id: [MSG.selectFromList],
    });
    const full = {
      ...CONTACT,
      country_id: us.id,
      phone: '(303) 555-0199',
      phone_ext: '42',
      address1: '1 Main St',
      address2: 'Suite 2',
      city: 'Denver',
      postal_code: '80202',
      fax: '+44 20 7946 0958',
      website: 'https://example.com',
      username: 'ada',
      is_primary: false,
    };
    const added = await as('admin', url, { method: 'POST', body: full });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      phone: '(303) 555-0199',
      phone_ext: '42',
      fax: '+44 20 7946 0958',
      country: { id: us.id },
      city: 'Denver',
    });
    const item = `${url}${added.body.id}/`;
    expect((await as('admin', item, { method: 'PATCH', body: { city: 'Boulder' } })).status).toBe(428);
    const etag = added.headers.get('etag')!;
    const changed = await as('admin', item, { method: 'PATCH', body: { city: 'Boulder', phone: '' }, headers: { 'if-match': etag } });
    expect([changed.status, changed.body.city, changed.body.phone]).toEqual([200, 'Boulder', null]);
    expect((await as('admin', item, { method: 'PATCH', body: { city: 'Aspen' }, headers: { 'if-match': etag } })).status).toBe(412);
    // Another supplier's contact is not found under this supplier.
    expect(
      (await as('admin', `${S}1/contacts/${added.body.id}/`, { method: 'PATCH', body: { city: 'X' }, headers: { 'if-match': '"v2"' } }))
        .status,
    ).toBe(404);
    // The history of the supplier shows the contact's change.
    const history = await as('admin', `${S}${id}/history/`);
    expect(history.body.results![0]).toMatchObject({ changes: { contacts: { old: { city: 'Denver' }, new: { city: 'Boulder' } } } });
  });

  it('contracts: types from the list, End Date after Start Date', async () => {
    const id = (await create('Contract Supplier')).body.id as number;
    const url = `${S}${id}/contracts/`;
    expect((await as('admin', url, { method: 'POST', body: { ...CONTRACT, end_date: '2025-01-01' } })).body).toEqual({
      end_date: [MSG.endAfterStart],
    });
    expect((await as('admin', url, { method: 'POST', body: { ...CONTRACT, contract_type_id: 77 } })).body).toEqual({
      contract_type_id: [MSG.selectFromList],
    });
    const added = await as('admin', url, { method: 'POST', body: { ...CONTRACT, commercial_model_id: 2, end_date: '2027-01-01' } });
    expect(added.body).toMatchObject({ commercial_model: { id: 2 }, end_date: '2027-01-01' });
    const bad = await as('admin', `${url}${added.body.id}/`, {
      method: 'PATCH',
      body: { start_date: '2028-01-01' },
      headers: { 'if-match': added.headers.get('etag')! },
    });
    expect(bad.body).toEqual({ end_date: [MSG.endAfterStart] });
  });

  it("genre and label mappings: source name once per supplier, our genre or one of the supplier's labels, restricted/blacklisted", async () => {
    const id = (await create('Mapping Supplier')).body.id as number;
    const genres = `${S}${id}/genre-mappings/`;
    const g = await as('admin', genres, { method: 'POST', body: { source_genre: 'Deep House', genre_id: 1 } });
    expect([g.status, g.body]).toMatchObject([201, { source_genre: 'Deep House', genre: { id: 1 }, restricted: false, supplier_id: id }]);
    expect((await as('admin', genres, { method: 'POST', body: { source_genre: 'deep house' } })).body).toEqual({
      source_genre: ['This name is already mapped for this supplier.'],
    });
    expect((await as('admin', genres, { method: 'POST', body: { source_genre: 'Other', genre_id: 99999 } })).body).toEqual({
      genre_id: [MSG.selectFromList],
    });
    const restricted = await as('admin', `${genres}${g.body.id}/`, {
      method: 'PATCH',
      body: { genre_id: null, restricted: true },
      headers: { 'if-match': g.headers.get('etag')! },
    });
    expect(restricted.body).toMatchObject({ genre: null, restricted: true });
    expect((await as('admin', `${genres}${g.body.id}/`, { method: 'DELETE' })).status).toBe(204);
    expect((await as('admin', genres)).body.results).toEqual([]);

    const labels = `${S}${id}/label-mappings/`;
    const [other] = await get().db.query<{ id: number }>('select id from labels where supplier_id <> $1 limit 1', [id]);
    expect((await as('admin', labels, { method: 'POST', body: { source_label: 'ACME', label_id: other.id } })).body).toEqual({
      label_id: [MSG.selectFromList],
    });
    const l = await as('admin', labels, { method: 'POST', body: { source_label: 'ACME', blacklisted: true } });
    expect(l.body).toMatchObject({ source_label: 'ACME', label: null, blacklisted: true });
    // The sandbox supplier's seeded mappings are listed; contentops may write, curation only reads.
    expect(((await as('curation', `${S}1/label-mappings/`)).body.results ?? []).length).toBeGreaterThan(0);
    expect((await as('curation', labels, { method: 'POST', body: { source_label: 'B' } })).status).toBe(403);
    expect((await as('contentops', labels, { method: 'POST', body: { source_label: 'B' } })).status).toBe(201);
  });

  it('labels and subscribers of a supplier; a hidden or missing supplier is 404', async () => {
    const labels = await as('admin', `${S}1/labels/`);
    const [{ n }] = await get().db.query<{ n: number }>('select count(*)::int as n from labels where supplier_id = 1');
    expect(labels.body.count).toBe(n);
    const subs = await as('admin', `${S}1/subscribers/`);
    expect(subs.body.results).toEqual(expect.arrayContaining([expect.objectContaining({ username: 'supplier' })]));
    expect((await as('admin', `${S}999999/labels/`)).status).toBe(404);
    expect((await as('admin', `${S}999999/contacts/`)).status).toBe(404);
    expect((await as('label', `${S}1/contacts/`)).status).toBe(403);
  });
}
