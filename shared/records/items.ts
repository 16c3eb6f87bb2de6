/**
 * The items of records as data (spec §3, §7 Suppliers and Labels): a supplier's contacts,
 * contracts, genre mappings and label mappings, and a label's contracts (the supplier
 * contracts' declaration). Each declares its fields with field() and the record fields'
 * kinds (./define.ts), the table's columns, and its rules; the item endpoints' bodies are
 * made from it (shared/api/endpoints/suppliers.ts) and the record page's items tab
 * (renderer/features/records/SupplierItemsTab.tsx) renders its form and table from it.
 */
import { z } from 'zod';
import { isValidPhoneNumber } from 'libphonenumber-js/min';
import { MSG } from '../messages';
import { formatDate } from '../format';
import { limited } from '../api/limits';
import { choiceIdSchema } from '../api/references';
import { defineItems, field, type ItemColumn } from './define';
import { NAME_MAX, bool, day, requiredText } from './values';

/** An optional value: an empty or blank text is null. */
const emptyIsNull = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), schema.nullable());

/** The default country of a phone number written without its +country code: the store's (spec §9 Mountain time). */
export const PHONE_DEFAULT_COUNTRY = 'US';
export const PHONE_MSG = 'Enter a valid phone number (with its +country code outside the US).';
/** Spec §5 "Phone number validity check (rule not shown)": a number libphonenumber-js finds valid. */
export const isValidPhone = (v: string): boolean => isValidPhoneNumber(v, PHONE_DEFAULT_COUNTRY);
const phone = () => emptyIsNull(limited(40).refine(isValidPhone, PHONE_MSG));
const optional = (max = NAME_MAX) => emptyIsNull(limited(max));

const shown = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));
const nameOf = (v: unknown): string | null => (v && typeof v === 'object' ? shown((v as { name?: unknown }).name) : null);

/** Columns by how they show a field of the item's GET object. */
const column = {
  text: (key: string, title: string, f = key): ItemColumn => ({ key, title, text: (r) => shown(r[f]) }),
  /** A reference ({id, name}) by its name; `none` when there is none ("Not mapped"). */
  ref: (key: string, title: string, f: string, none: string | null = null): ItemColumn => ({
    key,
    title,
    text: (r) => (r[f] ? nameOf(r[f]) : none),
  }),
  date: (key: string, title: string, f: string): ItemColumn => ({ key, title, text: (r) => (r[f] ? formatDate(String(r[f])) : null) }),
  yesNo: (key: string, title: string, f: string): ItemColumn => ({ key, title, text: (r) => (r[f] ? 'Yes' : 'No') }),
  /** A flag shown as a tag of its word when set. */
  flag: (key: string, title: string, f: string, word: string, tag: string): ItemColumn => ({
    key,
    title,
    tag,
    text: (r) => (r[f] ? word : null),
  }),
};

/** Every Contact field of spec §3, with email, username and whether it is the primary contact (the form's order). */
export const CONTACT_ITEMS = defineItems({
  noun: 'contact',
  keepOne: true,
  fields: {
    contact_type_id: field('Contact Type', 'select', choiceIdSchema, { list: 'contact-types', shownAs: 'contact_type' }),
    first_name: field('First Name', 'text', requiredText(NAME_MAX)),
    last_name: field('Last Name', 'text', requiredText(NAME_MAX)),
    email: field('Email', 'text', emptyIsNull(limited(254).pipe(z.email('Enter a valid email address.')))),
    username: field('Username', 'text', optional(150)),
    phone: field('Phone', 'text', phone()),
    phone_ext: field('Extension', 'text', emptyIsNull(limited(10).regex(/^\d+$/, 'Enter the extension as digits.'))),
    address1: field('Street Address', 'text', optional()),
    address2: field('Street Address (line 2)', 'text', optional()),
    city: field('City', 'text', optional()),
    postal_code: field('Postal Code', 'text', optional(32)),
    country_id: field('Country', 'select', choiceIdSchema, { list: 'countries', shownAs: 'country' }),
    /** Province/state: one of the chosen country's states (the states reference list). */
    state_id: field('Province/State', 'select', emptyIsNull(choiceIdSchema), {
      list: 'states',
      dependsOn: 'country_id',
      filteredBy: 'country',
      shownAs: 'state',
    }),
    fax: field('Fax', 'text', phone()),
    website: field(
      'Website',
      'text',
      emptyIsNull(limited(NAME_MAX).pipe(z.url({ protocol: /^https?$/, error: 'Enter a valid URL (http or https).' }))),
    ),
    is_primary: field('Primary Contact', 'boolean', bool()),
  },
  required: ['contact_type_id', 'first_name', 'last_name', 'country_id'],
  columns: [
    { key: 'name', title: 'Name', text: (r) => [shown(r.first_name), shown(r.last_name)].filter(Boolean).join(' ') || null },
    column.ref('type', 'Type', 'contact_type'),
    column.text('email', 'Email'),
    {
      key: 'phone',
      title: 'Phone',
      text: (r) => (r.phone ? `${String(r.phone)}${r.phone_ext ? ` ext. ${String(r.phone_ext)}` : ''}` : null),
    },
    {
      key: 'place',
      title: 'City, Country',
      text: (r) => [shown(r.city), nameOf(r.state), nameOf(r.country)].filter(Boolean).join(', ') || null,
    },
    column.flag('primary', 'Primary', 'is_primary', 'Primary', 'blue'),
  ],
});

