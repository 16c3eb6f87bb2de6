/**
 * PATCH bodies of the v4 resources (api-conventions "Objects and writes"): only the
 * editable fields, strict (unknown or read-only fields are a 400), field limits of
 * spec §9. The console's forms validate with the same schemas.
 */
import { z } from 'zod';
import { ENCODE_STATUSES } from '../vocabularies';
import { MAX_LEN, limited } from './limits';
import { INT4_MAX, calendarDate } from './query-values';

/** A real calendar date (2024-02-30 is refused), and an id within int4 (query-values). */
const date = calendarDate;
const id = z.number().int().positive().max(INT4_MAX);
const nullableText = (max: number) => limited(max).nullable();
/** The encode-status vocabulary (shared/vocabularies.ts). */
export const ENCODE_STATUS_VALUES = ENCODE_STATUSES;

/** Start before end (spec §5), skipped when either is empty. */
const startBeforeEnd = (o: { start_date?: string | null; end_date?: string | null }) =>
  !o.start_date || !o.end_date || o.start_date < o.end_date;

/** No encode_status: it is set by encode jobs only (spec §4), so naming it is a 400 (read-only). */
export const trackPatch = z.strictObject({
  title: limited(MAX_LEN.trackTitle).min(1),
  mix_name: nullableText(MAX_LEN.mixName),
  isrc: limited(MAX_LEN.isrc).regex(/^[A-Z]{2}[A-Z0-9]{3}\d{7}$/, 'Enter a valid ISRC.').nullable(),
  bpm: z.number().int().min(20).max(999).nullable(),
  key_id: id.nullable(),
  genre_id: id.nullable(),
  sub_genre_id: id.nullable(),
  copyright_holder: nullableText(MAX_LEN.copyrightHolder),
  label_track_id: z.string().max(255).nullable(),
  publish_date: date.nullable(),
  exclusive_date: date.nullable(),
  is_available_for_streaming: z.boolean(),
  enabled: z.boolean(),
  hidden: z.boolean(),
}).partial();

export const releasePatch = z.strictObject({
  title: limited(MAX_LEN.releaseTitle).min(1),
  catalog_number: z.string().max(64).nullable(),
  upc: limited(MAX_LEN.upc).nullable(),
  global_release_id: limited(MAX_LEN.globalReleaseId).nullable(),
  release_type_id: id.nullable(),
  genre_id: id.nullable(),
  street_date: date.nullable(),
  release_date: date.nullable(),
  price_override: z.number().nonnegative().nullable(),
  price_override_firm: z.boolean(),
  exclusive_period: z.union([z.literal(14), z.literal(28), z.literal(56)]).nullable(),
  is_available_for_pre_order: z.boolean(),
  default_pre_order_weeks: z.number().int().min(0).max(4),
  is_explicit: z.boolean(),
  hype_eligible: z.boolean(),
  hype_enabled: z.boolean(),
  is_available_for_streaming: z.boolean(),
}).partial();

export const artistPatch = z.strictObject({
  name: z.string().min(1).max(255),
  bio: z.string().nullable(),
  image_url: z.string().nullable(),
  muzooka_sync: z.boolean(),
  muzooka_id: z.string().max(64).nullable(),
}).partial();

export const chartPatch = z.strictObject({
  title: limited(MAX_LEN.chartTitle).min(1),
  description: z.string().nullable(),
  genre_id: id.nullable(),
  partner_exclusive: z.boolean(),
  enabled: z.boolean(),
  publish_date: date.nullable(),
}).partial();

export const labelPatch = z.strictObject({
  name: z.string().min(1).max(255),
  bio: z.string().nullable(),
  is_available_for_pre_order: z.boolean(),
  default_pre_order_weeks: z.number().int().min(0).max(4),
  hype_eligible: z.boolean(),
  hype_active: z.boolean(),
  hype_trial_start: date.nullable(),
  hype_trial_end: date.nullable(),
  label_manager_id: id.nullable(),
  enabled: z.boolean(),
}).partial();

