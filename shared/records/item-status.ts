/**
 * A page-module item's status in spec §4's words (enables tomorrow, enables in N days,
 * expired, expires today, expires tomorrow), by calendar days in Mountain time (§9:
 * America/Denver): an item's start and end dates are store days there, so "today" turns
 * at midnight in Denver, not UTC, and a daylight-saving day (23 or 25 hours) is still one
 * day. Null: the item is live with no change within a day.
 */
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { PUBLISH_TIME_ZONE } from '../constants';
import type { StatusTag } from '../search/status';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The calendar day (YYYY-MM-DD) an instant falls on in Mountain time. */
export const mountainDay = (now: Date): string => dayjs(now).tz(PUBLISH_TIME_ZONE).format('YYYY-MM-DD');

/** Whole days from calendar day `a` to `b` (both YYYY-MM-DD; counted on the calendar, so DST does not matter). */
const daysBetween = (a: string, b: string): number =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

export function moduleItemStatus(item: { start_date?: string | null; end_date?: string | null }, now: Date): StatusTag | null {
  const today = mountainDay(now);
  if (item.start_date && item.start_date > today) {
    const n = daysBetween(today, item.start_date);
    return { text: n === 1 ? 'enables tomorrow' : `enables in ${n} days`, tone: 'processing' };
  }
  if (item.end_date) {
    const n = daysBetween(today, item.end_date);
    if (n < 0) return { text: 'expired', tone: 'error' };
    if (n === 0) return { text: 'expires today', tone: 'warning' };
    if (n === 1) return { text: 'expires tomorrow', tone: 'warning' };
  }
  return null;
}
