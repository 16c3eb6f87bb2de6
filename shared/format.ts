/**
 * The one formatter of the console (spec §9): every amount, percentage, count, date, time
 * and plural a screen, a CSV or a notification shows goes through here, built on Intl
 * (en-US). No other module formats these by hand; tests/shared/no-hand-formatting.test.ts
 * finds `.toFixed(`, `toLocaleString(`, sliced ISO dates, "(s)" plurals and the like
 * elsewhere.
 *
 * - money: the currency's symbol, thousands separators, two decimals: "$1,351.84",
 *   "€1,234.50", "£3.10", "A$12.00", "MX$99.00", "R$1,000.00", "-$12.00"; empty shows
 *   "$0.00" (§9);
 * - percentages: "16%", "12.5%" (the value is in percent, as the API sends it);
 * - dates: MM/DD/YYYY, the calendar date a value names (a 'YYYY-MM-DD' is never shifted by
 *   a time zone);
 * - date-times: "MM/DD/YYYY hh:mm AM" and the zone's abbreviation at that very instant
 *   (America/Denver: MDT in summer, MST in winter), so a column never names one
 *   abbreviation for values that fall on both sides of a daylight-saving change;
 * - counts and plurals: "1 item", "1,204 items" (Intl.PluralRules picks the form).
 */

export const LOCALE = 'en-US';

/** A number from a number or numeric text; NaN when empty or not a number. */
function toNumber(v: number | string | null | undefined): number {
  if (typeof v === 'number') return v;
  if (typeof v !== 'string' || v.trim() === '') return NaN;
  return Number(v);
}

const moneyFormats = new Map<string, Intl.NumberFormat>();
function moneyFormat(currency: string): Intl.NumberFormat | null {
  const code = currency.toUpperCase();
  let f = moneyFormats.get(code);
  if (!f) {
    try {
      // 'symbol' (not 'narrowSymbol'): Australian dollars and Mexican pesos keep "A$" and "MX$", never a bare "$".
      f = new Intl.NumberFormat(LOCALE, {
        style: 'currency',
        currency: code,
        currencyDisplay: 'symbol',
        signDisplay: 'negative',
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      });
    } catch {
      return null; // not a currency code
    }
    moneyFormats.set(code, f);
  }
  return f;
}

const numberFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 2, signDisplay: 'negative' });

/**
 * An amount in a currency (ISO 4217 code, USD when none): symbol, thousands separators, two
 * decimals; a negative amount leads with "-". Empty (null, undefined, '', not a number)
 * shows "$0.00" (§9). An unknown code shows the number after the code ("XYZ 1,000.00").
 */
export function formatMoney(amount: number | string | null | undefined, currency: string | null | undefined = 'USD'): string {
  const n = toNumber(amount);
  if (!Number.isFinite(n)) return '$0.00';
  const f = moneyFormat(currency || 'USD');
  if (f) return f.format(n);
  return `${String(currency)} ${formatNumber(n, 2)}`;
}

const fixedFormats = new Map<number, Intl.NumberFormat>();

/**
 * A plain number with thousands separators: at most two decimals ("1,234", "3.5"), or
 * exactly `decimals` ("1,234.50" with 2); '' when empty.
 */
export function formatNumber(value: number | string | null | undefined, decimals?: number): string {
  const n = toNumber(value);
  if (!Number.isFinite(n)) return '';
  if (decimals === undefined) return numberFormat.format(n);
  let f = fixedFormats.get(decimals);
  if (!f) {
    f = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: decimals, maximumFractionDigits: decimals, signDisplay: 'negative' });
    fixedFormats.set(decimals, f);
  }
  return f.format(n);
}

const percentFormat = new Intl.NumberFormat(LOCALE, { style: 'percent', maximumFractionDigits: 2, signDisplay: 'negative' });

/** A percentage given in percent (16 or "16.00" → "16%", 12.5 → "12.5%"); '' when empty. */
export function formatPercent(percent: number | string | null | undefined): string {
  const n = toNumber(percent);
  return Number.isFinite(n) ? percentFormat.format(n / 100) : '';
}

const pluralRules = new Intl.PluralRules(LOCALE);

/**
 * The word for a count: `plural(1, 'item')` → "item", `plural(3, 'item')` → "items"; the
 * plural form is the singular with "s" unless given.
 */
