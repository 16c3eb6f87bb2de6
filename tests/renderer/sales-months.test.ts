/**
 * /sales opens on a useful range and its chart's months are right (issue 29): the last
 * twelve whole months and this month so far; every month of the range for each currency,
 * in order, a month with no sales at 0 (never a dropped month, never a partial first one).
 */
import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { DEFAULT_SALES_MONTHS, defaultSalesRange, monthSeries, monthsOf } from '../../renderer/features/sales/sales-months';

const fig = (key: string, currency: string, net: string) => ({ key, currency, quantity: 1, gross: net, net });

describe('sales months', () => {
  it('opens on the first day of the month twelve months back, to today', () => {
    const [start, end] = defaultSalesRange(dayjs('2026-11-29'));
    expect([start.format('YYYY-MM-DD'), end.format('YYYY-MM-DD')]).toEqual(['2025-11-01', '2026-11-29']);
    expect(monthsOf(start, end)).toHaveLength(DEFAULT_SALES_MONTHS + 1);
  });

  it('every month of the range, in order, across a year end', () => {
    expect(monthsOf(dayjs('2025-11-15'), dayjs('2026-02-01'))).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
  });

  it('one point per month and currency; a month without sales is 0', () => {
    const points = monthSeries(
      [fig('2026-01', 'USD', '10.50'), fig('2026-03', 'USD', '2.00'), fig('2026-02', 'EUR', '7.25')],
      dayjs('2026-01-01'),
      dayjs('2026-03-31'),
    );
    expect(points).toEqual([
      { month: '2026-01', currency: 'EUR', net: 0 },
      { month: '2026-01', currency: 'USD', net: 10.5 },
      { month: '2026-02', currency: 'EUR', net: 7.25 },
      { month: '2026-02', currency: 'USD', net: 0 },
      { month: '2026-03', currency: 'EUR', net: 0 },
      { month: '2026-03', currency: 'USD', net: 2 },
    ]);
  });
});
