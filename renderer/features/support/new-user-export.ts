/**
 * The new-user CSV export's date range (spec §5 "New-user CSV export date range max 2
 * days", §9): both dates required, start not after end, at most NEW_USER_EXPORT_DAYS
 * calendar days counting both ends (Nov 1 to Nov 2 is two days; Nov 1 to Nov 3 three).
 */
import { LIMITS } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';

export const NEW_USER_EXPORT_DAYS = LIMITS.newUserExportDays;
export const RANGE_MESSAGES = {
  required: 'Select a start and an end date.',
  order: MSG.startBeforeEnd,
  tooLong: `The date range can be at most ${NEW_USER_EXPORT_DAYS} days.`,
} as const;

const DAY_MS = 86_400_000;
const dayNumber = (d: string) => Date.parse(`${d}T00:00:00Z`) / DAY_MS;

/** The problem with a range of YYYY-MM-DD dates, or null when it may be exported. */
export function newUserRangeError(from: string | null, to: string | null): string | null {
  if (!from || !to || Number.isNaN(dayNumber(from)) || Number.isNaN(dayNumber(to))) return RANGE_MESSAGES.required;
  const days = dayNumber(to) - dayNumber(from) + 1;
  if (days < 1) return RANGE_MESSAGES.order;
  if (days > NEW_USER_EXPORT_DAYS) return RANGE_MESSAGES.tooLong;
  return null;
}
