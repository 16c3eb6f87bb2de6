/**
 * A supplier's sub-resources (spec §3 Supplier and Contact, §5, §7 Suppliers): POST
 * create (with its first contacts and contracts: "Supplier needs at least one contact and
 * one contract"), the ingester key (generated or rotated, shown once), contacts,
 * contracts, genre and label mappings (GET/POST/PATCH/DELETE, in the shape ingestion
 * applies them: supplier + the name a delivery gives → our genre/label, or refused),
 * its labels and subscribers. server/README.md "Suppliers" says what each call does.
 */
import { z } from 'zod';
import { MSG } from '../../messages';
import { RECORDS } from '../../records/registry';
import { CONTACT_ITEMS, CONTRACT_ITEMS, GENRE_MAPPING_ITEMS, LABEL_MAPPING_ITEMS } from '../../records/items';
import { endpoint, IdParam } from '../endpoint';
import { listEnvelope } from '../envelope';

const params = z.object({ id: IdParam });
const itemParams = z.object({ id: IdParam, item: IdParam });
const S = '/v4/catalog/suppliers/:id/';

const Ref = z.object({ id: z.number().int(), name: z.string() });

/** Every Contact field of spec §3 (shared/records/items.ts CONTACT_ITEMS): POST needs the type, the names and the country. */
export const ContactBody = CONTACT_ITEMS.body;
export type ContactBody = z.input<typeof ContactBody>;
export const ContactPatch = CONTACT_ITEMS.patch;
export const Contact = z.object({
  id: z.number().int(),
  version: z.number().int(),
  contact_type: Ref.nullable(),
  state: Ref.nullable(),
  country: Ref.nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  username: z.string().nullable(),
  phone: z.string().nullable(),
  phone_ext: z.string().nullable(),
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  city: z.string().nullable(),
  postal_code: z.string().nullable(),
  fax: z.string().nullable(),
  website: z.string().nullable(),
  is_primary: z.boolean(),
});
export type Contact = z.infer<typeof Contact>;

/** A supplier's contract (CONTRACT_ITEMS): POST needs its type and start, and an end after the start. */
export const ContractBody = CONTRACT_ITEMS.body;
export type ContractBody = z.input<typeof ContractBody>;
export const ContractPatch = CONTRACT_ITEMS.patch;
export const Contract = z.object({
  id: z.number().int(),
  version: z.number().int(),
  contract_type: Ref.nullable(),
  commercial_model: Ref.nullable(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  active: z.boolean(),
});
export type Contract = z.infer<typeof Contract>;

/** A genre mapping (GENRE_MAPPING_ITEMS): a delivery's genre name → our genre, or restricted. */
export const GenreMappingBody = GENRE_MAPPING_ITEMS.body;
export const GenreMappingPatch = GENRE_MAPPING_ITEMS.patch;
export const GenreMapping = z.object({
  id: z.number().int(),
  version: z.number().int(),
  supplier_id: z.number().int(),
  source_genre: z.string(),
  genre: Ref.nullable(),
  restricted: z.boolean(),
});
export type GenreMapping = z.infer<typeof GenreMapping>;

/** A label mapping (LABEL_MAPPING_ITEMS): a delivery's label name → one of the supplier's labels, or blacklisted. */
export const LabelMappingBody = LABEL_MAPPING_ITEMS.body;
export const LabelMappingPatch = LABEL_MAPPING_ITEMS.patch;
export const LabelMapping = z.object({
  id: z.number().int(),
  version: z.number().int(),
  supplier_id: z.number().int(),
  source_label: z.string(),
  label: Ref.nullable(),
  blacklisted: z.boolean(),
});
export type LabelMapping = z.infer<typeof LabelMapping>;

/** Spec §5 "Supplier needs at least one contact and one contract": both lists of a create. */
const atLeastOne = <T extends z.ZodType>(item: T) =>
  z
    .array(item, { error: MSG.supplierNeedsContactAndContract })
    .min(1, MSG.supplierNeedsContactAndContract)
    .max(20, 'Ensure this list has no more than 20 items.');
/** POST /v4/catalog/suppliers/: the supplier's fields with its first contacts and contracts. */
export const SupplierCreate = RECORDS.suppliers.createSchema.extend({
  contacts: atLeastOne(ContactBody),
  contracts: atLeastOne(ContractBody),
});
export type SupplierCreate = z.input<typeof SupplierCreate>;

/** A newly generated ingester key: `ingester_key` is in this answer only (the server keeps its hash). */
export const IngesterKey = z.object({ ingester_key: z.string(), ingester_key_hint: z.string(), ingester_key_created_at: z.string() });
export type IngesterKey = z.infer<typeof IngesterKey>;

export const SupplierLabel = z.object({ id: z.number().int(), name: z.string(), enabled: z.boolean() });
export const Subscriber = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  role: z.string().nullable(),
  enabled: z.boolean(),
});
export type Subscriber = z.infer<typeof Subscriber>;

/** GET/POST/PATCH/DELETE of one kind of supplier item. */
function collection<I extends z.ZodType, B extends z.ZodType, P extends z.ZodType>(path: string, what: string, item: I, body: B, patch: P) {
  return {
    list: endpoint({ method: 'GET', path: `${S}${path}/`, params, response: listEnvelope(item), doc: `A supplier's ${what}.` }),
    create: endpoint({
      method: 'POST',
      path: `${S}${path}/`,
      params,
      body,
      response: item,
      doc: `Adds one of a supplier's ${what} (201).`,
    }),
    patch: endpoint({
      method: 'PATCH',
      path: `${S}${path}/:item/`,
      params: itemParams,
      body: patch,
      response: item,
      doc: `Changes one of a supplier's ${what} (If-Match required).`,
    }),
    remove: endpoint({
      method: 'DELETE',
      path: `${S}${path}/:item/`,
      params: itemParams,
      response: z.null(),
      doc: `Removes one of a supplier's ${what} (204).`,
    }),
  };
}

export const supplierEndpoints = {
  create: endpoint({
    method: 'POST',
    path: '/v4/catalog/suppliers/',
    body: SupplierCreate,
    response: z.looseObject({ id: z.number().int(), version: z.number().int() }),
    doc: 'Creates a supplier with at least one contact and one contract; 201 with the supplier and its ETag.',
  }),
  ingesterKey: endpoint({
    method: 'POST',
    path: `${S}ingester-key/`,
    params,
    response: IngesterKey,
    doc: 'Generates a new ingester key (replacing any): the key is in this answer only (201).',
  }),
  contacts: collection('contacts', 'contacts', Contact, ContactBody, ContactPatch),
  contracts: collection('contracts', 'contracts', Contract, ContractBody, ContractPatch),
  genreMappings: collection('genre-mappings', 'genre mappings', GenreMapping, GenreMappingBody, GenreMappingPatch),
  labelMappings: collection('label-mappings', 'label mappings', LabelMapping, LabelMappingBody, LabelMappingPatch),
  labels: endpoint({
    method: 'GET',
    path: `${S}labels/`,
    params,
    response: listEnvelope(SupplierLabel),
    doc: "A supplier's labels, by name.",
  }),
  subscribers: endpoint({
    method: 'GET',
    path: `${S}subscribers/`,
    params,
    response: listEnvelope(Subscriber),
    doc: 'The user accounts of a supplier (who sign in for it and receive its notices), by username.',
  }),
};
