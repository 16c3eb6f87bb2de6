/** Reference lists, parties (suppliers, labels…) and users: spec §3. */
import { sql } from 'drizzle-orm';
import { boolean, char, check, date, index, integer, jsonb, pgTable, primaryKey, serial, text, unique, varchar } from 'drizzle-orm/pg-core';
import { EXCLUSIVE_PERIOD_DAYS, PRE_ORDER_WEEKS } from '../../../shared/constants';
import { REGIONS } from '../../../shared/vocabularies';
import { desc, fkey, now, sqlBetween, sqlValues, timestamptz, version } from './columns';

// Reference lists -------------------------------------------------------------

export const reference_items = pgTable(
  'reference_items',
  {
    list: text().notNull(),
    id: integer().notNull(),
    name: text().notNull(),
    data: jsonb().notNull().default({}),
  },
  (t) => [primaryKey({ name: 'reference_items_pkey', columns: [t.list, t.id] })],
);

export const genres = pgTable('genres', {
  id: serial().primaryKey(),
  name: text().notNull().unique('genres_name_key'),
  slug: text().notNull().unique('genres_slug_key'),
  enabled: boolean().notNull().default(true),
  version: version(),
});

export const sub_genres = pgTable(
  'sub_genres',
  {
    id: serial().primaryKey(),
    genre_id: integer().notNull(),
    name: text().notNull(),
  },
  (t) => [fkey('sub_genres', t.genre_id, genres.id), unique('sub_genres_genre_id_name_key').on(t.genre_id, t.name)],
);

export const musical_keys = pgTable('musical_keys', {
  id: serial().primaryKey(),
  name: text().notNull().unique('musical_keys_name_key'),
  camelot: text(),
});

export const countries = pgTable(
  'countries',
  {
    id: serial().primaryKey(),
    code: char({ length: 2 }).notNull().unique('countries_code_key'),
    name: text().notNull(),
    /** Its continent (shared/vocabularies.ts REGIONS): territories by region, the regional summary. */
    region: text().notNull(),
  },
  (t) => [check('countries_region_check', sql`${t.region} in (${sqlValues(REGIONS)})`)],
);

export const states = pgTable(
  'states',
  {
    id: serial().primaryKey(),
    country_id: integer().notNull(),
    code: text().notNull(),
    name: text().notNull(),
  },
  (t) => [fkey('states', t.country_id, countries.id)],
);

export const currencies = pgTable('currencies', {
  id: serial().primaryKey(),
  code: char({ length: 3 }).notNull().unique('currencies_code_key'),
  name: text().notNull(),
});

// Parties ---------------------------------------------------------------------

export const label_managers = pgTable('label_managers', {
  id: serial().primaryKey(),
  name: text().notNull(),
  enabled: boolean().notNull().default(true),
  version: version(),
});

export const suppliers = pgTable(
  'suppliers',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    /** SHA-256 (base64url, as tokens: server/auth/crypto.ts hashToken) of the ingester key: the key itself is shown once, when generated (routes/suppliers.ts). */
    ingester_key: text(),
    /** The key's last four characters, so staff can tell which key a supplier holds. */
    ingester_key_hint: text(),
    ingester_key_created_at: timestamptz(),
    ddex_party_id: text(),
    auto_create_labels: boolean().notNull().default(false),
    vendor_code: text(),
    pposp_enrolled: boolean().notNull().default(false),
    default_exclusive_period: integer(),
    enabled: boolean().notNull().default(true),
    created_at: timestamptz().notNull().default(now),
    version: version(),
  },
  (t) => [
    check('suppliers_ddex_party_id_check', sql`${t.ddex_party_id} is null or ${t.ddex_party_id} ~ '^PADPIDA[0-9]{10}[A-Z0-9]?$'`),
    check('suppliers_default_exclusive_period_check', sql`${t.default_exclusive_period} in (${sqlValues(EXCLUSIVE_PERIOD_DAYS)})`),
  ],
);

