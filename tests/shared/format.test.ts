/** The one formatter (shared/format.ts, spec §9): table tests of what each value shows. */
import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatDate,
  formatDateTime,
  formatFileSize,
  formatMoney,
  formatMonth,
  formatNumber,
  formatPercent,
  formatSeconds,
  plural,
} from '../../shared/format';
import { cellText, columnsOf, csvValue } from '../../shared/search/columns';
import { formatAmount } from '../../shared/statements';

describe('formatMoney: symbol, thousands separators, two decimals (§9 currencies)', () => {
  it.each([
    [1351.84, 'USD', '$1,351.84'],
    ['1387.25', 'USD', '$1,387.25'],
    ['1.04', 'USD', '$1.04'],
    [1234567.5, 'EUR', '€1,234,567.50'],
    [3.1, 'GBP', '£3.10'],
    [12, 'AUD', 'A$12.00'],
    [99, 'MXN', 'MX$99.00'],
    [1000, 'BRL', 'R$1,000.00'],
    [-12, 'USD', '-$12.00'],
    ['-30.00', 'GBP', '-£30.00'],
    [-1234.5, 'EUR', '-€1,234.50'],
    [0, 'USD', '$0.00'],
    [0, 'EUR', '€0.00'],
    [-0.001, 'USD', '$0.00'],
    ['999.999', 'USD', '$1,000.00'],
    [5, 'eur', '€5.00'],
    [5, 'XYZ', 'XYZ\u00a05.00'], // Intl's own form for a code it has no symbol for
    [5, 'not a code', 'not a code 5.00'],
  ])('%s %s → %s', (amount, currency, shown) => {
    expect(formatMoney(amount, currency)).toBe(shown);
  });

  it('empty shows $0.00 (§9), whatever the currency', () => {
    for (const v of [null, undefined, '', '  ', 'abc', NaN]) {
      expect(formatMoney(v)).toBe('$0.00');
      expect(formatMoney(v, 'EUR')).toBe('$0.00');
    }
  });

  it('USD when no currency is given', () => {
    expect(formatMoney(7)).toBe('$7.00');
    expect(formatMoney(7, null)).toBe('$7.00');
  });

  it('statements use the same formatter', () => {
    expect(formatAmount('1234.5', 'BRL')).toBe(formatMoney('1234.5', 'BRL'));
    expect(formatAmount('12', 'AUD')).toBe('A$12.00');
  });
});

describe('formatPercent and formatNumber', () => {
  it.each([
    [16, '16%'],
    ['16.00', '16%'],
    [12.5, '12.5%'],
    [0, '0%'],
    [100, '100%'],
    [1250, '1,250%'],
    [33.333, '33.33%'],
    [-5, '-5%'],
    [null, ''],
    [undefined, ''],
    ['', ''],
  ])('percent %s → %s', (v, shown) => expect(formatPercent(v)).toBe(shown));

  it.each([
    [1234, undefined, '1,234'],
    [1234567, undefined, '1,234,567'],
    [3.5, undefined, '3.5'],
    [-2, undefined, '-2'],
    [10, 2, '10.00'],
    [1234.5, 2, '1,234.50'],
    [44.1, 1, '44.1'],
    [null, undefined, ''],
    ['x', 2, ''],
  ])('number %s (%s decimals) → %s', (v, decimals, shown) => expect(formatNumber(v, decimals)).toBe(shown));

  it('seconds', () => {
    expect(formatSeconds(2.5)).toBe('2.5 s');
    expect(formatSeconds(2.5, 2)).toBe('2.50 s');
    expect(formatSeconds(null)).toBe('');
  });
});

describe('plurals with Intl.PluralRules', () => {
  it.each([
    [0, 'item', '0 items'],
    [1, 'item', '1 item'],
    [2, 'item', '2 items'],
    [1204, 'row', '1,204 rows'],
    [1, 'sales line', '1 sales line'],
    [3, 'sales line', '3 sales lines'],
  ])('%s %s → %s', (n, word, shown) => expect(formatCount(n, word)).toBe(shown));

  it('irregular plurals are given', () => {
    expect(formatCount(1, 'delivery', 'deliveries')).toBe('1 delivery');
    expect(formatCount(2, 'delivery', 'deliveries')).toBe('2 deliveries');
    expect(plural(1, 'change')).toBe('change');
    expect(plural(5, 'change')).toBe('changes');
  });
});

describe('dates: MM/DD/YYYY', () => {
  it.each([
    ['2024-03-07', '03/07/2024'],
    ['2024-12-31T23:30:00-07:00', '12/31/2024'],
    ['2026-11-01', '11/01/2026'],
    [null, ''],
    [undefined, ''],
    ['', ''],
    ['not a date', ''],
  ])('%s → %s', (v, shown) => expect(formatDate(v)).toBe(shown));

  it('a calendar date is never shifted by a time zone', () => {
    expect(formatDate('2024-01-01', 'America/Los_Angeles')).toBe('01/01/2024');
  });

  it('an instant shows its date in the zone given', () => {
    const instant = new Date('2024-01-01T03:00:00Z');
    expect(formatDate(instant, 'UTC')).toBe('01/01/2024');
    expect(formatDate(instant, 'America/Denver')).toBe('12/31/2023');
  });

  it('months', () => {
    expect(formatMonth(2018, 7)).toBe('July 2018');
    expect(formatMonth(2024, 12)).toBe('December 2024');
  });
});

