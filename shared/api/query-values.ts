/**
 * The value kinds of list query strings (api-conventions "Lists", spec §3 filters) as
 * zod schemas: ids and integers bounded to the database's int4, real calendar dates
 * and date ranges, booleans, choices, page and per_page. The server's list engine
 * parses every filter value with these; the console can check a filter field with the
 * same rules before it sends it. Also the limits the server's edge applies to every
 * request (query parameter length, control characters, JSON depth).
 */
import { z } from 'zod';
import { DATE_MESSAGE, calendarDate } from './dates';
import { MAX_PER_PAGE } from './envelope';
import { MSG } from '../messages';

/** PostgreSQL integer (int4) bounds: ids and integer filters never go past them. */
export const INT4_MAX = 2_147_483_647;
/** Highest page number a list accepts (page × per_page stays far inside bigint). */
export const MAX_PAGE = 1_000_000;
/** Longest value of one query parameter (or path segment) the server accepts, in characters. */
export const MAX_PARAM_LENGTH = 2_000;
/** Most query parameters one request may carry. */
export const MAX_QUERY_PARAMS = 100;
/** Deepest nesting of a JSON request body. */
export const MAX_JSON_DEPTH = 32;

/** C0 control characters (NUL included) and DEL, except tab, LF and CR, which text may hold. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/** Every C0 control and DEL: nothing of the kind belongs in a URL path. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const ANY_CONTROL_CHARS = /[\u0000-\u001F\u007F]/;

export const VALUE_MSG = {
  repeated: 'Send this parameter only once.',
  control: 'Remove the control characters (such as NUL) from this value.',
  tooLong: (max: number) => `Ensure this value has no more than ${max} characters.`,
  wholeNumbers: 'Enter whole numbers separated by commas.',
  range: (min: number, max: number) => `Ensure each value is between ${min} and ${max}.`,
  dateRange: 'Enter a date range as YYYY-MM-DD:YYYY-MM-DD.',
  realDate: DATE_MESSAGE,
  /** Spec §5's words: a filter's reversed range says what a form's reversed dates say. */
  rangeOrder: MSG.startBeforeEnd,
  choice: 'Select a valid choice.',
  bool: (t: string, f: string) => `Must be ${t} or ${f}.`,
  page: 'Invalid page.',
  perPage: (max: number) => `Ensure this value is between 1 and ${max}.`,
  unknownFilter: 'Unknown filter.',
  orderBy: (v: string) => `Cannot order by ${v}.`,
} as const;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a YYYY-MM-DD that names a day of the calendar (years 1 to 9999): 2024-02-30 is not one. */
export function isCalendarDate(s: string): boolean {
  const m = DATE.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1 || mo < 1 || mo > 12 || d < 1) return false;
  const dt = new Date(Date.UTC(2000, mo - 1, d));
  dt.setUTCFullYear(y);
  return dt.getUTCMonth() === mo - 1 && dt.getUTCDate() === d;
}

/** One date, YYYY-MM-DD, real: declared once in ./dates. */
export { calendarDate };

/** `from:to` (either end may be empty, not both), each a real date, from ≤ to. */
export const dateRangeValue = z.string().transform((value, ctx) => {
  const parts = value.split(':');
  const [from, to] = parts;
  if (parts.length !== 2 || (!from && !to) || [from, to].some((d) => d && !DATE.test(d))) {
    ctx.addIssue({ code: 'custom', message: VALUE_MSG.dateRange });
    return z.NEVER;
  }
  if ([from, to].some((d) => d && !isCalendarDate(d))) {
    ctx.addIssue({ code: 'custom', message: VALUE_MSG.realDate });
    return z.NEVER;
  }
  if (from && to && from > to) {
    ctx.addIssue({ code: 'custom', message: VALUE_MSG.rangeOrder });
    return z.NEVER;
  }
  return { from: from || null, to: to || null };
});

/** Whole numbers separated by commas or whitespace, each within [min, max]. */
export const intListValue = (min: number, max: number) =>
  z.string().transform((value, ctx) => {
    const parts = value.split(/[\s,]+/).filter(Boolean);
    if (!parts.length || parts.some((p) => !/^-?\d+$/.test(p))) {
      ctx.addIssue({ code: 'custom', message: VALUE_MSG.wholeNumbers });
      return z.NEVER;
    }
    const nums = parts.map(Number);
    if (nums.some((n) => !Number.isSafeInteger(n) || n < min || n > max)) {
      ctx.addIssue({ code: 'custom', message: VALUE_MSG.range(min, max) });
      return z.NEVER;
    }
    return nums;
  });

/** Ids: 1 to INT4_MAX. */
export const idListValue = intListValue(1, INT4_MAX);
/** Integer filters (bpm, weeks, year, month, amounts): 0 to INT4_MAX. */
export const intFilterValue = intListValue(0, INT4_MAX);

/** Booleans: `true`/`false`. */
export const boolValue = z.enum(['true', 'false'], { error: VALUE_MSG.bool('true', 'false') }).transform((v) => v === 'true');
/** Booleans sent as 1/0 (pposp_enrollment_status). */
export const bool01Value = z.enum(['1', '0'], { error: VALUE_MSG.bool('1', '0') }).transform((v) => v === '1');

/** Comma-separated choices; when `offered` is given, each must be one of them. */
export const choiceListValue = (offered?: readonly string[]) =>
  z.string().transform((value, ctx) => {
    const vals = value
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
    if (!vals.length || (offered && vals.some((v) => !offered.includes(v)))) {
      ctx.addIssue({ code: 'custom', message: VALUE_MSG.choice });
      return z.NEVER;
    }
    return vals;
  });

const positiveInt = (max: number, message: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(1, message).max(max, message));

/** page: 1 to MAX_PAGE. */
export const pageValue = positiveInt(MAX_PAGE, VALUE_MSG.page);
/** per_page: 1 to MAX_PER_PAGE. */
export const perPageValue = positiveInt(MAX_PER_PAGE, VALUE_MSG.perPage(MAX_PER_PAGE));
