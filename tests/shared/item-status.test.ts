/** Page-module item statuses (spec §4) at their day boundaries in Mountain time (America/Denver). */
import { describe, expect, it } from 'vitest';
import { moduleItemStatus, mountainDay } from '../../shared/records';

const at = (iso: string) => new Date(iso);
const text = (item: { start_date?: string | null; end_date?: string | null }, now: string) => moduleItemStatus(item, at(now))?.text ?? null;

describe('module item status', () => {
  it('the day turns at midnight in Denver, not UTC (MST, -07:00)', () => {
    // 2026-01-15 23:59:59 MST is 2026-01-16 06:59:59Z: still the 15th in the store.
    expect(mountainDay(at('2026-01-16T06:59:59Z'))).toBe('2026-01-15');
    expect(mountainDay(at('2026-01-16T07:00:00Z'))).toBe('2026-01-16');
    const item = { start_date: '2026-01-16', end_date: '2026-01-20' };
    expect(text(item, '2026-01-16T06:59:59Z')).toBe('enables tomorrow');
    expect(text(item, '2026-01-16T07:00:00Z')).toBeNull();
  });

  it('in daylight time the boundary is 06:00Z (MDT, -06:00)', () => {
    const item = { end_date: '2026-07-01' };
    expect(text(item, '2026-07-01T05:59:59Z')).toBe('expires tomorrow');
    expect(text(item, '2026-07-01T06:00:00Z')).toBe('expires today');
    expect(text(item, '2026-07-02T05:59:59Z')).toBe('expires today');
    expect(text(item, '2026-07-02T06:00:00Z')).toBe('expired');
  });

  it('enables in N days counts calendar days across a daylight-saving change (8 March 2026, a 23-hour day)', () => {
    const item = { start_date: '2026-03-10' };
    expect(text(item, '2026-03-07T07:00:00Z')).toBe('enables in 3 days');
    expect(text(item, '2026-03-08T07:00:00Z')).toBe('enables in 2 days');
    // 9 March starts at 06:00Z (MDT): one second before is still the 8th.
    expect(text(item, '2026-03-09T05:59:59Z')).toBe('enables in 2 days');
    expect(text(item, '2026-03-09T06:00:00Z')).toBe('enables tomorrow');
  });

  it('and across the fall-back change (1 November 2026, a 25-hour day)', () => {
    const item = { end_date: '2026-11-02' };
    expect(text(item, '2026-11-01T06:00:00Z')).toBe('expires tomorrow');
    expect(text(item, '2026-11-02T06:59:59Z')).toBe('expires tomorrow');
    expect(text(item, '2026-11-02T07:00:00Z')).toBe('expires today');
  });

  it('no dates, or live with more than a day left: no status', () => {
    expect(text({}, '2026-05-05T12:00:00Z')).toBeNull();
    expect(text({ start_date: '2026-05-01', end_date: '2026-05-10' }, '2026-05-05T12:00:00Z')).toBeNull();
  });
});
