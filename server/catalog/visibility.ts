/**
 * Spec §4, "only CONVERTED tracks may be shown to external applications", as one rule of
 * the data: the CHECK tracks_shown_converted_check (migration 0026) refuses a track that is
 * not CONVERTED unless it is hidden and disabled, whichever path writes it. This module is
 * the one place that says what a change of encode status does to a track's visibility:
 *
 * - leaving CONVERTED (TRANSCODING, ERROR, …): the track is hidden and disabled, and
 *   `show_when_converted` remembers whether it was shown (enabled and not hidden);
 * - becoming CONVERTED: a track with `show_when_converted` is shown again (enabled, not
 *   hidden), any other keeps what it has (staff show it); the flag is cleared.
 *
 * Ingestion delivers its new tracks hidden and disabled with `show_when_converted`, so they
 * go live when their encode succeeds, as before the rule.
 */
import { sql, type SQL } from 'drizzle-orm';
import { tracks } from '../db/schema';

/** Whether an encode status lets a track be shown. */
export const mayBeShown = (status: string): boolean => status === 'CONVERTED';

/** The columns (Drizzle `set`) that go with setting a track's encode status to `status`. */
export function visibilityFor(status: string): Record<'enabled' | 'hidden' | 'show_when_converted', SQL> {
  if (mayBeShown(status)) {
    return {
      enabled: sql`${tracks.enabled} or ${tracks.show_when_converted}`,
      hidden: sql`${tracks.hidden} and not ${tracks.show_when_converted}`,
      show_when_converted: sql`false`,
    };
  }
  return {
    enabled: sql`false`,
    hidden: sql`true`,
    show_when_converted: sql`${tracks.show_when_converted} or (${tracks.enabled} and not ${tracks.hidden})`,
  };
}

/**
 * A delivery's track (ingestion, re-ingest) is to be shown: a new one is inserted not
 * converted, so hidden and disabled until its encode converts it (raw SQL columns and values);
 * an existing one is enabled at once when CONVERTED, else once its encode converts it.
 */
export const DELIVERED_NEW = { columns: 'enabled, hidden, show_when_converted', values: 'false, true, true' } as const;
export const DELIVERED_EXISTING_SET = `enabled = (encode_status = 'CONVERTED'),
  show_when_converted = show_when_converted or encode_status <> 'CONVERTED'`;

/** A track taken down (a delivery's delete or purge) stays so when its encode converts it. */
export const TAKEN_DOWN_SET = 'show_when_converted = false';

/** The database's name of the rule, so a write it refuses answers as the record checks do (400 by field). */
export const SHOWN_CONVERTED_CHECK = 'tracks_shown_converted_check';
