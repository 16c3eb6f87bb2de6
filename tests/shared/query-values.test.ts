/** The shared value kinds of list query strings (shared/api/query-values). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  INT4_MAX,
  MAX_PAGE,
  VALUE_MSG,
  bool01Value,
  boolValue,
  calendarDate,
  choiceListValue,
  dateRangeValue,
  idListValue,
  intFilterValue,
  isCalendarDate,
  pageValue,
  parseDateRange,
  perPageValue,
} from '../../shared/api';

const issue = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? null : r.error!.issues[0].message);

describe('query values', () => {
  it('isCalendarDate: every real day is one, and no day past the end of its month', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true }), (d) => {
        expect(isCalendarDate(d.toISOString().slice(0, 10))).toBe(true);
      }),
      { seed: 7 },
    );
    for (const s of [
      '2024-02-30',
      '2023-02-29',
      '2024-04-31',
      '2024-13-01',
      '2024-00-10',
      '2024-01-00',
      '0000-01-01',
      '2024-1-01',
      '20240101',
    ])
      expect(isCalendarDate(s), s).toBe(false);
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(issue(calendarDate.safeParse('2024-02-30'))).toBe(VALUE_MSG.realDate);
    // The console's date-range field reads values with parseDateRange: an impossible date is no range there either.
    expect(parseDateRange('2024-02-30:2024-03-01')).toBeNull();
    expect(parseDateRange('2024-02-29:')).toEqual({ from: '2024-02-29', to: null });
  });

  it('date ranges: real dates, either end open, from ≤ to', () => {
    expect(dateRangeValue.parse('2024-01-01:2024-01-31')).toEqual({ from: '2024-01-01', to: '2024-01-31' });
    expect(dateRangeValue.parse(':2024-01-31')).toEqual({ from: null, to: '2024-01-31' });
    expect(dateRangeValue.parse('2024-01-01:2024-01-01')).toEqual({ from: '2024-01-01', to: '2024-01-01' });
    expect(issue(dateRangeValue.safeParse('2024-02-30:'))).toBe(VALUE_MSG.realDate);
    expect(issue(dateRangeValue.safeParse('2024-02-01:2024-01-01'))).toBe(VALUE_MSG.rangeOrder);
    for (const s of [':', '', '2024-01-01', '2024-01-01:2024-01-02:x', 'a:b'])
      expect(issue(dateRangeValue.safeParse(s)), s).toBe(VALUE_MSG.dateRange);
  });

  it('ids and integers stay within int4', () => {
    expect(idListValue.parse('1, 2 3')).toEqual([1, 2, 3]);
    expect(idListValue.parse(String(INT4_MAX))).toEqual([INT4_MAX]);
    for (const s of [String(INT4_MAX + 1), '0', '-1', '9223372036854775808', '1'.repeat(400)])
      expect(issue(idListValue.safeParse(s)), s).toBe(VALUE_MSG.range(1, INT4_MAX));
    for (const s of ['', ',', '1.5', '1e3', 'x', '0x10']) expect(issue(idListValue.safeParse(s)), s).toBe(VALUE_MSG.wholeNumbers);
    expect(intFilterValue.parse('0')).toEqual([0]);
  });

  it('booleans, choices, page and per_page', () => {
    expect(boolValue.parse('true')).toBe(true);
    expect(boolValue.safeParse('1').success).toBe(false);
    expect(bool01Value.parse('0')).toBe(false);
    expect(bool01Value.safeParse('true').success).toBe(false);
    expect(choiceListValue(['a', 'b']).parse('a,b')).toEqual(['a', 'b']);
    expect(issue(choiceListValue(['a']).safeParse('__proto__'))).toBe(VALUE_MSG.choice);
    expect(pageValue.parse('3')).toBe(3);
    for (const s of ['0', String(MAX_PAGE + 1), '9223372036854775808', '1.0', '']) expect(pageValue.safeParse(s).success, s).toBe(false);
    expect(perPageValue.safeParse('201').success).toBe(false);
  });
});
