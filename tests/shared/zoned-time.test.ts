/**
 * Local date-times in a named zone → instants (shared/api/zoned-time.ts): both
 * daylight-saving changes of America/Denver in several years, zones with other rules,
 * offsets that pick one of a repeated hour, and what is refused.
 */
import { describe, expect, it } from 'vitest';
import { isTimeZone, zonedInstant, zonedLocal, YEARS } from '../../shared/api/zoned-time';

const DENVER = 'America/Denver';
const instant = (local: string, zone = DENVER) => {
  const r = zonedInstant(local, zone);
  if (!r.ok) throw new Error(r.message);
  return r;
};

describe('America/Denver', () => {
  it('standard time is -07:00, daylight time -06:00', () => {
    expect(instant('2024-01-15T12:00')).toEqual({ ok: true, instant: '2024-01-15T19:00:00.000Z', offset: '-07:00', ambiguous: false });
    expect(instant('2024-07-15T12:00:30')).toEqual({ ok: true, instant: '2024-07-15T18:00:30.000Z', offset: '-06:00', ambiguous: false });
  });

  // The second Sunday of March and the first Sunday of November, from the zone data: 2024, 2025, 2026.
  const CHANGES = [
    { spring: '2024-03-10', fall: '2024-11-03' },
    { spring: '2025-03-09', fall: '2025-11-02' },
    { spring: '2026-03-08', fall: '2026-11-01' },
  ];

  it.each(CHANGES)('spring forward on $spring: 02:00 to 02:59 do not exist; 01:59 MST and 03:00 MDT are a minute apart', ({ spring }) => {
    for (const t of ['02:00', '02:30', '02:59']) {
      const r = zonedInstant(`${spring}T${t}`, DENVER);
      expect(r).toEqual({
        ok: false,
        reason: 'nonexistent',
        message: `${spring}T${t} does not exist in America/Denver: the clocks skip it when daylight saving time starts. Choose a time outside the skipped hour.`,
      });
    }
    const before = instant(`${spring}T01:59`);
    const after = instant(`${spring}T03:00`);
    expect([before.offset, after.offset]).toEqual(['-07:00', '-06:00']);
    expect(Date.parse(after.instant) - Date.parse(before.instant)).toBe(60_000);
    // An offset does not bring a skipped time back.
    expect(zonedInstant(`${spring}T02:30-07:00`, DENVER)).toMatchObject({ ok: false, reason: 'nonexistent' });
  });

  it.each(CHANGES)('fall back on $fall: 01:00 to 01:59 happen twice; the first (MDT) unless the offset names the second', ({ fall }) => {
    const first = instant(`${fall}T01:30`);
    expect(first).toMatchObject({ offset: '-06:00', ambiguous: true });
    expect(instant(`${fall}T01:30-06:00`).instant).toBe(first.instant);
    const second = instant(`${fall}T01:30-07:00`);
    expect(second).toMatchObject({ offset: '-07:00', ambiguous: true });
    expect(Date.parse(second.instant) - Date.parse(first.instant)).toBe(3_600_000);
    expect(zonedInstant(`${fall}T01:30Z`, DENVER)).toEqual({
      ok: false,
      reason: 'offset',
      message: `${fall}T01:30Z is not a time in America/Denver: its offset there is -06:00 or -07:00.`,
    });
    // Either side of the repeated hour there is one reading, and an offset must match it.
    expect(instant(`${fall}T00:59`)).toMatchObject({ offset: '-06:00', ambiguous: false });
    expect(instant(`${fall}T02:00`)).toMatchObject({ offset: '-07:00', ambiguous: false });
    expect(zonedInstant(`${fall}T02:00-06:00`, DENVER)).toMatchObject({ ok: false, reason: 'offset' });
  });

  it('zonedLocal gives the wall-clock time with its offset, and reading it back gives the same instant (both 01:30s)', () => {
    for (const iso of ['2025-11-02T07:30:00.000Z', '2025-11-02T08:30:00.000Z', '2025-03-09T09:00:00.000Z', '2025-12-31T23:59:59.000Z']) {
      const local = zonedLocal(iso, DENVER);
      expect(instant(local).instant).toBe(iso);
    }
    expect(zonedLocal('2025-11-02T07:30:00.000Z', DENVER)).toBe('2025-11-02T01:30:00-06:00');
    expect(zonedLocal('2025-11-02T08:30:00.000Z', DENVER)).toBe('2025-11-02T01:30:00-07:00');
  });
});

describe('other zones follow their own rules', () => {
  it('Europe/London skips 01:00-01:59 in March and repeats it in October', () => {
    expect(zonedInstant('2025-03-30T01:30', 'Europe/London')).toMatchObject({ ok: false, reason: 'nonexistent' });
    expect(instant('2025-03-30T02:30', 'Europe/London')).toMatchObject({ instant: '2025-03-30T01:30:00.000Z', offset: '+01:00' });
    expect(instant('2025-10-26T01:30', 'Europe/London')).toMatchObject({ instant: '2025-10-26T00:30:00.000Z', ambiguous: true });
  });
  it('Australia/Sydney (southern hemisphere) repeats 02:00-02:59 in April; UTC and Asia/Kolkata (+05:30) never change', () => {
    expect(instant('2025-04-06T02:30', 'Australia/Sydney')).toMatchObject({
      instant: '2025-04-05T15:30:00.000Z',
      offset: '+11:00',
      ambiguous: true,
    });
    expect(instant('2025-03-09T02:30', 'UTC')).toMatchObject({ instant: '2025-03-09T02:30:00.000Z', offset: '+00:00', ambiguous: false });
    expect(instant('2025-03-09T02:30', 'Asia/Kolkata')).toMatchObject({ instant: '2025-03-08T21:00:00.000Z', offset: '+05:30' });
  });
});

describe('refused', () => {
  it.each([
    'next tuesday',
    '2025-06-01',
    '2025-06-01 10:00',
    '2025-06-01T1:00',
    '2025-02-29T10:00',
    '2025-06-31T10:00',
    '2025-06-01T24:00',
    '2025-06-01T10:60',
    '2025-06-01T10:00:60',
    '2025-06-01T10:00+19:00',
    '2025-06-01T10:00+0600',
    `${YEARS.min - 1}-12-31T23:59`,
    `${YEARS.max + 1}-01-01T00:00`,
    '',
  ])('%j is not a date and time', (local) => {
    expect(zonedInstant(local, DENVER)).toMatchObject({ ok: false, reason: 'format' });
  });
  it('the years at the edges are accepted', () => {
    expect(instant(`${YEARS.min}-01-01T00:00`).instant).toBe(`${YEARS.min}-01-01T07:00:00.000Z`);
    expect(instant(`${YEARS.max}-12-31T23:59`).instant).toBe(`${YEARS.max + 1}-01-01T06:59:00.000Z`);
    expect(instant('2024-02-29T12:00').instant).toBe('2024-02-29T19:00:00.000Z');
  });
  it('isTimeZone knows IANA names and nothing else', () => {
    expect(['America/Denver', 'UTC', 'Europe/London', 'Asia/Kolkata'].map(isTimeZone)).toEqual([true, true, true, true]);
    expect(['', 'Mountain', 'Mars/Olympus_Mons', 'America/Denver\u0000', 'x'.repeat(65), '__proto__'].map(isTimeZone)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
