/**
 * Live streams, deliveries, the job queue, money reports, the identity provider's
 * codes and tokens, and the row counts kept by triggers (spec §3, §4, §6).
 */
import { sql } from 'drizzle-orm';
import {
  bigint, bigserial, boolean, char, check, date, index, integer, jsonb, numeric, pgTable, serial, text, unique,
} from 'drizzle-orm/pg-core';
import { releases, tracks } from './catalogue';
import { ALBUM_ACTIONS } from '../../../shared/vocabularies';
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

export const live_streams = pgTable('live_streams', {
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
}, (t) => [
  fkey('live_streams', t.genre_id, genres.id),
  fkey('live_streams', t.host_vendor_id, host_vendors.id),
  fkey('live_streams', t.tracklist_vendor_id, tracklist_vendors.id),
  check('live_streams_check', sql`${t.start_at} is null or ${t.end_at} is null or ${t.start_at} < ${t.end_at}`),
]);

export const live_stream_stages = pgTable('live_stream_stages', {
  id: serial().primaryKey(),
  live_stream_id: integer().notNull(),
  name: text().notNull(),
  number: integer().notNull(),
  version: version(),
}, (t) => [
  fkey('live_stream_stages', t.live_stream_id, live_streams.id),
  check('live_stream_stages_number_check', sql`${t.number} between 1 and 5`),
  unique('live_stream_stages_live_stream_id_number_key').on(t.live_stream_id, t.number),
]);

// Deliveries, jobs, money reports -------------------------------------------------------

export const deliveries = pgTable('deliveries', {
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
}, (t) => [
  fkey('deliveries', t.release_id, releases.id),
  fkey('deliveries', t.label_id, labels.id),
  fkey('deliveries', t.genre_id, genres.id),
  fkey('deliveries', t.supplier_id, suppliers.id),
  check('deliveries_album_action_check', sql`${t.album_action} in (${sqlValues(ALBUM_ACTIONS)})`),
  index('deliveries_delivered').on(desc(t.delivered_at), desc(t.id)),
  index('deliveries_supplier').on(t.supplier_id, t.id),
  index('deliveries_release_status').on(t.release_status, desc(t.delivered_at), desc(t.id)),
  unique('deliveries_ingest_job_xml').on(t.ingest_job_id, t.xml_file_path),
]);

/** A delivery's status timeline (append-only): each release_status it went through, with its §8 message and any detail. */
export const delivery_events = pgTable('delivery_events', {
  id: bigserial({ mode: 'number' }).primaryKey(),
  delivery_id: integer().notNull(),
  release_status: text().notNull(),
  status_message: text(),
  detail: text(),
  created_at: timestamptz().notNull().default(now),
}, (t) => [
  fkey('delivery_events', t.delivery_id, deliveries.id),
  index('delivery_events_delivery').on(t.delivery_id, t.id),
]);

/** The job queue (append-and-advance rows: no version column). */
export const jobs = pgTable('jobs', {
  id: serial().primaryKey(),
  kind: text().notNull(),
  state: text().$type<'PENDING' | 'RUNNING' | 'DONE' | 'ERROR'>().notNull().default('PENDING'),
  child_job_id: integer(),
  owner_id: integer(),
  payload: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  result: jsonb(),
  created_at: timestamptz().notNull().default(now),
  updated_at: timestamptz().notNull().default(now),
}, (t) => [
  fkey('jobs', t.child_job_id, t.id),
  fkey('jobs', t.owner_id, users.id),
  check('jobs_state_check', sql`${t.state} in ('PENDING', 'RUNNING', 'DONE', 'ERROR')`),
]);

export const sales_lines = pgTable('sales_lines', {
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
}, (t) => [
  fkey('sales_lines', t.supplier_id, suppliers.id),
  fkey('sales_lines', t.label_id, labels.id),
  fkey('sales_lines', t.release_id, releases.id),
  fkey('sales_lines', t.track_id, tracks.id),
  fkey('sales_lines', t.country_id, countries.id),
  index('sales_lines_brand_date').on(t.brand, t.sale_date),
  index('sales_lines_supplier').on(t.supplier_id, t.sale_date),
  index('sales_lines_label').on(t.label_id, t.sale_date),
]);

export const statements = pgTable('statements', {
  id: serial().primaryKey(),
  brand: text().notNull(),
  supplier_id: integer(),
  label_id: integer(),
  period_start: date().notNull(),
  period_end: date().notNull(),
  amount: numeric({ precision: 12, scale: 2 }).notNull(),
  currency: char({ length: 3 }).notNull(),
  carried_forward: boolean().notNull().default(false),
}, (t) => [fkey('statements', t.supplier_id, suppliers.id), fkey('statements', t.label_id, labels.id)]);

// Identity provider ---------------------------------------------------------------------

export const oauth_codes = pgTable('oauth_codes', {
  code_hash: text().primaryKey(),
  user_id: integer().notNull(),
  client_id: text().notNull(),
  redirect_uri: text().notNull(),
  code_challenge: text().notNull(),
  scope: text().notNull(),
  family_id: text().notNull(),
  expires_at: timestamptz().notNull(),
  used_at: timestamptz(),
}, (t) => [fkey('oauth_codes', t.user_id, users.id)]);

export const oauth_tokens = pgTable('oauth_tokens', {
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
}, (t) => [
  fkey('oauth_tokens', t.user_id, users.id),
  check('oauth_tokens_kind_check', sql`${t.kind} in ('access', 'refresh')`),
  index('oauth_tokens_family').on(t.family_id),
]);

/** Exact counts of the large tables, kept by the triggers of custom migration 0002_row_counts. */
export const row_counts = pgTable('row_counts', {
  tbl: text().primaryKey(),
  n: bigint({ mode: 'number' }).notNull(),
});
