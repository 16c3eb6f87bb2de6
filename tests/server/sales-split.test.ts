/** How the sales summary splits a day range: whole calendar months (sales_months) and the edge days (sales_days). */
import { describe, expect, it } from 'vitest';
import { monthPieces, splitByMonths } from '../../server/jobs/sales';

describe('splitByMonths', () => {
  it('a range of whole months is months only', () => {
    expect(splitByMonths('2024-01-01', '2024-12-31')).toEqual({ months: ['2024-01-01', '2024-12-01'], days: [] });
    expect(splitByMonths('2024-02-01', '2024-02-29')).toEqual({ months: ['2024-02-01', '2024-02-01'], days: [] });
    expect(splitByMonths('2023-02-01', '2023-02-28')).toEqual({ months: ['2023-02-01', '2023-02-01'], days: [] });
  });
  it("the screen's default (the first of a month 24 months back to today) is months and this month's days", () => {
    expect(splitByMonths('2024-11-01', '2026-11-24')).toEqual({
      months: ['2024-11-01', '2026-10-01'],
      days: [['2026-11-01', '2026-11-24']],
    });
  });
  it('edges inside months are days on either side, across a year end', () => {
    expect(splitByMonths('2024-12-15', '2025-03-10')).toEqual({
      months: ['2025-01-01', '2025-02-01'],
      days: [
        ['2024-12-15', '2024-12-31'],
        ['2025-03-01', '2025-03-10'],
      ],
    });
    expect(splitByMonths('2024-02-10', '2024-03-31')).toEqual({
      months: ['2024-03-01', '2024-03-01'],
      days: [['2024-02-10', '2024-02-29']],
    });
  });
  it('a range without a whole month is days only', () => {
    expect(splitByMonths('2024-05-03', '2024-05-30')).toEqual({ months: null, days: [['2024-05-03', '2024-05-30']] });
    expect(splitByMonths('2024-05-20', '2024-06-10')).toEqual({ months: null, days: [['2024-05-20', '2024-06-10']] });
    expect(splitByMonths('2024-05-07', '2024-05-07')).toEqual({ months: null, days: [['2024-05-07', '2024-05-07']] });
  });
});

describe('monthPieces', () => {
  it("cuts a day range at month ends, each piece with its month's first and last days (leap years, year ends)", () => {
    expect(monthPieces(['2024-05-20', '2024-06-10'])).toEqual([
      { month: '2024-05-01', from: '2024-05-20', to: '2024-05-31', last: '2024-05-31' },
      { month: '2024-06-01', from: '2024-06-01', to: '2024-06-10', last: '2024-06-30' },
    ]);
    expect(monthPieces(['2024-02-10', '2024-02-29'])).toEqual([
      { month: '2024-02-01', from: '2024-02-10', to: '2024-02-29', last: '2024-02-29' },
    ]);
    expect(monthPieces(['2024-12-31', '2025-01-01'])).toEqual([
      { month: '2024-12-01', from: '2024-12-31', to: '2024-12-31', last: '2024-12-31' },
      { month: '2025-01-01', from: '2025-01-01', to: '2025-01-01', last: '2025-01-31' },
    ]);
    expect(monthPieces(['2026-11-01', '2026-11-24'])).toEqual([
      { month: '2026-11-01', from: '2026-11-01', to: '2026-11-24', last: '2026-11-30' },
    ]);
  });
});
