/** Live stream times (spec §9 "MDT"): shown in America/Denver with the abbreviation in force, honest across daylight saving. */
import { describe, expect, it } from 'vitest';
import { zonedDisplay, zonedWallClock } from '../../shared/api/zoned-time';
import { LIVE_TIME_ZONE, PUBLISH_TIME_ZONE } from '../../shared/constants';
import { MSG } from '../../shared/messages';
import { LIVE_VISIBLE_TAGS, RECORDS, liveStreamVisible } from '../../shared/records';
import { cellText, columnsOf } from '../../shared/search';

describe('live stream times in Mountain time', () => {
  it('MDT in summer, MST in winter, the same wall clock either side of the change', () => {
    expect(zonedDisplay('2026-07-04T02:30:00Z', PUBLISH_TIME_ZONE)).toBe('07/03/2026 08:30 PM MDT');
    expect(zonedDisplay('2026-01-04T03:30:00Z', PUBLISH_TIME_ZONE)).toBe('01/03/2026 08:30 PM MST');
    // A stream from Saturday 7 March 2026 22:00 MST to Sunday 8 March 04:00 MDT (clocks skip 02:00 → 03:00): five hours, not six.
    expect(zonedDisplay('2026-03-08T05:00:00Z', PUBLISH_TIME_ZONE)).toBe('03/07/2026 10:00 PM MST');
    expect(zonedDisplay('2026-03-08T10:00:00Z', PUBLISH_TIME_ZONE)).toBe('03/08/2026 04:00 AM MDT');
    expect(zonedDisplay(null, PUBLISH_TIME_ZONE)).toBe('');
  });

  it('the live streams list\'s "Start (Mountain time)" column shows the Mountain date and time, not the UTC date', () => {
    const start = columnsOf('live_streams').find((c) => c.title === 'Start (Mountain time)')!;
    // 2026-11-25 03:00Z is still the 24th in Denver.
    expect(cellText(start, { start_at: '2026-11-25T03:00:00Z' })).toBe('11/24/2026 08:00 PM MST');
  });
});

describe('live stream start and end entered in Mountain time', () => {
  const schema = RECORDS.live_streams.patch;
  it('the wall clock is read in America/Denver: MST in March before the change, MDT after; the skipped hour is refused', () => {
    expect(schema.parse({ start_at: '2026-03-07T22:00', end_at: '2026-03-08T04:00' })).toEqual({
      start_at: '2026-03-08T05:00:00.000Z',
      end_at: '2026-03-08T10:00:00.000Z',
    });
    const skipped = schema.safeParse({ start_at: '2026-03-08T02:30' });
    expect(skipped.success).toBe(false);
    expect(skipped.error!.issues.map((i) => [i.path, i.message.includes('does not exist in America/Denver')])).toEqual([
      [['start_at'], true],
    ]);
    expect(schema.safeParse({ start_at: 'tomorrow' }).success).toBe(false);
    expect(schema.parse({ start_at: null, end_at: '' })).toEqual({ start_at: null, end_at: null });
  });

  it('the repeated November hour: the first (MDT) unless the offset picks the second (MST); the form reads both back as written', () => {
    expect(schema.parse({ start_at: '2026-11-01T01:30' }).start_at).toBe('2026-11-01T07:30:00.000Z');
    expect(schema.parse({ start_at: '2026-11-01T01:30-07:00' }).start_at).toBe('2026-11-01T08:30:00.000Z');
    expect(zonedWallClock('2026-11-01T07:30:00.000Z', LIVE_TIME_ZONE)).toBe('2026-11-01T01:30');
    expect(zonedWallClock('2026-11-01T08:30:00.000Z', LIVE_TIME_ZONE)).toBe('2026-11-01T01:30-07:00');
    expect(zonedWallClock('2026-03-08T10:00:00.000Z', LIVE_TIME_ZONE)).toBe('2026-03-08T04:00');
    expect(zonedWallClock(null, LIVE_TIME_ZONE)).toBe('');
  });

  it("start before end, compared as instants (the form's wall clock against the stored instant)", () => {
    const check = RECORDS.live_streams.checks![0];
    // 01:30 MST (second) is after 01:45 MDT (first) although it reads earlier.
    expect(check({}, { start_at: '2026-11-01T01:45', end_at: '2026-11-01T01:30-07:00' })).toBeNull();
    expect(check({ start_at: new Date('2026-03-08T10:00:00Z') }, { end_at: '2026-03-08T03:30' })).toEqual({ end_at: [MSG.endAfterStart] });
    expect(check({}, { start_at: '2026-03-08T04:00', end_at: null })).toBeNull();
  });
});

describe('whether a live stream is visible now (§4)', () => {
  const start = '2026-03-08T05:00:00.000Z';
  const end = '2026-03-08T10:00:00.000Z';
  const at = (iso: string) => new Date(iso);
  it('enabled: always; auto enabled: from its start until its end; neither: never', () => {
    expect(liveStreamVisible({ enabled: true, is_auto_enabled: false }, at('2020-01-01T00:00:00Z'))).toBe(true);
    const auto = { enabled: false, is_auto_enabled: true, start_at: start, end_at: end };
    expect(liveStreamVisible(auto, at('2026-03-08T04:59:59.999Z'))).toBe(false);
    expect(liveStreamVisible(auto, at(start))).toBe(true);
    expect(liveStreamVisible(auto, at('2026-03-08T09:59:59.999Z'))).toBe(true);
    expect(liveStreamVisible(auto, at(end))).toBe(false);
    expect(liveStreamVisible({ ...auto, end_at: null }, at(start))).toBe(false);
    expect(liveStreamVisible({ ...auto, is_auto_enabled: false }, at(start))).toBe(false);
  });
  it("the record page's status tag says so", () => {
    expect(RECORDS.live_streams.status!({ enabled: true })).toEqual([LIVE_VISIBLE_TAGS.visible]);
    expect(RECORDS.live_streams.status!({ enabled: false, is_auto_enabled: false })).toEqual([LIVE_VISIBLE_TAGS.hidden]);
  });
});
