/**
 * Live streams, deliveries, the job queue, money reports, the identity provider's
 * codes and tokens, and the row counts kept by triggers (spec §3, §4, §6).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  char,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { releases, tracks } from './catalogue';
import { ALBUM_ACTIONS, STATEMENT_LINE_KINDS } from '../../../shared/vocabularies';
import { desc, fkey, now, sqlValues, timestamptz, version } from './columns';
import { countries, genres, labels, suppliers, users } from './parties';

// Live ------------------------------------------------------------------------------

export const host_vendors = pgTable('host_vendors', {
  id: serial().primaryKey(),
  name: text().notNull(),
  enabled: boolean().notNull().default(true),
  version: version(),
});

export const tracklist_vendors = pgTable('tracklist_vendors', {
  id: serial().primaryKey(),
  name: text().notNull(),
  enabled: boolean().notNull().default(true),
  version: version(),
});

export const live_streams = pgTable(
  'live_streams',
  {
    id: serial().primaryKey(),
    brand: text().notNull(),
    name: text().notNull(),
    enabled: boolean().notNull().default(false),
    is_auto_enabled: boolean().notNull().default(false),
    start_at: timestamptz(),
    end_at: timestamptz(),
    genre_id: integer(),
    host_vendor_id: integer(),
    tracklist_vendor_id: integer(),
    version: version(),
  },
  (t) => [
    fkey('live_streams', t.genre_id, genres.id),
    fkey('live_streams', t.host_vendor_id, host_vendors.id),
    fkey('live_streams', t.tracklist_vendor_id, tracklist_vendors.id),
    check('live_streams_check', sql`${t.start_at} is null or ${t.end_at} is null or ${t.start_at} < ${t.end_at}`),
  ],
);

export const live_stream_stages = pgTable(
  'live_stream_stages',
  {
    id: serial().primaryKey(),
    live_stream_id: integer().notNull(),
    name: text().notNull(),
    number: integer().notNull(),
    version: version(),
  },
  (t) => [
    fkey('live_stream_stages', t.live_stream_id, live_streams.id),
    check('live_stream_stages_number_check', sql`${t.number} between 1 and 5`),
    unique('live_stream_stages_live_stream_id_number_key').on(t.live_stream_id, t.number),
  ],
);

// Deliveries, jobs, money reports -------------------------------------------------------

export const deliveries = pgTable(
  'deliveries',
  {
    id: serial().primaryKey(),
    release_id: integer(),
    title: text().notNull(),
    artist: text().notNull(),
    label_name: text().notNull(),
    label_id: integer(),
    genre_id: integer(),
    supplier_id: integer().notNull(),
    source_type_id: integer(),
    release_status: text().notNull(),
    album_action: text().notNull(),
    status_message: text(),
    xml_file_path: text(),
    ingested: boolean().notNull().default(false),
    /** Ingested deliveries (server/ingest/ingest.ts): the batch folder it came in, the job that ingests it, where its files are kept in storage. */
    batch_dir: text(),
    ingest_job_id: integer(),
    storage_prefix: text(),
    /** The delivery's files as it came (paths relative to its release folder, sizes), kept in storage under storage_prefix. */
    files: jsonb().$type<{ path: string; size: number }[]>().notNull().default([]),
    delivered_at: timestamptz().notNull().default(now),
    updated_at: timestamptz().notNull().default(now),
    version: version(),
  },
  (t) => [
    fkey('deliveries', t.release_id, releases.id),
    fkey('deliveries', t.label_id, labels.id),
    fkey('deliveries', t.genre_id, genres.id),
    fkey('deliveries', t.supplier_id, suppliers.id),
    check('deliveries_album_action_check', sql`${t.album_action} in (${sqlValues(ALBUM_ACTIONS)})`),
    index('deliveries_delivered').on(desc(t.delivered_at), desc(t.id)),
    index('deliveries_supplier').on(t.supplier_id, t.id),
    index('deliveries_release_status').on(t.release_status, desc(t.delivered_at), desc(t.id)),
    unique('deliveries_ingest_job_xml').on(t.ingest_job_id, t.xml_file_path),
  ],
);

