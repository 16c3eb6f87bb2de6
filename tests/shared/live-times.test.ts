/** Live stream times (spec §9 "MDT"): shown in America/Denver with the abbreviation in force, honest across daylight saving. */
import { describe, expect, it } from 'vitest';
import { zonedDisplay } from '../../shared/api/zoned-time';
import { PUBLISH_TIME_ZONE } from '../../shared/constants';
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

  it('the live streams list\'s "Start (MDT)" column shows the Mountain date and time, not the UTC date', () => {
    const start = columnsOf('live_streams').find((c) => c.title === 'Start (MDT)')!;
    // 2026-11-25 03:00Z is still the 24th in Denver.
    expect(cellText(start, { start_at: '2026-11-25T03:00:00Z' })).toBe('11/24/2026 08:00 PM MST');
  });
});
