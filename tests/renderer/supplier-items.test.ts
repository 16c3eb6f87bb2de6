/** The supplier item forms as data (renderer/features/records/SupplierItemsTab.tsx): values from an item, the body of a new or changed one, errors by field. */
import { describe, expect, it } from 'vitest';
import { MSG } from '../../shared/messages';
import { ITEM_TYPES, PHONE_MSG } from '../../shared/records';
import { itemDraft, itemValues } from '../../renderer/features/records/SupplierItemsTab';

const { contacts, contracts, labelMappings } = ITEM_TYPES;

describe('supplier item forms', () => {
  it('reads a stored item: references by their id fields', () => {
    const v = itemValues(contacts, {
      id: 1,
      version: 2,
      contact_type: { id: 2, name: 'Billing' },
      country: { id: 5, name: 'X' },
      state: null,
      first_name: 'A',
      is_primary: true,
    });
    expect(v).toMatchObject({ contact_type_id: 2, country_id: 5, state_id: null, first_name: 'A', is_primary: true, phone: null });
    expect(itemValues(contracts, null)).toMatchObject({ active: true, start_date: null });
  });
  it('a new contact: the given values only; a missing select is "Please select a valid option from the list"', () => {
    const empty = itemDraft(contacts, null, itemValues(contacts, null));
    expect(empty).toEqual({ errors: expect.objectContaining({ contact_type_id: MSG.selectFromList, country_id: MSG.selectFromList }) });
    const bad = itemDraft(contacts, null, {
      ...itemValues(contacts, null),
      contact_type_id: 1,
      country_id: 1,
      first_name: 'A',
      last_name: 'B',
      phone: '123',
    });
    expect(bad).toEqual({ errors: { phone: PHONE_MSG } });
    const ok = itemDraft(contacts, null, {
      ...itemValues(contacts, null),
      contact_type_id: 1,
      country_id: 1,
      first_name: 'A',
      last_name: 'B',
      phone: '+1 303 555 0142',
    });
    expect(ok).toEqual({
      body: { contact_type_id: 1, country_id: 1, first_name: 'A', last_name: 'B', phone: '+1 303 555 0142', is_primary: false },
    });
  });
  it('an edited item sends its changed fields; the contract dates keep their order', () => {
    const before = { contract_type_id: 1, commercial_model_id: null, start_date: '2026-01-01', end_date: null, active: true };
    expect(itemDraft(contracts, before, { ...before, active: false })).toEqual({ body: { active: false } });
    expect(itemDraft(contracts, null, { ...before, end_date: '2025-01-01' })).toEqual({ errors: { end_date: MSG.endAfterStart } });
    expect(itemDraft(labelMappings, null, { source_label: '', label_id: null, blacklisted: false })).toEqual({
      errors: { source_label: 'This field may not be blank.' },
    });
  });
});