/** A delivery's status timeline (append-only): each release_status it went through, with its §8 message and any detail. */
export const delivery_events = pgTable(
  'delivery_events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    delivery_id: integer().notNull(),
    release_status: text().notNull(),
    status_message: text(),
    detail: text(),
    created_at: timestamptz().notNull().default(now),
  },
  (t) => [fkey('delivery_events', t.delivery_id, deliveries.id), index('delivery_events_delivery').on(t.delivery_id, t.id)],
);

/** The job queue (append-and-advance rows: no version column). */
export const jobs = pgTable(
  'jobs',
  {
    id: serial().primaryKey(),
    kind: text().notNull(),
    state: text().$type<'PENDING' | 'RUNNING' | 'DONE' | 'ERROR'>().notNull().default('PENDING'),
    child_job_id: integer(),
    owner_id: integer(),
    payload: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    result: jsonb(),
    created_at: timestamptz().notNull().default(now),
    updated_at: timestamptz().notNull().default(now),
  },
  (t) => [
    fkey('jobs', t.child_job_id, t.id),
    fkey('jobs', t.owner_id, users.id),
    check('jobs_state_check', sql`${t.state} in ('PENDING', 'RUNNING', 'DONE', 'ERROR')`),
  ],
);

export const sales_lines = pgTable(
  'sales_lines',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    brand: text().notNull(),
    sale_date: date().notNull(),
    supplier_id: integer().notNull(),
    label_id: integer().notNull(),
    release_id: integer(),
    track_id: integer(),
    store: text().notNull(),
    sale_type_id: integer().notNull(),
    country_id: integer(),
    quantity: integer().notNull(),
    gross: numeric({ precision: 12, scale: 2 }).notNull(),
    net: numeric({ precision: 12, scale: 2 }).notNull(),
    currency: char({ length: 3 }).notNull(),
  },
  (t) => [
    fkey('sales_lines', t.supplier_id, suppliers.id),
    fkey('sales_lines', t.label_id, labels.id),
    fkey('sales_lines', t.release_id, releases.id),
    fkey('sales_lines', t.track_id, tracks.id),
    fkey('sales_lines', t.country_id, countries.id),
    index('sales_lines_brand_date').on(t.brand, t.sale_date),
    index('sales_lines_supplier').on(t.supplier_id, t.sale_date),
    index('sales_lines_label').on(t.label_id, t.sale_date),
    /** A track's lines: when a track changes genre, sales_daily moves them (migration 0019). */
    index('sales_lines_track').on(t.track_id),
    /** The newest lines first (the summary's detail table reads the index backwards, stopping at its limit). */
    index('sales_lines_date').on(t.sale_date, t.id),
  ],
);

/**
 * The sales lines summed per day and per every dimension the console filters or groups on
 * (brand, supplier, label, store, sale type, genre of the track, currency): what the sales
 * summary reads, so a summary over years of lines reads thousands of rows, not millions.
 * Kept by a statement-level trigger on sales_lines inserts (migration 0016; sales lines are
 * append-only). genre_id 0: a line without a track or a track without a genre.
 */
/** The dimensions after supplier and label, and the sums, of the sales rollups (fresh builders per table). */
const salesRollup = () => ({
  store: text().notNull(),
  sale_type_id: integer().notNull(),
  genre_id: integer().notNull(),
  currency: char({ length: 3 }).notNull(),
  lines: bigint({ mode: 'number' }).notNull(),
  quantity: bigint({ mode: 'number' }).notNull(),
  gross: numeric({ precision: 14, scale: 2 }).notNull(),
  net: numeric({ precision: 14, scale: 2 }).notNull(),
});

export const sales_daily = pgTable(
  'sales_daily',
  {
    sale_date: date().notNull(),
    brand: text().notNull(),
    supplier_id: integer().notNull(),
    label_id: integer().notNull(),
    ...salesRollup(),
  },
  (t) => [
    primaryKey({
      name: 'sales_daily_pkey',
      columns: [t.sale_date, t.brand, t.supplier_id, t.label_id, t.store, t.sale_type_id, t.genre_id, t.currency],
    }),
    index('sales_daily_supplier').on(t.supplier_id, t.sale_date),
    index('sales_daily_label').on(t.label_id, t.sale_date),
  ],
);

/**
 * sales_daily without the supplier and the label, per day (sales_days) and per month
 * (sales_months, sale_date the month's first day): what a summary over many months reads
 * when it is not narrowed to a supplier or a label — sales_daily has about as many rows as
 * there are lines once a catalogue has thousands of labels (the sales bench: 10M lines, 24
 * months). Kept from sales_daily by its statement triggers (migration 0023), so every path
 * that changes sales_daily (new lines, a track's genre change, the rebuild) changes them too.
 */