describe('date-times: each value carries the zone abbreviation of its own instant', () => {
  const DENVER = 'America/Denver';
  it.each([
    // Standard time (winter): MST, UTC-7.
    ['2026-01-15T19:30:00Z', '01/15/2026 12:30 PM MST'],
    ['2026-03-08T08:59:00Z', '03/08/2026 01:59 AM MST'],
    // Daylight time from the second Sunday of March (2026-03-08 02:00 → 03:00): MDT, UTC-6.
    ['2026-03-08T09:00:00Z', '03/08/2026 03:00 AM MDT'],
    ['2026-07-04T04:00:00Z', '07/03/2026 10:00 PM MDT'],
    // The repeated hour on the first Sunday of November: 01:30 MDT, then 01:30 MST.
    ['2025-11-02T07:30:00Z', '11/02/2025 01:30 AM MDT'],
    ['2025-11-02T08:30:00Z', '11/02/2025 01:30 AM MST'],
  ])('%s → %s', (instant, shown) => {
    expect(formatDateTime(instant, DENVER)).toBe(shown);
  });

  it('other zones name their own abbreviation; seconds on request', () => {
    expect(formatDateTime('2026-07-04T12:00:05Z', 'UTC', { seconds: true })).toBe('07/04/2026 12:00:05 PM UTC');
    expect(formatDateTime('2026-01-04T12:00:00Z', 'America/New_York')).toBe('01/04/2026 07:00 AM EST');
    expect(formatDateTime('2026-07-04T12:00:00Z', 'America/New_York')).toBe('07/04/2026 08:00 AM EDT');
  });

  it('empty or unreadable shows nothing', () => {
    for (const v of [null, undefined, '', 'soon']) expect(formatDateTime(v, DENVER)).toBe('');
  });

  it('the live streams list names no single abbreviation in its headers: the values carry it', () => {
    const cols = columnsOf('live_streams');
    for (const c of cols) expect(c.title).not.toMatch(/\b(MDT|MST)\b/);
    const start = cols.find((c) => c.field === 'start_at')!;
    expect(cellText(start, { start_at: '2026-01-15T19:30:00Z' })).toBe('01/15/2026 12:30 PM MST');
    expect(cellText(start, { start_at: '2026-07-15T18:30:00Z' })).toBe('07/15/2026 12:30 PM MDT');
  });
});

describe('file sizes', () => {
  it.each([
    [0, '0 Bytes'],
    [1023, '1023 Bytes'],
    [1024, '1 KB'],
    [1536 * 1024, '2 MB'],
    [1024 ** 3, '1.0 GB'],
    [2.25 * 1024 ** 3, '2.3 GB'],
    [1024 ** 4 * 2, '2,048.0 GB'],
    [null, ''],
    [-1, ''],
  ])('%s → %s', (v, shown) => expect(formatFileSize(v)).toBe(shown));
});

describe("the coupons list shows a percentage coupon's percentage, an amount coupon's amount", () => {
  const cols = columnsOf('coupons');
  const discount = cols.find((c) => c.key === 'discount_amount')!;
  const pct = cols.find((c) => c.key === 'discount_percentage')!;
  const percentage = {
    id: 37,
    code: 'SAVE037VIP',
    discount_type: { id: 2, name: 'Percentage' },
    discount_amount: null,
    discount_percentage: '16.00',
  };
  const amount = {
    id: 38,
    code: 'SAVE038DJ',
    discount_type: { id: 1, name: 'Amount' },
    discount_amount: '1234.50',
    discount_percentage: null,
  };

  it('on screen', () => {
    expect(cellText(discount, percentage)).toBe('16%');
    expect(cellText(discount, amount)).toBe('$1,234.50');
    expect(cellText(pct, percentage)).toBe('16%');
    expect(cellText(pct, amount)).toBe('');
  });

  it('a percentage with no type name but no amount is still a percentage; an empty amount coupon shows $0.00', () => {
    expect(cellText(discount, { discount_amount: null, discount_percentage: 20 })).toBe('20%');
    expect(cellText(discount, { discount_type: { id: 1, name: 'Amount' }, discount_amount: null, discount_percentage: null })).toBe(
      '$0.00',
    );
  });

  it("in the CSV: amounts as numbers, a percentage coupon's discount as shown", () => {
    expect(csvValue(discount, amount)).toBe(1234.5);
    expect(csvValue(discount, percentage)).toBe('16%');
    expect(csvValue(pct, percentage)).toBe(16);
  });
});
