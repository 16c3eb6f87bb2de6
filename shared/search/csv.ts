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

/**
 * Finds the record ends (LF bytes outside quotes) of a chunk of CSV bytes: calls
 * `onRecordEnd` with each one's index and returns whether the chunk ends inside quotes
 * (pass it back as `inQuotes` with the next chunk). A quoted cell may hold line ends,
 * and an escaped quote ("") leaves the state as it was. Native searches for the next
 * quote and line end (a Node Buffer's indexOf is memchr), not a JavaScript loop per byte.
 */
export function scanRecordEnds(b: Uint8Array, inQuotes: boolean, onRecordEnd: (index: number) => void): boolean {
  let q = inQuotes;
  let i = 0;
  while (i < b.length) {
    const quote = b.indexOf(0x22, i);
    if (q) {
      if (quote === -1) break;
      q = false;
      i = quote + 1;
      continue;
    }
    const end = quote === -1 ? b.length : quote;
    for (let nl = b.indexOf(0x0a, i); nl !== -1 && nl < end; nl = b.indexOf(0x0a, nl + 1)) onRecordEnd(nl);
    if (quote === -1) break;
    q = true;
    i = quote + 1;
  }
  return q;
}
