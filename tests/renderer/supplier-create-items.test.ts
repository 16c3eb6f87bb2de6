/**
 * A new supplier's first contact and contract on /create (spec §5 "Supplier needs at
 * least one contact and one contract"): a part left empty is the §5 message, a part begun
 * is checked with the API's schemas, both valid are the create body's lists; the server's
 * 400 lands under the part's fields.
 */
import { describe, expect, it } from 'vitest';
import { MSG } from '../../shared/messages';
import { emptyFirstItems, firstItemServerErrors, firstItemsDraft } from '../../renderer/features/records/SupplierCreateItems';

const CONTACT = { contact_type_id: 1, first_name: 'Ada', last_name: 'Lovelace', country_id: 1 };
const CONTRACT = { contract_type_id: 1, start_date: '2026-01-01' };

describe("a new supplier's first contact and contract", () => {
  it('both left empty: the §5 message, nothing to send', () => {
    expect(firstItemsDraft(emptyFirstItems())).toEqual({
      errors: { contact: {}, contract: {}, rule: MSG.supplierNeedsContactAndContract },
    });
  });

  it('a contact without a contract: the §5 message; a begun contact is checked field by field', () => {
    const e = emptyFirstItems();
    const onlyContact = firstItemsDraft({ ...e, contact: { ...e.contact, ...CONTACT } });
    expect(onlyContact).toMatchObject({ errors: { rule: MSG.supplierNeedsContactAndContract, contact: {} } });
    const begun = firstItemsDraft({ contact: { ...e.contact, first_name: 'Ada' }, contract: { ...e.contract, ...CONTRACT } });
    expect(begun).toMatchObject({
      errors: { contact: { contact_type_id: MSG.selectFromList, country_id: MSG.selectFromList }, contract: {} },
    });
    expect((begun as { errors: { rule?: string } }).errors.rule).toBeUndefined();
  });

  it("both filled: the create body's lists", () => {
    const e = emptyFirstItems();
    expect(firstItemsDraft({ contact: { ...e.contact, ...CONTACT }, contract: { ...e.contract, ...CONTRACT } })).toEqual({
      contacts: [{ ...CONTACT, is_primary: false }],
      contracts: [{ ...CONTRACT, active: true }],
    });
  });

  it("the server's 400 by part: contacts.0.x under the contact's field, contracts as the §5 message", () => {
    expect(
      firstItemServerErrors({
        'contacts.0.country_id': [MSG.selectFromList],
        contracts: [MSG.supplierNeedsContactAndContract],
        name: ['x'],
      }),
    ).toEqual({ contact: { country_id: MSG.selectFromList }, contract: {}, rule: MSG.supplierNeedsContactAndContract });
  });
});
