/**
 * CSV cells and lines for exports (RFC 4180, CRLF line ends), with formula-injection
 * escaping: a text cell starting with = + - @ tab, CR or NUL is neutralised with a
 * leading apostrophe so spreadsheets show it as text. Numbers stay numbers: a
 * JavaScript number, or text that is exactly a plain decimal number ("-12.50",
 * "+3", "1e5"), is written as it is.
 */

export type CsvValue = string | number | bigint | boolean | null | undefined | Date;

const FORMULA_START = /^[=+\-@\t\r\0]/;
const PLAIN_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const NEEDS_QUOTES = /[",\r\n]/;

/** The text a value is written as, neutralised if it could be read as a formula. */
export function csvText(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  if (FORMULA_START.test(value) && !PLAIN_NUMBER.test(value)) return `'${value}`;
  return value;
}

/** One cell: neutralised, then quoted when it holds a quote, comma, CR or LF. */
export function csvCell(value: CsvValue): string {
  const text = csvText(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record with its CRLF. */
export function csvLine(values: readonly CsvValue[]): string {
  return values.map(csvCell).join(',') + '\r\n';
}
