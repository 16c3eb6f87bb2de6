/** The value a date-range filter sends: "from:to" in YYYY-MM-DD (spec §5) through shared sendDate; null when both ends are empty. */
import type { Dayjs } from 'dayjs';
import { dateRange } from '../../../shared/api';
import { sendDate } from '../../../shared/search';

/** Calendar days as the user picked them (the picker's local dates), never shifted by the time zone. */
export function rangeFilterValue(dates: readonly [Dayjs | null | undefined, Dayjs | null | undefined] | null | undefined): string | null {
  const from = sendDate(dates?.[0]?.format('YYYY-MM-DD'));
  const to = sendDate(dates?.[1]?.format('YYYY-MM-DD'));
  return from || to ? dateRange(from, to) : null;
}
