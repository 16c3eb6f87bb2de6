/**
 * Field maximum lengths of spec §9 as data and as zod strings. The server uses the
 * same numbers for its CHECK constraints and request validation.
 */
import { z } from 'zod';

export const FIELD_LIMITS = {
  chart_title: 45,
  upc: 32,
  global_release_id: 18,
  isrc: 16,
  mix_name: 128,
  track_title: 250,
  release_title: 250,
  page_name: 255,
  page_module_name: 250,
  bank_field: 45,
  account_number: 255,
  swift: 100,
  iban: 100,
  paypal_email: 255,
  copyright_holder: 1000,
} as const;

export const limited = (max: number) => z.string().max(max, `Ensure this field has no more than ${max} characters.`);

export const PAGE_MODULE_MAX_ITEMS = 250;
export const LIVE_STREAM_MAX_STAGES = 5;
export const NEW_USER_EXPORT_MAX_DAYS = 2;