export const labels = pgTable(
  'labels',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    supplier_id: integer().notNull(),
    bio: text(),
    image_url: text(),
    hype_trial_start: date(),
    hype_trial_end: date(),
    is_available_for_pre_order: boolean().notNull().default(false),
    default_pre_order_weeks: integer().notNull().default(0),
    hype_eligible: boolean().notNull().default(false),
    hype_active: boolean().notNull().default(false),
    label_manager_id: integer(),
    enabled: boolean().notNull().default(true),
    claimed: boolean().notNull().default(true),
    temp_username: text(),
    /** The storage key of the label's 500x500 image (image_url is the URL that serves it). */
    image_key: text(),
    created_at: timestamptz().notNull().default(now),
    version: version(),
  },
  (t) => [
    fkey('labels', t.supplier_id, suppliers.id),
    fkey('labels', t.label_manager_id, label_managers.id),
    check('labels_default_pre_order_weeks_check', sql`${t.default_pre_order_weeks} ${sqlBetween(PRE_ORDER_WEEKS)}`),
    check(
      'labels_check',
      sql`${t.hype_trial_start} is null or ${t.hype_trial_end} is null or ${t.hype_trial_start} <= ${t.hype_trial_end}`,
    ),
    index('labels_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
    index('labels_supplier').on(t.supplier_id),
    index('labels_name').on(t.name, t.id),
  ],
);

export const contacts = pgTable(
  'contacts',
  {
    id: serial().primaryKey(),
    supplier_id: integer(),
    label_id: integer(),
    contact_type_id: integer(),
    first_name: text(),
    last_name: text(),
    email: text(),
    username: text(),
    phone: text(),
    phone_ext: text(),
    address1: text(),
    address2: text(),
    city: text(),
    postal_code: text(),
    state_id: integer(),
    country_id: integer(),
    fax: text(),
    website: text(),
    is_primary: boolean().notNull().default(false),
    version: version(),
  },
  (t) => [
    fkey('contacts', t.supplier_id, suppliers.id),
    fkey('contacts', t.label_id, labels.id),
    fkey('contacts', t.state_id, states.id),
    fkey('contacts', t.country_id, countries.id),
  ],
);

export const banking = pgTable(
  'banking',
  {
    id: serial().primaryKey(),
    supplier_id: integer().notNull(),
    bank_name: varchar({ length: 45 }),
    name_on_account: varchar({ length: 45 }),
    routing_number: varchar({ length: 45 }),
    account_number: varchar({ length: 255 }),
    sort_code: varchar({ length: 45 }),
    swift: varchar({ length: 100 }),
    iban: varchar({ length: 100 }),
    paypal_email: varchar({ length: 255 }),
    tax_id: varchar({ length: 45 }),
    version: version(),
  },
  (t) => [
    fkey('banking', t.supplier_id, suppliers.id),
    // One set of details per supplier: the first save is an upsert on this key (routes/banking.ts).
    unique('banking_supplier_id_key').on(t.supplier_id),
  ],
);

/**
 * Who accepted which version of the supplier service agreement (SERVICE_AGREEMENT in
 * shared/constants), when and from where: one row per acceptance, never changed.
 */
export const service_agreement_acceptances = pgTable(
  'service_agreement_acceptances',
  {
    id: serial().primaryKey(),
    supplier_id: integer().notNull(),
    user_id: integer().notNull(),
    version: text().notNull(),
    accepted_at: timestamptz().notNull().default(now),
    ip: text().notNull(),
  },
  (t) => [
    fkey('service_agreement_acceptances', t.supplier_id, suppliers.id),
    fkey('service_agreement_acceptances', t.user_id, users.id),
    index('service_agreement_acceptances_supplier_idx').on(t.supplier_id, t.version),
  ],
);

