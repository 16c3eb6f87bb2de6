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
  AddModuleItem,
  BulkCreditBody,
  BulkCreditUploadQuery,
  ContactBody,
  ContactPatch,
  ContractBody,
  ContractPatch,
  CreditBody,
  DjEditBody,
  GenreMappingBody,
  GenreMappingPatch,
  LabelMappingBody,
  LabelMappingPatch,
  MuzookaMappingBody,
  MuzookaMappingPatch,
  PublishersBody,
  SongwriterBody,
  Stage,
  StagesBody,
  artistEndpoints,
  creditEndpoints,
  labelEndpoints,
  liveStreamEndpoints,
  pageModuleEndpoints,
  supplierEndpoints,
  trackSubresourceEndpoints,
} from '../../shared/api/endpoints';
import { declaredReferences } from '../../shared/api/references';
import {
  CREDIT_ITEMS,
  DJ_EDIT_ITEMS,
  ITEM_TYPES,
  MODULE_ITEMS,
  MUZOOKA_MAPPING_ITEMS,
  PUBLISHER_ITEMS,
  SONGWRITER_ITEMS,
  STAGE_ITEMS,
  newItemValues,
  type ItemsDecl,
} from '../../shared/records';

const BODIES = {
  contacts: [ContactBody, ContactPatch],
  contracts: [ContractBody, ContractPatch],
  genreMappings: [GenreMappingBody, GenreMappingPatch],
  labelMappings: [LabelMappingBody, LabelMappingPatch],
} as const;

const shapeOf = (s: z.ZodType) => (s as unknown as z.ZodObject).shape;
const requiredKeys = (s: z.ZodType) =>
  Object.entries(shapeOf(s))
    .filter(([, f]) => !(f as z.ZodType).safeParse(undefined).success)
    .map(([k]) => k);
const entries = Object.entries(ITEM_TYPES) as [keyof typeof ITEM_TYPES, ItemsDecl][];

describe('declared items', () => {
  it.each(entries)("%s: the declared fields are the POST and PATCH bodies' keys; the required ones the POST body's", (key, decl) => {
    const [body, patch] = BODIES[key];
    const fields = Object.keys(decl.fields).sort();
    expect(Object.keys(shapeOf(body)).sort()).toEqual(fields);
    expect(Object.keys(shapeOf(patch)).sort()).toEqual(fields);
    expect(requiredKeys(body).sort()).toEqual([...decl.required].sort());
    expect(requiredKeys(patch)).toEqual([]);
    // The endpoints take these bodies.
    expect([supplierEndpoints[key].create.body, supplierEndpoints[key].patch.body]).toEqual([body, patch]);
  });

  it("a label's contracts take the supplier contracts' bodies", () => {
    expect([labelEndpoints.addContract.body, labelEndpoints.patchContract.body]).toEqual([ContractBody, ContractPatch]);
  });

  it.each(entries)(
    "%s: fields of the record fields' kinds; selects name their list, references their type; a dependent field names another",
    (_key, decl) => {
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
      expect(marked).toEqual(
        Object.entries(decl.fields)
          .filter(([, f]) => f.kind === 'select' || f.kind === 'reference')
          .map(([k]) => k)
          .sort(),
      );
    },
  );

  it("the contact's state depends on its country; the label mapping's label is one of the supplier's", () => {
    expect(ITEM_TYPES.contacts.fields.state_id).toMatchObject({
      kind: 'select',
      list: 'states',
      dependsOn: 'country_id',
      filteredBy: 'country',
    });
    expect(ITEM_TYPES.labelMappings.fields.label_id).toMatchObject({ kind: 'reference', ref: 'labels', dependsOn: 'supplier_id' });
  });

  it("a new item starts from the declared defaults; the contract's dates keep their order", () => {
    expect(newItemValues(ITEM_TYPES.contracts)).toEqual({
      contract_type_id: null,
      commercial_model_id: null,
      start_date: null,
      end_date: null,
      active: true,
    });
    expect(newItemValues(ITEM_TYPES.genreMappings)).toEqual({ source_genre: null, genre_id: null, restricted: false });
    const r = ContractBody.safeParse({ contract_type_id: 1, start_date: '2026-01-01', end_date: '2025-12-31' });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['end_date', MSG.endAfterStart]]);
  });

  it('the columns show the GET object', () => {
    const text = (decl: ItemsDecl, row: Record<string, unknown>) =>
      Object.fromEntries((decl.columns ?? []).map((c) => [c.key, c.text(row)]));
    expect(
      text(ITEM_TYPES.contacts, {
        first_name: 'Grace',
        last_name: 'Hopper',
        contact_type: { id: 1, name: 'Billing' },
        email: null,
        phone: '+1 303 555 0199',
        phone_ext: '12',
        city: 'Denver',
        state: { id: 6, name: 'Colorado' },
        country: { id: 1, name: 'United States' },
        is_primary: true,
      }),
    ).toEqual({
      name: 'Grace Hopper',
      type: 'Billing',
      email: null,
      phone: '+1 303 555 0199 ext. 12',
      place: 'Denver, Colorado, United States',
      primary: 'Primary',
    });
    expect(
      text(ITEM_TYPES.contracts, {
        contract_type: { id: 1, name: 'Licence' },
        commercial_model: null,
        start_date: '2026-01-01',
        end_date: null,
        active: false,
      }),
    ).toEqual({ type: 'Licence', model: null, start: '01/01/2026', end: null, active: 'No' });
    expect(text(ITEM_TYPES.genreMappings, { source_genre: 'House', genre: null, restricted: true })).toEqual({
      source: 'House',
      genre: 'Not mapped',
      restricted: 'Restricted',
    });
  });
});