const narrowSales = (name: 'sales_days' | 'sales_months') =>
  pgTable(
    name,
    {
      sale_date: date().notNull(),
      brand: text().notNull(),
      ...salesRollup(),
    },
    (t) => [primaryKey({ name: `${name}_pkey`, columns: [t.sale_date, t.brand, t.store, t.sale_type_id, t.genre_id, t.currency] })],
  );
export const sales_days = narrowSales('sales_days');
export const sales_months = narrowSales('sales_months');

/**
 * What each release and each track sold per month on each brand (sale_date the month's first
 * day; kind 'release' or 'track'): the dashboard's top sellers of the month for staff read the
 * first rows of the quantity index instead of the month's lines. Kept from sales_lines by a
 * statement trigger (migration 0024); the rebuild fills it with the other rollups.
 */
export const sales_item_months = pgTable(
  'sales_item_months',
  {
    sale_date: date().notNull(),
    brand: text().notNull(),
    kind: text().notNull(),
    item_id: integer().notNull(),
    quantity: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'sales_item_months_pkey', columns: [t.sale_date, t.brand, t.kind, t.item_id] }),
    index('sales_item_months_top').on(t.sale_date, t.brand, t.kind, t.quantity.desc(), t.item_id),
  ],
);

/**
 * Issued statements (spec §9; server/jobs/statements.ts makes them from sales_lines): one per
 * party (a supplier, or a label), brand, currency and period. Never changed once written
 * (the statements_immutable trigger of migration 0015 refuses UPDATE and DELETE); a late sales
 * line of an issued period is a correction line of the party's next statement.
 * Covered lines: those of the party with `id <= through_line_id` and `sale_date <= period_end`.
 */
export const statements = pgTable(
  'statements',
  {
    id: serial().primaryKey(),
    brand: text().notNull(),
    supplier_id: integer(),
    label_id: integer(),
    currency: char({ length: 3 }).notNull(),
    period_start: date().notNull(),
    period_end: date().notNull(),
    /** The balance carried in from the previous statement (below the payment threshold then). */
    opening_balance: numeric({ precision: 14, scale: 2 }).notNull(),
    /** Net of the sales lines dated in the period. */
    sales: numeric({ precision: 14, scale: 2 }).notNull(),
    /** Net of lines of earlier, already issued periods reported since (corrections). */
    corrections: numeric({ precision: 14, scale: 2 }).notNull(),
    /** US tax withheld (a positive amount, deducted). */
    tax_withheld: numeric({ precision: 14, scale: 2 }).notNull(),
    /** opening + sales + corrections - tax withheld. */
    balance: numeric({ precision: 14, scale: 2 }).notNull(),
    /** What is paid: the balance when it reaches the threshold, else 0 (carried forward). */
    paid: numeric({ precision: 14, scale: 2 }).notNull(),
    carried_forward: boolean().notNull(),
    /** The withheld tax is remitted by this day (issue day + 3, spec §9). */
    tax_remit_by: date().notNull(),
    through_line_id: bigint({ mode: 'number' }).notNull(),
    issued_at: timestamptz().notNull().default(now),
  },
  (t) => [
    fkey('statements', t.supplier_id, suppliers.id),
    fkey('statements', t.label_id, labels.id),
    check('statements_party_check', sql`(${t.supplier_id} is null) <> (${t.label_id} is null)`),
    check('statements_period_check', sql`${t.period_start} <= ${t.period_end}`),
    uniqueIndex('statements_supplier_period')
      .on(t.supplier_id, t.brand, t.currency, t.period_start)
      .where(sql`supplier_id is not null`),
    uniqueIndex('statements_label_period')
      .on(t.label_id, t.brand, t.currency, t.period_start)
      .where(sql`label_id is not null`),
  ],
);

/** The lines of a statement, in order: carried in, sales by store, corrections by month, tax withheld. */
export const statement_lines = pgTable(
  'statement_lines',
  {
    id: serial().primaryKey(),
    statement_id: integer().notNull(),
    position: integer().notNull(),
    kind: text().notNull(),
    description: text().notNull(),
    quantity: integer(),
    amount: numeric({ precision: 14, scale: 2 }).notNull(),
  },
  (t) => [
    fkey('statement_lines', t.statement_id, statements.id),
    check('statement_lines_kind_check', sql`${t.kind} in (${sqlValues(STATEMENT_LINE_KINDS)})`),
    unique('statement_lines_position_key').on(t.statement_id, t.position),
  ],
);

