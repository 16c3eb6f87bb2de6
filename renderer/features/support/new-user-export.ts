/**
 * The new-user CSV export's date range (spec §5 "New-user CSV export date range max 2
 * days", §9): both dates required, start not after end, at most NEW_USER_EXPORT_DAYS
 * calendar days counting both ends (Nov 1 to Nov 2 is two days; Nov 1 to Nov 3 three).
 * The rule and its messages are the API's own (shared/api/endpoints/users.ts), which
 * refuses a longer range too.
 */
import { LIMITS } from '../../../shared/constants';
import { NEW_USER_EXPORT_MESSAGES, newUserRangeProblem } from '../../../shared/api/endpoints/users';

export const NEW_USER_EXPORT_DAYS = LIMITS.newUserExportDays;
export const RANGE_MESSAGES = NEW_USER_EXPORT_MESSAGES;

/** The problem with a range of YYYY-MM-DD dates, or null when it may be exported. */
export function newUserRangeError(from: string | null, to: string | null): string | null {
  return newUserRangeProblem(from, to)?.message ?? null;
}