/**
 * The other declared items: each endpoint takes its declaration's body (POST) and patch (PATCH);
 * an item sent in a list (a stage, a publisher's name) is the list's element.
 */
const OTHER_ITEMS: readonly [string, ItemsDecl, z.ZodType, z.ZodType | null][] = [
  ['songwriters', SONGWRITER_ITEMS, SongwriterBody, null],
  ['DJ edits', DJ_EDIT_ITEMS, DjEditBody, null],
  ['Muzooka mappings', MUZOOKA_MAPPING_ITEMS, MuzookaMappingBody, MuzookaMappingPatch],
  ['stages', STAGE_ITEMS, Stage, null],
  ['credits', CREDIT_ITEMS, CreditBody, null],
  ['page module items', MODULE_ITEMS, AddModuleItem, null],
];

describe('declared items of tracks, artists, live streams, users and page modules', () => {
  it('the endpoints take the declared bodies', () => {
    expect(trackSubresourceEndpoints.addSongwriter.body).toBe(SONGWRITER_ITEMS.body);
    expect(trackSubresourceEndpoints.addDjEdit.body).toBe(DJ_EDIT_ITEMS.body);
    expect([artistEndpoints.addMapping.body, artistEndpoints.patchMapping.body]).toEqual([
      MUZOOKA_MAPPING_ITEMS.body,
      MUZOOKA_MAPPING_ITEMS.patch,
    ]);
    expect(creditEndpoints.add.body).toBe(CREDIT_ITEMS.body);
    expect(liveStreamEndpoints.putStages.body).toBe(StagesBody);
    expect(trackSubresourceEndpoints.putPublishers.body).toBe(PublishersBody);
    expect(pageModuleEndpoints.addItem.body).toBe(MODULE_ITEMS.body);
  });

  it.each(OTHER_ITEMS)("%s: the declared fields are the bodies' keys; the required ones the POST body's", (_key, decl, body, patch) => {
    const fields = Object.keys(decl.fields).sort();
    expect(Object.keys(shapeOf(body)).sort()).toEqual(fields);
    expect(requiredKeys(body).sort()).toEqual([...decl.required].sort());
    if (patch) {
      expect(Object.keys(shapeOf(patch)).sort()).toEqual(fields);
      expect(requiredKeys(patch)).toEqual([]);
    }
  });

  it.each(OTHER_ITEMS)(
    "%s: fields of the record fields' kinds; selects name their list or options; every list and reference checked",
    (_key, decl, body) => {
      for (const [k, f] of Object.entries(decl.fields)) {
        expect(['text', 'number', 'money', 'select', 'reference', 'date', 'boolean'], k).toContain(f.kind);
        if (f.kind === 'select') expect(Boolean(f.list) !== Boolean(f.options), k).toBe(true);
        // A page module item's record is of the type its item type names (no declared reference).
        if (f.kind === 'reference') expect(f.ref ?? f.dependsOn, k).toBeTruthy();
      }
      const marked = [...declaredReferences(body).keys()].sort();
      expect(marked).toEqual(
        Object.entries(decl.fields)
          .filter(([, f]) => f.list ?? f.ref)
          .map(([k]) => k)
          .sort(),
      );
    },
  );

  it("the lists saved whole are made of the declared items; the bulk credit takes the credit's fields", () => {
    expect((shapeOf(StagesBody).stages as z.ZodArray).element).toBe(STAGE_ITEMS.body);
    expect((shapeOf(PublishersBody).names as z.ZodArray).element).toBe(PUBLISHER_ITEMS.fields.name.schema);
    for (const k of Object.keys(CREDIT_ITEMS.fields))
      expect(shapeOf(BulkCreditBody)[k], k).toBe(CREDIT_ITEMS.fields[k as keyof typeof CREDIT_ITEMS.fields].schema);
    expect(Object.keys(shapeOf(BulkCreditUploadQuery)).sort()).toEqual(Object.keys(CREDIT_ITEMS.fields).sort());
  });

  it('keeps the messages of the spec and the API', () => {
    const issues = (s: z.ZodType, v: unknown) => s.safeParse(v).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues(CreditBody, { amount: 0 })).toEqual([
      ['amount', 'Enter an amount greater than 0.'],
      ['currency', 'A currency is required to add credits.'],
      ['reason_id', 'A reason is required to add credits.'],
    ]);
    expect(issues(StagesBody, { stages: [{ name: ' ', number: 6 }] })).toEqual([
      ['stages.0.name', 'This field may not be blank.'],
      ['stages.0.number', 'Enter a whole number from 1 to 5.'],
    ]);
    expect(issues(SongwriterBody, { name: 'A', songwriter_type_id: 0 })).toEqual([['songwriter_type_id', MSG.selectFromList]]);
    expect(issues(MuzookaMappingBody, {})).toEqual([['muzooka_id', 'Enter a Muzooka ID.']]);
    expect(issues(AddModuleItem, { item_type_id: 1, start_date: '2026-01-02', end_date: '2026-01-01' })).toEqual([
      ['start_date', MSG.startBeforeEnd],
    ]);
  });

  it('a new Muzooka mapping is enabled; a new DJ edit\'s mix name is "DJ Edit"', () => {
    expect(newItemValues(MUZOOKA_MAPPING_ITEMS)).toEqual({ muzooka_id: null, enabled: true });
    expect(newItemValues(DJ_EDIT_ITEMS)).toEqual({ title: null, mix_name: 'DJ Edit', release_id: null });
  });
});