// Identity provider ---------------------------------------------------------------------

export const oauth_codes = pgTable(
  'oauth_codes',
  {
    code_hash: text().primaryKey(),
    user_id: integer().notNull(),
    client_id: text().notNull(),
    redirect_uri: text().notNull(),
    code_challenge: text().notNull(),
    scope: text().notNull(),
    family_id: text().notNull(),
    expires_at: timestamptz().notNull(),
    used_at: timestamptz(),
  },
  (t) => [fkey('oauth_codes', t.user_id, users.id)],
);

export const oauth_tokens = pgTable(
  'oauth_tokens',
  {
    token_hash: text().primaryKey(),
    kind: text().$type<'access' | 'refresh'>().notNull(),
    user_id: integer().notNull(),
    client_id: text().notNull(),
    family_id: text().notNull(),
    scope: text().notNull(),
    expires_at: timestamptz().notNull(),
    revoked_at: timestamptz(),
    rotated_at: timestamptz(),
    created_at: timestamptz().notNull().default(now),
  },
  (t) => [
    fkey('oauth_tokens', t.user_id, users.id),
    check('oauth_tokens_kind_check', sql`${t.kind} in ('access', 'refresh')`),
    index('oauth_tokens_family').on(t.family_id),
  ],
);

/**
 * One-time password reset links issued by the identity provider (spec §2 user detail
 * "password reset link"): only the token's SHA-256 is kept; used_at marks the one use.
 */
export const password_reset_links = pgTable(
  'password_reset_links',
  {
    token_hash: text().primaryKey(),
    user_id: integer().notNull(),
    issued_by: integer().notNull(),
    expires_at: timestamptz().notNull(),
    used_at: timestamptz(),
    created_at: timestamptz().notNull().default(now),
  },
  (t) => [
    fkey('password_reset_links', t.user_id, users.id),
    fkey('password_reset_links', t.issued_by, users.id),
    index('password_reset_links_user').on(t.user_id),
  ],
);

/**
 * Password attempts counted for the sign-in limits (server/auth/throttle.ts), shared by
 * every API process on the database: one row per service (`idp`, `sftp`), normalised
 * username and client address, and one per service and username with address '' (the
 * account's own count, over all addresses). `failures` includes attempts reserved and
 * still being checked; times are the server clock's epoch milliseconds.
 */
export const sign_in_attempts = pgTable(
  'sign_in_attempts',
  {
    service: text().notNull(),
    username: text().notNull(),
    address: text().notNull(),
    failures: integer().notNull().default(0),
    last_failure_ms: bigint({ mode: 'number' }).notNull().default(0),
    blocked_until_ms: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.service, t.username, t.address] }), index('sign_in_attempts_last_failure').on(t.last_failure_ms)],
);

/** Exact counts of the large tables, kept by the triggers of custom migration 0002_row_counts. */
export const row_counts = pgTable('row_counts', {
  tbl: text().primaryKey(),
  n: bigint({ mode: 'number' }).notNull(),
});

// Shared views --------------------------------------------------------------------

/**
 * A search view (filters, columns, order) shared with everyone of a role on a brand
 * (issue 18); at most one per role, brand and type is that role's default. Opened by its
 * id (a link); what a reader may not use is dropped when it is read (shared/search/shared-views.ts).
 */
export const shared_views = pgTable(
  'shared_views',
  {
    id: serial().primaryKey(),
    owner_id: integer().notNull(),
    brand: text().notNull(),
    role: text().notNull(),
    type: text().notNull(),
    name: text().notNull(),
    filters: jsonb().notNull().default({}),
    columns: text().array(),
    order_by: text(),
    is_default: boolean().notNull().default(false),
    created_at: timestamptz().notNull().default(now),
    version: version(),
  },
  (t) => [
    fkey('shared_views', t.owner_id, users.id),
    index('shared_views_role_idx').on(t.brand, t.role, t.type),
    index('shared_views_default_idx')
      .on(t.brand, t.role, t.type)
      .where(sql`${t.is_default}`),
  ],
);
