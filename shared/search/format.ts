/**
 * Dates of the search filters (spec §5, §9): sent as YYYY-MM-DD and shown MM/DD/YYYY (by
 * the one formatter, shared/format.ts), and the year and month filter options.
 */
import { FIRST_FILTER_YEAR } from '../constants';
import { formatDate } from '../format';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/;
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** MM/DD/YYYY of a 'YYYY-MM-DD…' string (date-times keep their calendar date); '' when empty or unreadable. */
export function displayDate(value: string | null | undefined): string {
  return value && ISO_DATE.test(value) ? formatDate(value) : '';
}

/**
 * YYYY-MM-DD to send: from a Date (its UTC calendar day), 'YYYY-MM-DD…', or a
 * user-typed 'M/D/YYYY'; null when empty or not a real calendar date.
 */
export function sendDate(value: Date | string | null | undefined): string | null {
  if (value == null || value === '') return null;
  let y: number, mo: number, d: number;
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null;
    [y, mo, d] = [value.getUTCFullYear(), value.getUTCMonth() + 1, value.getUTCDate()];
  } else {
    const iso = ISO_DATE.exec(value.trim());
    const us = US_DATE.exec(value.trim());
    if (iso) [y, mo, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
    else if (us) [y, mo, d] = [Number(us[3]), Number(us[1]), Number(us[2])];
    else return null;
  }
  const check = new Date(Date.UTC(y, mo - 1, d));
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, '0')}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** Year filter options: the current year down to 2004 (spec §9). */
export function yearOptions(now: Date = new Date()): number[] {
  const years: number[] = [];
  for (let y = now.getUTCFullYear(); y >= FIRST_FILTER_YEAR; y--) years.push(y);
  return years;
}

export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** Month filter options: value 1-12 with the month name. */
export const MONTH_OPTIONS: readonly { value: number; label: string }[] = MONTHS.map((label, i) => ({ value: i + 1, label }));

// Money and file sizes come from the one formatter (shared/format.ts).
export { formatFileSize, formatMoney } from '../format';
