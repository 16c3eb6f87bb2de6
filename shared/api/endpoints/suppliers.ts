/**
 * A supplier's sub-resources (spec §3 Supplier and Contact, §5, §7 Suppliers): POST
 * create (with its first contacts and contracts: "Supplier needs at least one contact and
 * one contract"), the ingester key (generated or rotated, shown once), contacts,
 * contracts, genre and label mappings (GET/POST/PATCH/DELETE, in the shape ingestion
 * applies them: supplier + the name a delivery gives → our genre/label, or refused),
 * its labels and subscribers. server/README.md "Suppliers" says what each call does.
 */
import { z } from 'zod';
import { isValidPhoneNumber } from 'libphonenumber-js/min';
import { MSG } from '../../messages';
import { RECORDS } from '../../records/registry';
import { NAME_MAX, bool, day, requiredText } from '../../records/values';
import { endpoint, IdParam } from '../endpoint';
import { choiceIdSchema, choiceOf, refersTo } from '../references';
import { listEnvelope } from '../envelope';
import { limited } from '../limits';

const params = z.object({ id: IdParam });
const itemParams = z.object({ id: IdParam, item: IdParam });
const S = '/v4/catalog/suppliers/:id/';

const Ref = z.object({ id: z.number().int(), name: z.string() });
const emptyIsNull = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), schema.nullable());

/** The default country of a phone number written without its +country code: the store's (spec §9 Mountain time). */
export const PHONE_DEFAULT_COUNTRY = 'US';
export const PHONE_MSG = 'Enter a valid phone number (with its +country code outside the US).';
/** Spec §5 "Phone number validity check (rule not shown)": a number libphonenumber-js finds valid. */
export const isValidPhone = (v: string): boolean => isValidPhoneNumber(v, PHONE_DEFAULT_COUNTRY);
const phone = emptyIsNull(limited(40).refine(isValidPhone, PHONE_MSG));
const optional = (max = NAME_MAX) => emptyIsNull(limited(max));

/** Every Contact field of spec §3, with email, username and whether it is the primary contact. */
export const CONTACT_FIELDS = {
  contact_type_id: choiceOf('contact-types'),
  first_name: requiredText(NAME_MAX),
  last_name: requiredText(NAME_MAX),
  email: emptyIsNull(limited(254).pipe(z.email('Enter a valid email address.'))),
  username: optional(150),
  phone,
  phone_ext: emptyIsNull(limited(10).regex(/^\d+$/, 'Enter the extension as digits.')),
  address1: optional(),
  address2: optional(),
  city: optional(),
  postal_code: optional(32),
  /** Province/state: one of the chosen country's states (the states reference list). */
  state_id: emptyIsNull(choiceOf('states')),
  country_id: choiceOf('countries'),
  fax: phone,
  website: emptyIsNull(limited(NAME_MAX).pipe(z.url({ protocol: /^https?$/, error: 'Enter a valid URL (http or https).' }))),
  is_primary: bool(),
};
export const ContactBody = z.strictObject(CONTACT_FIELDS).partial({ is_primary: true, email: true, username: true, phone: true, phone_ext: true,
  address1: true, address2: true, city: true, postal_code: true, state_id: true, fax: true, website: true });
export type ContactBody = z.input<typeof ContactBody>;
export const ContactPatch = z.strictObject(CONTACT_FIELDS).partial();
export const Contact = z.object({
  id: z.number().int(), version: z.number().int(),
  contact_type: Ref.nullable(), state: Ref.nullable(), country: Ref.nullable(),
  first_name: z.string().nullable(), last_name: z.string().nullable(), email: z.string().nullable(), username: z.string().nullable(),
  phone: z.string().nullable(), phone_ext: z.string().nullable(), address1: z.string().nullable(), address2: z.string().nullable(),
  city: z.string().nullable(), postal_code: z.string().nullable(), fax: z.string().nullable(), website: z.string().nullable(),
  is_primary: z.boolean(),
});
export type Contact = z.infer<typeof Contact>;

/** A supplier's contract: its type (contract-types) and commercial model (commercial-model-types), from a day, until a day or open. */
const CONTRACT_FIELDS = {
  contract_type_id: choiceOf('contract-types'),
  commercial_model_id: emptyIsNull(choiceOf('commercial-model-types')),
  start_date: day,
  end_date: emptyIsNull(day),
  active: bool(),
};
const endAfterStart = (b: { start_date?: string; end_date?: string | null }) => !b.start_date || !b.end_date || b.start_date < b.end_date;
export const ContractBody = z.strictObject(CONTRACT_FIELDS).partial({ commercial_model_id: true, end_date: true, active: true })
  .refine(endAfterStart, { message: MSG.endAfterStart, path: ['end_date'] });
export type ContractBody = z.input<typeof ContractBody>;
export const ContractPatch = z.strictObject(CONTRACT_FIELDS).partial();
export const Contract = z.object({
  id: z.number().int(), version: z.number().int(), contract_type: Ref.nullable(), commercial_model: Ref.nullable(),
  start_date: z.string(), end_date: z.string().nullable(), active: z.boolean(),
});
export type Contract = z.infer<typeof Contract>;

