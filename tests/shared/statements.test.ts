/** Statement periods (quarterly until Q2 2018, monthly after; spec §9) and amounts (separators, empty as $0.00). */
import { describe, expect, it } from 'vitest';
import { formatAmount, lastClosedPeriod, periodLabel, periodOf, periodsBetween } from '../../shared/statements';

describe('statement periods', () => {
  it('are quarters until Q2 2018 and months from July 2018', () => {
    expect(periodOf('2018-02-10')).toEqual({ start: '2018-01-01', end: '2018-03-31' });
    expect(periodOf('2018-06-30')).toEqual({ start: '2018-04-01', end: '2018-06-30' });
    expect(periodOf('2018-07-01')).toEqual({ start: '2018-07-01', end: '2018-07-31' });
    expect(periodOf('2024-02-29')).toEqual({ start: '2024-02-01', end: '2024-02-29' });
    expect(periodsBetween('2018-03-05', '2018-08-31').map(periodLabel)).toEqual(['Q1 2018', 'Q2 2018', 'July 2018', 'August 2018']);
    expect(periodsBetween('2017-12-01', '2018-01-31').map((p) => p.start)).toEqual(['2017-10-01']);
  });
  it("the last closed period is the one before today's", () => {
    expect(lastClosedPeriod('2026-01-15')).toEqual({ start: '2025-12-01', end: '2025-12-31' });
    expect(lastClosedPeriod('2018-07-02')).toEqual({ start: '2018-04-01', end: '2018-06-30' });
    expect(lastClosedPeriod('2018-05-02')).toEqual({ start: '2018-01-01', end: '2018-03-31' });
  });
});

describe('statement amounts', () => {
  it('show thousands separators in their currency, and empty as $0.00', () => {
    expect(formatAmount('1234567.5', 'USD')).toBe('$1,234,567.50');
    expect(formatAmount('1234.50', 'EUR')).toBe('€1,234.50');
    expect(formatAmount('-30.00', 'GBP')).toBe('-£30.00');
    expect(formatAmount('1000', 'BRL')).toBe('R$1,000.00');
    expect(formatAmount(null)).toBe('$0.00');
    expect(formatAmount('')).toBe('$0.00');
    expect(formatAmount(undefined, 'EUR')).toBe('$0.00');
  });
});