export function plural(count: number, one: string, other = `${one}s`): string {
  return pluralRules.select(count) === 'one' ? one : other;
}

/** A count with its word: "1 item", "0 items", "1,204 rows". */
export function formatCount(count: number, one: string, other?: string): string {
  return `${formatNumber(count)} ${plural(count, one, other)}`;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

const dateParts = new Map<string, Intl.DateTimeFormat>();
function dateTimeFormat(zone: string | undefined, withTime: boolean, seconds = false): Intl.DateTimeFormat {
  const key = `${zone ?? ''}|${withTime}|${seconds}`;
  let f = dateParts.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(LOCALE, {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      ...(withTime ? { hour: '2-digit', minute: '2-digit', hour12: true, timeZoneName: 'short' } : {}),
      ...(seconds ? { second: '2-digit' } : {}),
    } as Intl.DateTimeFormatOptions);
    dateParts.set(key, f);
  }
  return f;
}

function instantOf(value: string | Date | number | null | undefined): Date | null {
  if (value == null || value === '') return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * A date as MM/DD/YYYY; '' when empty or unreadable. Text starting 'YYYY-MM-DD' shows that
 * calendar date as written (a date, or a date-time's own date); a Date or epoch number
 * shows its date in `zone` (the computer's zone when none).
 */
export function formatDate(value: string | Date | number | null | undefined, zone?: string): string {
  if (typeof value === 'string') {
    const m = ISO_DATE.exec(value);
    if (m) return `${m[2]}/${m[3]}/${m[1]}`;
  }
  const d = instantOf(value);
  if (!d) return '';
  const parts = dateTimeFormat(zone, false).formatToParts(d);
  const part = (t: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === t)?.value ?? '';
  return `${part('month')}/${part('day')}/${part('year')}`;
}

/**
 * An instant as people read it in `zone` (the computer's zone when none):
 * "MM/DD/YYYY hh:mm AM" and the zone's abbreviation at that instant (America/Denver: MST
 * or MDT), so each value says which one it is in; with `seconds`, "hh:mm:ss". '' when
 * empty or unreadable.
 */
export function formatDateTime(value: string | Date | number | null | undefined, zone?: string, opts: { seconds?: boolean } = {}): string {
  const d = instantOf(value);
  if (!d) return '';
  const parts = dateTimeFormat(zone, true, opts.seconds).formatToParts(d);
  const part = (t: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === t)?.value ?? '';
  const time = `${part('hour')}:${part('minute')}${opts.seconds ? `:${part('second')}` : ''}`;
  return `${part('month')}/${part('day')}/${part('year')} ${time} ${part('dayPeriod')} ${part('timeZoneName')}`;
}

/** A stored value as a word people read: a capital first letter, dashes and underscores as spaces ("not-converted" → "Not converted"). */
export function valueWords(value: string | number): string {
  const v = String(value);
  return v.charAt(0).toUpperCase() + v.slice(1).replace(/[-_]/g, ' ');
}

const monthFormat = new Intl.DateTimeFormat(LOCALE, { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A month as "July 2018" (year and month 1-12). */
export function formatMonth(year: number, month: number): string {
  return monthFormat.format(new Date(Date.UTC(year, month - 1, 1)));
}

const KB = 1024;
const MB = KB * 1024;
const GB = MB * 1024;
const wholeFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });
const tenthFormat = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/**
 * File size in Bytes, KB, MB or GB (spec §9): binary multiples; Bytes, KB and MB whole, GB
 * with one decimal. '' when empty.
 */
export function formatFileSize(bytes: number | string | null | undefined): string {
  const n = toNumber(bytes);
  if (!Number.isFinite(n) || n < 0) return '';
  if (n < KB) return `${Math.round(n)} Bytes`;
  // Round first, so 1023.6 KB becomes "1 MB", never "1024 KB".
  if (Math.round(n / KB) < 1024) return `${wholeFormat.format(Math.round(n / KB))} KB`;
  if (Math.round(n / MB) < 1024) return `${wholeFormat.format(Math.round(n / MB))} MB`;
  return `${tenthFormat.format(n / GB)} GB`;
}

/** A duration in seconds with one or two decimals ("12.5 s"); '' when empty. */
export function formatSeconds(seconds: number | null | undefined, decimals: 1 | 2 = 1): string {
  const n = formatNumber(seconds, decimals);
  return n && `${n} s`;
}
