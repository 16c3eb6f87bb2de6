/**
 * Calendar dates in request bodies and filters: YYYY-MM-DD that names a real day
 * (2024-02-29 yes, 2023-02-29 and 2024-02-30 no), checked with zod's ISO date format.
 */
import { z } from 'zod';

export const DATE_MESSAGE = 'Enter a real date as YYYY-MM-DD.';

/** A real calendar day as YYYY-MM-DD. */
export const calendarDate = z.iso.date({ error: DATE_MESSAGE });
