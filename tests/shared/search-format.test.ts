import { describe, expect, it } from 'vitest';
import { buildQuery, normalizeIds } from '../../shared/api';
import { exclusivePeriodLabel } from '../../shared/constants';
import { displayDate, formatFileSize, formatMoney, sendDate, yearOptions } from '../../shared/search';

describe('query parameters', () => {
  it('sends type, page, per_page first and the rest sorted', () => {
    expect(buildQuery({ order_by: '-id', title: 'a b', per_page: 50, type: 'tracks', page: 3, bpm: 128 })).toBe(
      'type=tracks&page=3&per_page=50&bpm=128&order_by=-id&title=a%20b',
    );
  });
  it('turns whitespace in an id filter into commas', () => {
    expect(normalizeIds('12 34\n56\t78')).toBe('12,34,56,78');
    expect(normalizeIds('  9  ')).toBe('9');
  });
});

describe('dates', () => {
  it('shows MM/DD/YYYY', () => {
    expect(displayDate('2024-03-07')).toBe('03/07/2024');
    expect(displayDate('2024-12-31T23:30:00-07:00')).toBe('12/31/2024');
    expect(displayDate(null)).toBe('');
    expect(displayDate('not a date')).toBe('');
  });
  it('sends YYYY-MM-DD from a Date, an ISO string or a typed US date', () => {
    expect(sendDate(new Date(Date.UTC(2024, 1, 29)))).toBe('2024-02-29');
    expect(sendDate('2024-03-07T10:00:00Z')).toBe('2024-03-07');
    expect(sendDate('3/7/2024')).toBe('2024-03-07');
    expect(sendDate('02/30/2024')).toBeNull();
    expect(sendDate('')).toBeNull();
  });
  it('offers years from the current year down to 2004', () => {
    const years = yearOptions(new Date(Date.UTC(2026, 5, 1)));
    expect(years[0]).toBe(2026);
    expect(years.at(-1)).toBe(2004);
    expect(years).toHaveLength(23);
  });
});

describe('money', () => {
  it('uses thousands separators and two decimals', () => {
    expect(formatMoney(1234567.5)).toBe('$1,234,567.50');
    expect(formatMoney('999.999')).toBe('$1,000.00');
    expect(formatMoney(-12)).toBe('-$12.00');
    expect(formatMoney(3.1, 'GBP')).toBe('£3.10');
  });
  it('shows $0.00 when empty', () => {
    for (const v of [null, undefined, '', 'abc']) expect(formatMoney(v)).toBe('$0.00');
  });
});

describe('file sizes', () => {
  it('shows Bytes, KB, MB and GB with one decimal', () => {
    expect(formatFileSize(0)).toBe('0 Bytes');
    expect(formatFileSize(1023)).toBe('1023 Bytes');
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(1536 * 1024)).toBe('2 MB');
    expect(formatFileSize(45 * 1024 * 1024)).toBe('45 MB');
    expect(formatFileSize(1024 ** 3)).toBe('1.0 GB');
    expect(formatFileSize(2.25 * 1024 ** 3)).toBe('2.3 GB');
    expect(formatFileSize(1024 ** 4 * 2)).toBe('2,048.0 GB');
    expect(formatFileSize(null)).toBe('');
  });
  it('never shows 1024 of a unit', () => {
    expect(formatFileSize(1024 * 1024 - 1)).toBe('1 MB');
  });
});

describe('exclusive periods', () => {
  it('displays as §9 says', () => {
    expect([0, 14, 28, 56, null, 7, undefined].map(exclusivePeriodLabel)).toEqual([
      'None',
      '2 Weeks',
      '4 Weeks',
      '8 Weeks',
      'Lifetime',
      'None',
      'None',
    ]);
  });
});
