/**
 * The declared items (shared/records/items.ts): each item type's fields are its endpoints'
 * POST and PATCH bodies (shared/api/endpoints), so a field added to one and not the other
 * fails here; the declarations use the record fields' kinds and say where a field depends on
 * another; the columns read the GET object.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { MSG } from '../../shared/messages';
import {
  ContactBody, ContactPatch, ContractBody, ContractPatch, GenreMappingBody, GenreMappingPatch, LabelMappingBody, LabelMappingPatch,
  labelEndpoints, supplierEndpoints,
} from '../../shared/api/endpoints';
import { declaredReferences } from '../../shared/api/references';
import { ITEM_TYPES, newItemValues, type ItemsDecl } from '../../shared/records';

const BODIES = {
  contacts: [ContactBody, ContactPatch],
  contracts: [ContractBody, ContractPatch],
  genreMappings: [GenreMappingBody, GenreMappingPatch],
  labelMappings: [LabelMappingBody, LabelMappingPatch],
} as const;

const shapeOf = (s: z.ZodType) => (s as unknown as z.ZodObject).shape;
const requiredKeys = (s: z.ZodType) => Object.entries(shapeOf(s)).filter(([, f]) => !(f as z.ZodType).safeParse(undefined).success).map(([k]) => k);
const entries = Object.entries(ITEM_TYPES) as [keyof typeof ITEM_TYPES, ItemsDecl][];

describe('declared items', () => {
  it.each(entries)('%s: the declared fields are the POST and PATCH bodies\' keys; the required ones the POST body\'s', (key, decl) => {
    const [body, patch] = BODIES[key];
    const fields = Object.keys(decl.fields).sort();
    expect(Object.keys(shapeOf(body)).sort()).toEqual(fields);
    expect(Object.keys(shapeOf(patch)).sort()).toEqual(fields);
    expect(requiredKeys(body).sort()).toEqual([...decl.required].sort());
    expect(requiredKeys(patch)).toEqual([]);
    // The endpoints take these bodies.
    expect([supplierEndpoints[key].create.body, supplierEndpoints[key].patch.body]).toEqual([body, patch]);
  });

  it('a label\'s contracts take the supplier contracts\' bodies', () => {
    expect([labelEndpoints.addContract.body, labelEndpoints.patchContract.body]).toEqual([ContractBody, ContractPatch]);
  });

  it.each(entries)('%s: fields of the record fields\' kinds; selects name their list, references their type; a dependent field names another', (_key, decl) => {
    for (const [k, f] of Object.entries(decl.fields)) {
      expect(['text', 'select', 'reference', 'date', 'boolean'], k).toContain(f.kind);
      if (f.kind === 'select') expect(f.list, k).toBeTruthy();
      if (f.kind === 'reference') expect(f.ref, k).toBeTruthy();
      // A select depends on another field of the item; a reference on the record the items belong to.
      if (f.dependsOn && f.kind === 'select') expect(Object.keys(decl.fields), k).toContain(f.dependsOn);
      if (f.dependsOn && f.kind === 'reference') expect(f.dependsOn, k).toBe('supplier_id');
    }
    // Every select and reference is checked by the server (§5 "Please select a valid option from the list").
    const marked = [...declaredReferences(decl.body).keys()].sort();
    expect(marked).toEqual(Object.entries(decl.fields).filter(([, f]) => f.kind === 'select' || f.kind === 'reference').map(([k]) => k).sort());
  });

  it('the contact\'s state depends on its country; the label mapping\'s label is one of the supplier\'s', () => {
    expect(ITEM_TYPES.contacts.fields.state_id).toMatchObject({ kind: 'select', list: 'states', dependsOn: 'country_id', filteredBy: 'country' });
    expect(ITEM_TYPES.labelMappings.fields.label_id).toMatchObject({ kind: 'reference', ref: 'labels', dependsOn: 'supplier_id' });
  });

  it('a new item starts from the declared defaults; the contract\'s dates keep their order', () => {
    expect(newItemValues(ITEM_TYPES.contracts)).toEqual({ contract_type_id: null, commercial_model_id: null, start_date: null, end_date: null, active: true });
    expect(newItemValues(ITEM_TYPES.genreMappings)).toEqual({ source_genre: null, genre_id: null, restricted: false });
    const r = ContractBody.safeParse({ contract_type_id: 1, start_date: '2026-01-01', end_date: '2025-12-31' });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['end_date', MSG.endAfterStart]]);
  });

  it('the columns show the GET object', () => {
    const text = (decl: ItemsDecl, row: Record<string, unknown>) => Object.fromEntries(decl.columns.map((c) => [c.key, c.text(row)]));
    expect(text(ITEM_TYPES.contacts, {
      first_name: 'Grace', last_name: 'Hopper', contact_type: { id: 1, name: 'Billing' }, email: null, phone: '+1 303 555 0199', phone_ext: '12',
      city: 'Denver', state: { id: 6, name: 'Colorado' }, country: { id: 1, name: 'United States' }, is_primary: true,
    })).toEqual({ name: 'Grace Hopper', type: 'Billing', email: null, phone: '+1 303 555 0199 ext. 12', place: 'Denver, Colorado, United States', primary: 'Primary' });
    expect(text(ITEM_TYPES.contracts, { contract_type: { id: 1, name: 'Licence' }, commercial_model: null, start_date: '2026-01-01', end_date: null, active: false }))
      .toEqual({ type: 'Licence', model: null, start: '01/01/2026', end: null, active: 'No' });
    expect(text(ITEM_TYPES.genreMappings, { source_genre: 'House', genre: null, restricted: true })).toEqual({ source: 'House', genre: 'Not mapped', restricted: 'Restricted' });
  });
});
