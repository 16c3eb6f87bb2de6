import { describe, expect, it } from 'vitest';
import { calendarDate, DATE_MESSAGE } from '../../shared/api/dates';

describe('calendarDate', () => {
  it.each(['2024-02-29', '2000-02-29', '2023-12-31', '1999-01-01'])('takes the real day %s', (d) => {
    expect(calendarDate.parse(d)).toBe(d);
  });
  it.each(['2024-02-30', '2023-02-29', '1900-02-29', '2024-04-31', '2024-13-01', '2024-00-10', '2024-1-01', '2024-01-01T00:00:00Z', ''])(
    'refuses %s with the date message',
    (d) => {
      const r = calendarDate.safeParse(d);
      expect(r.success).toBe(false);
      expect(r.error?.issues[0].message).toBe(DATE_MESSAGE);
    },
  );
});