export const pagePatch = z.strictObject({
  name: limited(MAX_LEN.pageName).min(1),
  slug: z.string().regex(/^[a-z0-9-]+$/, 'Use lowercase letters, digits and hyphens.'),
  page_type_id: id,
  show_primary_nav: z.boolean(),
  start_date: date.nullable(),
  end_date: date.nullable(),
  description: z.string().nullable(),
  enabled: z.boolean(),
}).partial();

export const pageModulePatch = z.strictObject({
  name: limited(MAX_LEN.pageModuleName).min(1),
  module_type_id: id,
  slot: z.enum(['header', 'left', 'right']),
  enabled: z.boolean(),
  start_date: date.nullable(),
  end_date: date.nullable(),
  external_url: z.string().nullable(),
  available_worldwide: z.boolean(),
  paginated: z.boolean(),
}).partial();

export const couponPatch = z.strictObject({
  code: z.string().min(1).max(64),
  discount_type_id: id,
  discount_amount: z.number().nonnegative().nullable(),
  discount_percentage: z.number().min(0).max(100).nullable(),
  max_usage: z.number().int().nonnegative().nullable(),
  enabled: z.boolean(),
  start_date: date.nullable(),
  end_date: date.nullable(),
}).partial();

export const liveStreamPatch = z.strictObject({
  name: z.string().min(1).max(255),
  enabled: z.boolean(),
  is_auto_enabled: z.boolean(),
  genre_id: id.nullable(),
  host_vendor_id: id.nullable(),
  tracklist_vendor_id: id.nullable(),
}).partial();

export const userPatch = z.strictObject({
  email: z.email(),
  first_name: z.string().max(150).nullable(),
  last_name: z.string().max(150).nullable(),
  dj_name: z.string().max(255).nullable(),
  dj_profile_enabled: z.boolean(),
  is_indexed: z.boolean(),
  decline_transactions: z.boolean(),
  bypass_fraud_checks: z.boolean(),
  billing_disabled: z.boolean(),
}).partial();

export const supplierPatch = z.strictObject({
  name: z.string().min(1).max(255),
  ddex_party_id: z.string().regex(/^PADPIDA\d{10}[A-Z0-9]?$/, 'Invalid DDEX Party ID').nullable(),
  auto_create_labels: z.boolean(),
  vendor_code: z.string().max(32).nullable(),
  pposp_enrolled: z.boolean(),
  default_exclusive_period: z.union([z.literal(14), z.literal(28), z.literal(56)]).nullable(),
  enabled: z.boolean(),
}).partial();

/**
 * A supplier's banking details (spec §3 Banking; §9 lengths: bank fields 45, account
 * number 255, SWIFT and IBAN 100, PayPal 255). Empty means not given (null).
 */
const emptyIsNull = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? null : v), schema.nullable());
const bankField = (max: number) => emptyIsNull(limited(max));

export const bankingPatch = z.strictObject({
  bank_name: bankField(MAX_LEN.bankField),
  name_on_account: bankField(MAX_LEN.bankField),
  routing_number: bankField(MAX_LEN.bankField),
  account_number: bankField(MAX_LEN.bankAccountNumber),
  sort_code: bankField(MAX_LEN.bankField),
  swift: bankField(MAX_LEN.swift),
  iban: bankField(MAX_LEN.iban),
  paypal_email: emptyIsNull(limited(MAX_LEN.paypalEmail).pipe(z.email('Enter a valid email address.'))),
  tax_id: bankField(MAX_LEN.bankField),
}).partial();

export const simpleNamedPatch = z.strictObject({ name: z.string().min(1).max(255), enabled: z.boolean() }).partial();

/** Cross-field checks applied after merging the patch onto the stored row. */
export const crossChecks = { startBeforeEnd };
