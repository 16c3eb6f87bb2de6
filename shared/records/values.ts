/**
 * The value schemas record fields are made of, with the §9 limits and the messages the
 * form shows under a field (the server answers the same ones in its 400 bodies).
 */
import { z } from 'zod';
import { CURRENCIES, EXCLUSIVE_PERIODS, PRE_ORDER_WEEKS } from '../constants';
import { limited } from '../api/limits';
import { INT4_MAX } from '../api/query-values';
import { calendarDate } from '../api/dates';
import { zonedInstant } from '../api/zoned-time';
import type { FieldOption } from './define';

export const REQUIRED_MSG = 'This field may not be blank.';
export const CHOICE_MSG = 'Select a valid choice.';

/** An id of another record or of a reference list item (int4). */
export const id = z
  .number({ error: 'Enter a valid id.' })
  .int('Enter a valid id.')
  .positive('Enter a valid id.')
  .max(INT4_MAX, 'Enter a valid id.');
/** A real calendar day (2024-02-30 is refused). */
export const day = calendarDate;
/** Text of at most `max` characters (spec §9), empty allowed unless `required`. */
export const text = (max: number) => limited(max);
export const requiredText = (max: number) => limited(max).trim().min(1, REQUIRED_MSG);
export const optionalText = (max: number) => limited(max).nullable();
/** Text without a §9 limit (descriptions, bios): bounded only so a body stays reasonable. */
export const LONG_TEXT_MAX = 100_000;
export const longText = () => limited(LONG_TEXT_MAX).nullable();
/**
 * A date-time entered as the wall clock of `zone` (YYYY-MM-DDTHH:mm, an offset only to pick
 * the second of a repeated hour), parsed to the instant it names (ISO 8601, UTC): a time
 * the clocks skip is refused with why (shared/api/zoned-time.ts). Empty is null.
 */
export const zonedDateTime = (zone: string) =>
  z
    .string({ error: 'Enter a date and time.' })
    .max(40, 'Enter a date and time.')
    .nullable()
    .transform((v, ctx) => {
      if (v === null || v === '') return null;
      const r = zonedInstant(v, zone);
      if (r.ok) return r.instant;
      ctx.addIssue({ code: 'custom', message: r.message, input: v });
      return z.NEVER;
    });

/** A whole number within [min, max]. */
export const whole = (min: number, max: number) =>
  z
    .number()
    .int('Enter a whole number.')
    .min(min, `Ensure this value is at least ${min}.`)
    .max(max, `Ensure this value is at most ${max}.`);
/** Money: numeric(10, 2) columns, not negative, at most two decimals. */
export const MONEY_MAX = 99_999_999.99;
export const money = () =>
  z
    .number()
    .min(0, 'Ensure this value is at least 0.')
    .max(MONEY_MAX, `Ensure this value is at most ${MONEY_MAX}.`)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'Enter an amount with at most two decimals.');
/** Ids of other records in order (artists of a track): each once. */
export const idList = () =>
  z
    .array(id)
    .max(100, 'Ensure this list has no more than 100 items.')
    .refine((v) => new Set(v).size === v.length, 'Each item may appear only once.');

/** Ids kept on a row (a coupon's user ids): each once, at most `max`. */
export const ids = (max: number) =>
  z
    .array(id, { error: 'Expected a list of ids.' })
    .max(max, `Ensure this list has no more than ${max} items.`)
    .refine((v) => new Set(v).size === v.length, 'Each item may appear only once.');

export const CURRENCY_CODES = CURRENCIES.map((c) => c.code) as unknown as readonly ['USD', 'EUR', 'AUD', 'GBP', 'MXN', 'BRL'];
/** An amount per currency (a coupon's minimum order): only the §9 currencies, each amount money. */
export const currencyAmounts = () =>
  z.partialRecord(z.enum(CURRENCY_CODES, { error: 'Select a valid currency.' }), money(), { error: 'Expected an amount per currency.' });

/** One of fixed values (a select): anything else is "Select a valid choice." */
export function oneOf<const V extends readonly [string | number | null, ...(string | number | null)[]]>(values: V) {
  return z.custom<V[number]>((v) => (values as readonly unknown[]).includes(v), CHOICE_MSG);
}

/** Exclusive period (§9): 0 None, 14/28/56 days, null Lifetime (shared/constants EXCLUSIVE_PERIODS). */
export const EXCLUSIVE_PERIOD_VALUES = EXCLUSIVE_PERIODS.map((p) => p.days) as unknown as readonly [0, 14, 28, 56, null];
export const exclusivePeriod = () => oneOf(EXCLUSIVE_PERIOD_VALUES);
export const EXCLUSIVE_PERIOD_OPTIONS: readonly FieldOption[] = EXCLUSIVE_PERIODS.map((p) => ({ value: p.days, label: p.label }));

/** Default pre-order weeks 0-4 (§9). */
export const preOrderWeeks = () => oneOf(PRE_ORDER_WEEKS);
export const PRE_ORDER_WEEK_OPTIONS: readonly FieldOption[] = PRE_ORDER_WEEKS.map((w) => ({ value: w, label: String(w) }));

/** Names and short texts the spec gives no limit for: the usual 255. */
export const NAME_MAX = 255;
/** Catalog numbers and other codes. */
export const CODE_MAX = 64;
export const name = () => requiredText(NAME_MAX);
export const bool = () => z.boolean({ error: 'Must be true or false.' });
