/**
 * Display formats of the search results and filters (spec §5, §9): dates sent as
 * YYYY-MM-DD and shown MM/DD/YYYY, money with thousands separators ($0.00 when
 * empty), file sizes in Bytes/KB/MB/GB (GB one decimal), the year filter options.
 */
import { FIRST_FILTER_YEAR } from '../constants';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/;
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** MM/DD/YYYY of a 'YYYY-MM-DD…' string (date-times keep their calendar date); '' when empty or unreadable. */
export function displayDate(value: string | null | undefined): string {
  const m = value ? ISO_DATE.exec(value) : null;
  return m ? `${m[2]}/${m[3]}/${m[1]}` : '';
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
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
] as const;

/** Month filter options: value 1-12 with the month name. */
export const MONTH_OPTIONS: readonly { value: number; label: string }[] = MONTHS.map((label, i) => ({ value: i + 1, label }));

const CURRENCY_SYMBOL: Readonly<Record<string, string>> = {
  USD: '$', EUR: '€', AUD: 'A$', GBP: '£', MXN: 'MX$', BRL: 'R$',
};

/** 1234567 → "1,234,567". */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * Money with thousands separators and two decimals: "$1,234.50", "-$12.00",
 * "£3.10". Empty (null, undefined, '', not a number) shows "$0.00" (spec §9).
 */
export function formatMoney(amount: number | string | null | undefined, currency = 'USD'): string {
  const n = typeof amount === 'string' ? (amount.trim() === '' ? NaN : Number(amount)) : (amount ?? NaN);
  if (!Number.isFinite(n)) return '$0.00';
  const symbol = CURRENCY_SYMBOL[currency] ?? `${currency} `;
  const cents = Math.round(Math.abs(n) * 100);
  const whole = groupThousands(String(Math.floor(cents / 100)));
  const frac = String(cents % 100).padStart(2, '0');
  return `${n < 0 && cents > 0 ? '-' : ''}${symbol}${whole}.${frac}`;
}

const KB = 1024;
const MB = KB * 1024;
const GB = MB * 1024;

/**
 * File size in Bytes, KB, MB or GB (spec §9): binary multiples; Bytes, KB and MB
 * whole, GB with one decimal. '' when empty.
 */
export function formatFileSize(bytes: number | string | null | undefined): string {
  const n = typeof bytes === 'string' ? (bytes.trim() === '' ? NaN : Number(bytes)) : (bytes ?? NaN);
  if (!Number.isFinite(n) || n < 0) return '';
  if (n < KB) return `${Math.round(n)} Bytes`;
  // Round first, so 1023.6 KB becomes "1 MB", never "1024 KB".
  if (Math.round(n / KB) < 1024) return `${groupThousands(String(Math.round(n / KB)))} KB`;
  if (Math.round(n / MB) < 1024) return `${groupThousands(String(Math.round(n / MB)))} MB`;
  const [whole, tenth] = (n / GB).toFixed(1).split('.');
  return `${groupThousands(whole)}.${tenth} GB`;
}