/** A contract: its type (contract-types) and commercial model (commercial-model-types), from a day, until a day or open. */
export const CONTRACT_ITEMS = defineItems({
  noun: 'contract',
  keepOne: true,
  fields: {
    contract_type_id: field('Contract Type', 'select', choiceIdSchema, { list: 'contract-types', shownAs: 'contract_type' }),
    commercial_model_id: field('Commercial Model', 'select', emptyIsNull(choiceIdSchema), {
      list: 'commercial-model-types',
      shownAs: 'commercial_model',
    }),
    start_date: field('Start Date', 'date', day),
    end_date: field('End Date', 'date', emptyIsNull(day)),
    active: field('Active', 'boolean', bool(), { default: true }),
  },
  required: ['contract_type_id', 'start_date'],
  rules: [
    {
      field: 'end_date',
      message: MSG.endAfterStart,
      holds: (b) => !b.start_date || !b.end_date || String(b.start_date) < String(b.end_date),
    },
  ],
  columns: [
    column.ref('type', 'Contract Type', 'contract_type'),
    column.ref('model', 'Commercial Model', 'commercial_model'),
    column.date('start', 'Start Date', 'start_date'),
    column.date('end', 'End Date', 'end_date'),
    column.yesNo('active', 'Active', 'active'),
  ],
});

/**
 * A genre mapping: the genre name a supplier's deliveries give (`source_genre`, matched
 * case-insensitively, once per supplier) → our genre (null: not mapped, §8 "genre not
 * mapped for the supplier"); `restricted`: deliveries in it are refused ("genre does not
 * allow ingestion for the supplier").
 */
export const GENRE_MAPPING_ITEMS = defineItems({
  noun: 'genre mapping',
  fields: {
    source_genre: field('Genre in Deliveries', 'text', requiredText(NAME_MAX)),
    genre_id: field('Genre', 'select', emptyIsNull(choiceIdSchema), { list: 'genres', shownAs: 'genre' }),
    restricted: field('Restricted (refuse deliveries in it)', 'boolean', bool()),
  },
  required: ['source_genre'],
  columns: [
    column.text('source', 'Genre in Deliveries', 'source_genre'),
    column.ref('genre', 'Genre', 'genre', 'Not mapped'),
    column.flag('restricted', 'Restricted', 'restricted', 'Restricted', 'red'),
  ],
});

/**
 * A label mapping: the label name a delivery gives → our label (one of the supplier's;
 * null: not mapped, "label does not exist or is not mapped for the supplier");
 * `blacklisted`: refused ("blacklisted in label mapping table for supplier").
 */
export const LABEL_MAPPING_ITEMS = defineItems({
  noun: 'label mapping',
  fields: {
    source_label: field('Label in Deliveries', 'text', requiredText(NAME_MAX)),
    label_id: field('Label', 'reference', emptyIsNull(choiceIdSchema), { ref: 'labels', dependsOn: 'supplier_id', shownAs: 'label' }),
    blacklisted: field('Blacklisted (refuse deliveries from it)', 'boolean', bool()),
  },
  required: ['source_label'],
  columns: [
    column.text('source', 'Label in Deliveries', 'source_label'),
    column.ref('label', 'Label', 'label', 'Not mapped'),
    column.flag('blacklisted', 'Blacklisted', 'blacklisted', 'Blacklisted', 'red'),
  ],
});

/** The item declarations by their tab's key. */
export const ITEM_TYPES = {
  contacts: CONTACT_ITEMS,
  contracts: CONTRACT_ITEMS,
  genreMappings: GENRE_MAPPING_ITEMS,
  labelMappings: LABEL_MAPPING_ITEMS,
} as const;
export type ItemsKey = keyof typeof ITEM_TYPES;