export const contracts = pgTable(
  'contracts',
  {
    id: serial().primaryKey(),
    supplier_id: integer(),
    label_id: integer(),
    contract_type_id: integer().notNull(),
    commercial_model_id: integer(),
    start_date: date().notNull(),
    end_date: date(),
    active: boolean().notNull().default(true),
    version: version(),
  },
  (t) => [fkey('contracts', t.supplier_id, suppliers.id), fkey('contracts', t.label_id, labels.id)],
);

export const supplier_genre_mappings = pgTable(
  'supplier_genre_mappings',
  {
    id: serial().primaryKey(),
    supplier_id: integer().notNull(),
    source_genre: text().notNull(),
    genre_id: integer(),
    restricted: boolean().notNull().default(false),
    version: version(),
  },
  (t) => [fkey('supplier_genre_mappings', t.supplier_id, suppliers.id), fkey('supplier_genre_mappings', t.genre_id, genres.id)],
);

export const supplier_label_mappings = pgTable(
  'supplier_label_mappings',
  {
    id: serial().primaryKey(),
    supplier_id: integer().notNull(),
    source_label: text().notNull(),
    label_id: integer(),
    blacklisted: boolean().notNull().default(false),
    version: version(),
  },
  (t) => [fkey('supplier_label_mappings', t.supplier_id, suppliers.id), fkey('supplier_label_mappings', t.label_id, labels.id)],
);

// Users -------------------------------------------------------------------------

export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    username: text().notNull().unique('users_username_key'),
    email: text().notNull(),
    password_hash: text(),
    display_name: text(),
    first_name: text(),
    last_name: text(),
    app: text(),
    role: text(),
    brands: text()
      .array()
      .notNull()
      .default(sql`'{}'`),
    features: text()
      .array()
      .notNull()
      .default(sql`'{}'`),
    supplier_id: integer(),
    label_id: integer(),
    registered_at: timestamptz().notNull().default(now),
    last_login: timestamptz(),
    register_ip: text(),
    country_id: integer(),
    dj_name: text(),
    dj_slug: text().unique('users_dj_slug_key'),
    dj_profile_enabled: boolean().notNull().default(false),
    dj_is_indexed: boolean().notNull().default(false),
    is_indexed: boolean().notNull().default(true),
    decline_transactions: boolean().notNull().default(false),
    bypass_fraud_checks: boolean().notNull().default(false),
    billing_disabled: boolean().notNull().default(false),
    enabled: boolean().notNull().default(true),
    version: version(),
  },
  (t) => [
    fkey('users', t.supplier_id, suppliers.id),
    fkey('users', t.label_id, labels.id),
    fkey('users', t.country_id, countries.id),
    check('users_app_check', sql`${t.app} in ('app:control', 'app:baseware')`),
    index('users_username_trgm').using('gin', t.username.op('gin_trgm_ops')),
    index('users_email').on(sql`lower(${t.email})`),
    index('users_registered').on(desc(t.registered_at), desc(t.id)),
    index('users_dj_name')
      .on(t.dj_name, t.id)
      .where(sql`dj_name is not null`),
    index('users_dj_name_trgm').using('gin', t.dj_name.op('gin_trgm_ops')),
    index('users_username').on(t.username),
  ],
);

/**
 * The sign-in identities linked to a user (spec §2 user page "identities", §7 Accounts
 * "identities GET"): one row per identity provider account (the store's own password, or a
 * social sign-in), read-only in the console.
 */
export const user_identities = pgTable(
  'user_identities',
  {
    id: serial().primaryKey(),
    user_id: integer().notNull(),
    provider: text().notNull(),
    subject: text().notNull(),
    email: text(),
    linked_at: timestamptz().notNull().default(now),
    last_used_at: timestamptz(),
  },
  (t) => [
    fkey('user_identities', t.user_id, users.id),
    unique('user_identities_provider_subject_key').on(t.provider, t.subject),
    index('user_identities_user').on(t.user_id, t.id),
  ],
);