/**
 * A genre mapping: the genre name a supplier's deliveries give (`source_genre`, matched
 * case-insensitively, once per supplier) → our genre (null: not mapped, §8 "genre not
 * mapped for the supplier"); `restricted`: deliveries in it are refused ("genre does not
 * allow ingestion for the supplier").
 */
export const GenreMappingBody = z.strictObject({ source_genre: requiredText(NAME_MAX), genre_id: emptyIsNull(choiceOf('genres')), restricted: bool() })
  .partial({ genre_id: true, restricted: true });
export const GenreMappingPatch = GenreMappingBody.partial();
export const GenreMapping = z.object({
  id: z.number().int(), version: z.number().int(), supplier_id: z.number().int(),
  source_genre: z.string(), genre: Ref.nullable(), restricted: z.boolean(),
});
export type GenreMapping = z.infer<typeof GenreMapping>;

/**
 * A label mapping: the label name a delivery gives → our label (one of the supplier's;
 * null: not mapped, "label does not exist or is not mapped for the supplier");
 * `blacklisted`: refused ("blacklisted in label mapping table for supplier").
 */
export const LabelMappingBody = z.strictObject({ source_label: requiredText(NAME_MAX), label_id: emptyIsNull(refersTo(choiceIdSchema, { record: 'labels' })), blacklisted: bool() })
  .partial({ label_id: true, blacklisted: true });
export const LabelMappingPatch = LabelMappingBody.partial();
export const LabelMapping = z.object({
  id: z.number().int(), version: z.number().int(), supplier_id: z.number().int(),
  source_label: z.string(), label: Ref.nullable(), blacklisted: z.boolean(),
});
export type LabelMapping = z.infer<typeof LabelMapping>;

/** Spec §5 "Supplier needs at least one contact and one contract": both lists of a create. */
const atLeastOne = <T extends z.ZodType>(item: T) =>
  z.array(item, { error: MSG.supplierNeedsContactAndContract }).min(1, MSG.supplierNeedsContactAndContract).max(20, 'Ensure this list has no more than 20 items.');
/** POST /v4/catalog/suppliers/: the supplier's fields with its first contacts and contracts. */
export const SupplierCreate = RECORDS.suppliers.createSchema.extend({ contacts: atLeastOne(ContactBody), contracts: atLeastOne(ContractBody) });
export type SupplierCreate = z.input<typeof SupplierCreate>;

/** A newly generated ingester key: `ingester_key` is in this answer only (the server keeps its hash). */
export const IngesterKey = z.object({ ingester_key: z.string(), ingester_key_hint: z.string(), ingester_key_created_at: z.string() });
export type IngesterKey = z.infer<typeof IngesterKey>;

export const SupplierLabel = z.object({ id: z.number().int(), name: z.string(), enabled: z.boolean() });
export const Subscriber = z.object({ id: z.number().int(), username: z.string(), email: z.string(), role: z.string().nullable(), enabled: z.boolean() });
export type Subscriber = z.infer<typeof Subscriber>;

/** GET/POST/PATCH/DELETE of one kind of supplier item. */
function collection<I extends z.ZodType, B extends z.ZodType, P extends z.ZodType>(path: string, what: string, item: I, body: B, patch: P) {
  return {
    list: endpoint({ method: 'GET', path: `${S}${path}/`, params, response: listEnvelope(item), doc: `A supplier's ${what}.` }),
    create: endpoint({ method: 'POST', path: `${S}${path}/`, params, body, response: item, doc: `Adds one of a supplier's ${what} (201).` }),
    patch: endpoint({
      method: 'PATCH', path: `${S}${path}/:item/`, params: itemParams, body: patch, response: item,
      doc: `Changes one of a supplier's ${what} (If-Match required).`,
    }),
    remove: endpoint({ method: 'DELETE', path: `${S}${path}/:item/`, params: itemParams, response: z.null(), doc: `Removes one of a supplier's ${what} (204).` }),
  };
}

export const supplierEndpoints = {
  create: endpoint({
    method: 'POST', path: '/v4/catalog/suppliers/', body: SupplierCreate, response: z.looseObject({ id: z.number().int(), version: z.number().int() }),
    doc: 'Creates a supplier with at least one contact and one contract; 201 with the supplier and its ETag.',
  }),
  ingesterKey: endpoint({
    method: 'POST', path: `${S}ingester-key/`, params, response: IngesterKey,
    doc: 'Generates a new ingester key (replacing any): the key is in this answer only (201).',
  }),
  contacts: collection('contacts', 'contacts', Contact, ContactBody, ContactPatch),
  contracts: collection('contracts', 'contracts', Contract, ContractBody, ContractPatch),
  genreMappings: collection('genre-mappings', 'genre mappings', GenreMapping, GenreMappingBody, GenreMappingPatch),
  labelMappings: collection('label-mappings', 'label mappings', LabelMapping, LabelMappingBody, LabelMappingPatch),
  labels: endpoint({ method: 'GET', path: `${S}labels/`, params, response: listEnvelope(SupplierLabel), doc: 'A supplier\'s labels, by name.' }),
  subscribers: endpoint({
    method: 'GET', path: `${S}subscribers/`, params, response: listEnvelope(Subscriber),
    doc: 'The user accounts of a supplier (who sign in for it and receive its notices), by username.',
  }),
};
