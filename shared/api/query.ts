/**
 * Query-string helpers of spec §5/§7: parameters sorted with type, page, per_page
 * first; ids with whitespace turned into commas; dates as YYYY-MM-DD; date ranges
 * as `from:to`.
 */
import { isCalendarDate } from './query-values';

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

const FIRST = ['type', 'page', 'per_page'];

/** Builds "a=1&b=2" (no leading '?'): type, page, per_page first, the rest sorted; empty values dropped. */
export function buildQuery(params: Readonly<Record<string, QueryValue>>): string {
  const keys = Object.keys(params).filter((k) => {
    const v = params[k];
    return v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);
  });
  keys.sort((a, b) => {
    const ia = FIRST.indexOf(a);
    const ib = FIRST.indexOf(b);
    if (ia !== -1 || ib !== -1) return (ia === -1 ? 99 : ia) - (ib === -1 ? 99 : ib);
    return a < b ? -1 : a > b ? 1 : 0;
  });
  return keys
    .map((k) => {
      const v = params[k];
      const s = Array.isArray(v) ? v.join(',') : String(v);
      return `${encodeURIComponent(k)}=${encodeURIComponent(s).replace(/%2C/gi, ',').replace(/%3A/gi, ':')}`;
    })
    .join('&');
}

/** Id filter: whitespace (and stray commas) become single commas (spec §5). */
export function normalizeIds(input: string): string {
  return input
    .trim()
    .split(/[\s,]+/)
    .filter(Boolean)
    .join(',');
}

/** YYYY-MM-DD of a Date in UTC, or of a 'YYYY-MM-DD...' string. */
export function isoDate(d: Date | string): string {
  if (typeof d === 'string') return d.slice(0, 10);
  return d.toISOString().slice(0, 10);
}

/** `from:to` for date-range filters; an open end is left empty (`2024-01-01:`). */
export function dateRange(from: Date | string | null | undefined, to: Date | string | null | undefined): string {
  return `${from ? isoDate(from) : ''}:${to ? isoDate(to) : ''}`;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Parses `from:to` (either side may be empty, not both); null if malformed or not a real date (2024-02-30). */
export function parseDateRange(value: string): { from: string | null; to: string | null } | null {
  const parts = value.split(':');
  if (parts.length !== 2) return null;
  const [from, to] = parts;
  if (!from && !to) return null;
  if ((from && !(DATE.test(from) && isCalendarDate(from))) || (to && !(DATE.test(to) && isCalendarDate(to)))) return null;
  return { from: from || null, to: to || null };
}
