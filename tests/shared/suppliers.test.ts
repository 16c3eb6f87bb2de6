/** Supplier rules shared by the form and the API (spec §5): the DDEX party id's messages, the contact's phone, create needs a contact and a contract. */
import { describe, expect, it } from 'vitest';
import { MSG } from '../../shared/messages';
import { ContactBody, SupplierCreate } from '../../shared/api/endpoints';
import { ddexPartyIdStatus, isValidPhone, PHONE_MSG, RECORDS } from '../../shared/records';

describe('DDEX party id (§5)', () => {
  it.each([
    ['', true, MSG.emptyEntry],
    ['   ', true, MSG.emptyEntry],
    [null, true, MSG.emptyEntry],
    ['PADPIDA2014040101U', true, MSG.validDdexPartyId],
    ['PADPIDA2014040101', true, MSG.validDdexPartyId],
    ['PADPIDA201404010', false, MSG.invalidDdexPartyId],
    ['PADPIDA2014040101u', false, MSG.invalidDdexPartyId],
    ['XADPIDA2014040101', false, MSG.invalidDdexPartyId],
  ])('%j → valid %s, "%s"', (value, valid, message) => {
    expect(ddexPartyIdStatus(value)).toEqual({ valid, message });
  });
  it('the PATCH schema takes an empty entry as none and refuses the rest with the §5 text', () => {
    expect(RECORDS.suppliers.patch.parse({ ddex_party_id: '' })).toEqual({ ddex_party_id: null });
    expect(RECORDS.suppliers.patch.safeParse({ ddex_party_id: 'PADPIDA1' }).error?.issues[0].message).toBe(MSG.invalidDdexPartyId);
  });
});

describe('contact phone (libphonenumber-js)', () => {
  it.each([
    ['+1 303 555 0142', true],
    ['(303) 555-0142', true],
    ['+44 20 7946 0958', true],
    ['12345', false],
    ['+44 12', false],
    ['call me', false],
  ])('%s → %s', (v, ok) => {
    expect(isValidPhone(v)).toBe(ok);
  });
  it('names the phone and the fax; an empty one is none', () => {
    const base = { contact_type_id: 1, first_name: 'A', last_name: 'B', country_id: 1 };
    expect(ContactBody.safeParse({ ...base, phone: '555' }).error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['phone', PHONE_MSG],
    ]);
    expect(ContactBody.parse({ ...base, phone: '', fax: '' })).toMatchObject({ phone: null, fax: null });
    expect(ContactBody.safeParse({ ...base, country_id: 'x' }).error?.issues[0].message).toBe(MSG.selectFromList);
  });
});

describe('supplier create (§5)', () => {
  it('needs at least one contact and one contract', () => {
    const r = SupplierCreate.safeParse({ name: 'S', contacts: [], contracts: [] });
    expect(r.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['contacts', MSG.supplierNeedsContactAndContract],
      ['contracts', MSG.supplierNeedsContactAndContract],
    ]);
  });
});
