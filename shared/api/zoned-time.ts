/**
 * Local date-times in a named time zone (spec §9: publish-date times are Mountain time,
 * America/Denver) and the instants they name. The zone's rules (its offsets and
 * daylight-saving changes) come from dayjs's timezone plugin over the runtime's IANA
 * data (Intl); nothing here knows when any zone changes its clocks.
 *
 * A wall-clock time names 0, 1 or 2 instants:
 * - none when the clocks skip it (America/Denver, second Sunday of March: 02:00 → 03:00,
 *   so 02:30 does not exist): refused, never shifted;
 * - two when the clocks repeat it (first Sunday of November: 02:00 MDT → 01:00 MST, so
 *   01:30 happens at -06:00 and again at -07:00): the earlier one (daylight time, the
 *   first time the clock shows it), unless the value carries an offset (`…T01:30-07:00`)
 *   that picks the other.
 */
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { isCalendarDate } from './query-values';
import { formatDateTime } from '../format';

dayjs.extend(utc);
dayjs.extend(timezone);

/** YYYY-MM-DDTHH:mm, optional :ss, optional offset (Z or ±HH:MM). */
const LOCAL = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?(Z|[+-]\d{2}:\d{2})?$/;

export const LOCAL_DATE_TIME_FORMAT = 'YYYY-MM-DDTHH:mm';
/**
 * The years a local date-time may name: zones kept local mean time (offsets in seconds)
 * before about 1900, and past 9998 the instant may fall in year 10000, which PostgreSQL
 * and ISO strings do not hold.
 */
export const YEARS = { min: 1900, max: 9998 } as const;

/** Longest zone name accepted (the IANA names are far shorter). */
const ZONE_MAX = 64;

/** True for a time-zone name the runtime knows (IANA names such as America/Denver, and UTC). */
export function isTimeZone(name: string): boolean {
  if (!name || name.length > ZONE_MAX) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The zone's offset from UTC, in minutes, at an instant (ms since the epoch). */
function offsetAt(ms: number, zone: string): number {
  return dayjs(ms).tz(zone).utcOffset();
}

const pad = (n: number) => String(n).padStart(2, '0');
/** Minutes east of UTC as ±HH:MM. */
export function formatOffset(minutes: number): string {
  const a = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${pad(Math.floor(a / 60))}:${pad(a % 60)}`;
}
function parseOffset(s: string): number {
  if (s === 'Z') return 0;
  const sign = s.startsWith('-') ? -1 : 1;
  return sign * (Number(s.slice(1, 3)) * 60 + Number(s.slice(4, 6)));
}

export type ZonedInstant =
  | {
      ok: true;
      /** ISO 8601 in UTC. */ instant: string;
      /** The offset used, ±HH:MM. */ offset: string;
      /** The wall-clock time happens twice. */ ambiguous: boolean;
    }
  | { ok: false; reason: 'format' | 'nonexistent' | 'offset'; message: string };

/**
 * The instant a local date-time names in `zone` (a zone isTimeZone accepts). See the
 * module comment for skipped and repeated times.
 */
export function zonedInstant(local: string, zone: string): ZonedInstant {
  const m = LOCAL.exec(local);
  const [h, mi, s] = m ? [Number(m[2]), Number(m[3]), Number(m[4] ?? 0)] : [];
  const [y, mo, d] = m ? m[1].split('-').map(Number) : [];
  if (
    !m ||
    !isCalendarDate(m[1]) ||
    y! < YEARS.min ||
    y! > YEARS.max ||
    h! > 23 ||
    mi! > 59 ||
    s! > 59 ||
    (m[5] && Math.abs(parseOffset(m[5])) > 18 * 60)
  ) {
    return {
      ok: false,
      reason: 'format',
      message: `Enter a date and time from ${YEARS.min} to ${YEARS.max} as ${LOCAL_DATE_TIME_FORMAT}.`,
    };
  }
  // The wall-clock reading as if it were UTC; each offset the zone uses around it gives one candidate instant.
  const wallUtc = new Date(Date.UTC(2000, mo - 1, d, h, mi, s));
  wallUtc.setUTCFullYear(y); // years below 100 as written, not 19xx
  const w = wallUtc.getTime();
  const day = 86_400_000;
  const offsets = [...new Set([offsetAt(w - day, zone), offsetAt(w, zone), offsetAt(w + day, zone)])];
  const candidates = offsets
    .map((o) => w - o * 60_000)
    .filter((i) => offsetAt(i, zone) * 60_000 === w - i)
    .sort((a, b) => a - b);
  const shown = `${m[1]}T${m[2]}:${m[3]}${m[4] ? `:${m[4]}` : ''}`;
  if (!candidates.length) {
    return {
      ok: false,
      reason: 'nonexistent',
      message: `${shown} does not exist in ${zone}: the clocks skip it when daylight saving time starts. Choose a time outside the skipped hour.`,
    };
  }
  let chosen = candidates[0];
  if (m[5]) {
    const wanted = parseOffset(m[5]);
    const match = candidates.find((i) => (w - i) / 60_000 === wanted);
    if (match === undefined) {
      const valid = candidates.map((i) => formatOffset((w - i) / 60_000)).join(' or ');
      return { ok: false, reason: 'offset', message: `${shown}${m[5]} is not a time in ${zone}: its offset there is ${valid}.` };
    }
    chosen = match;
  }
  return {
    ok: true,
    instant: new Date(chosen).toISOString(),
    offset: formatOffset((w - chosen) / 60_000),
    ambiguous: candidates.length > 1,
  };
}

/** An instant as the local date-time in `zone`, with its offset: `2025-11-02T01:30:00-06:00`. */
export function zonedLocal(instant: string | Date, zone: string): string {
  return dayjs(instant).tz(zone).format('YYYY-MM-DDTHH:mm:ssZ');
}

/**
 * An instant as people read it in `zone`: `MM/DD/YYYY hh:mm AM` and the zone's
 * abbreviation at that instant (America/Denver: MST or MDT, so a time after a
 * daylight-saving change says so); empty for no value.
 */
export function zonedDisplay(instant: string | Date | null | undefined, zone: string): string {
  return formatDateTime(instant, zone);
}

/**
 * A time as milliseconds since the epoch: an instant (a Date, or ISO text with Z or an
 * offset) or a wall-clock text of `zone` (as zonedInstant reads it); null when empty or unreadable.
 */
export function instantMs(v: unknown, zone: string): number | null {
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v.getTime();
  if (typeof v !== 'string' || v === '') return null;
  const local = zonedInstant(v, zone);
  const ms = Date.parse(local.ok ? local.instant : v);
  return Number.isNaN(ms) ? null : ms;
}

/**
 * An instant as the wall clock of `zone` a form edits (YYYY-MM-DDTHH:mm), with its offset
 * only when that reading happens twice and the instant is the second (01:30-07:00 on the
 * first Sunday of November in America/Denver), so reading it back names the same instant.
 * Seconds are dropped. Empty for no value.
 */
export function zonedWallClock(instant: string | Date | null | undefined, zone: string): string {
  const ms = instantMs(instant, zone);
  if (ms === null) return '';
  const local = zonedLocal(new Date(ms), zone);
  const wall = local.slice(0, 16);
  const back = zonedInstant(wall, zone);
  return back.ok && Date.parse(back.instant) === Math.floor(ms / 60_000) * 60_000 ? wall : `${wall}${local.slice(19)}`;
}
