/** Records of the live area (spec §3): live streams and their vendors. */
import { instantMs } from '../api/zoned-time';
import { LIVE_TIME_ZONE } from '../constants';
import { hostVendors, liveStreams, tracklistVendors } from '../search/types/live';
import type { StatusTag } from '../search/status';
import { startBeforeEnd } from './checks';
import { ENABLED } from './common';
import { defineRecord, field } from './define';
import { bool, id, name, zonedDateTime } from './values';

/** A live stream time as milliseconds since the epoch (an instant, or the Mountain wall clock the form holds); null when empty. */
export const liveTimeMs = (v: unknown): number | null => instantMs(v, LIVE_TIME_ZONE);

/**
 * Spec §4: a live stream is visible if enabled, or if auto-enabled with a valid date range:
 * both times given and `now` within them (from the start, until the end).
 */
export function liveStreamVisible(row: Readonly<Record<string, unknown>>, now: Date = new Date()): boolean {
  if (row.enabled === true) return true;
  if (row.is_auto_enabled !== true) return false;
  const s = liveTimeMs(row.start_at);
  const e = liveTimeMs(row.end_at);
  const t = now.getTime();
  return s !== null && e !== null && s < e && s <= t && t < e;
}

/**
 * What a live stream's page says while it has no stage and is not enabled: the next step
 * after creating one (spec §5 "Enabled live streams need at least one stage").
 */
export const LIVE_NEXT_STEP = 'Add at least one stage, then enable the live stream.';

export const LIVE_VISIBLE_TAGS = {
  visible: { text: 'Visible now', tone: 'success' },
  hidden: { text: 'Not visible now', tone: 'default' },
} as const satisfies Record<string, StatusTag>;

const liveTime = (label: string) => field(label, 'datetime', zonedDateTime(LIVE_TIME_ZONE), { zone: LIVE_TIME_ZONE });

export const liveStreamRecord = defineRecord({
  type: liveStreams,
  title: 'name',
  noun: 'live stream',
  fields: {
    name: field('Name', 'text', name()),
    // Spec §5: an enabled live stream needs a stage, and a new one has none: enabled afterwards.
    enabled: field('Enabled', 'boolean', bool(), { default: false, notOnCreate: true }),
    is_auto_enabled: field('Auto Enabled', 'boolean', bool()),
    start_at: liveTime('Start (Mountain time)'),
    end_at: liveTime('End (Mountain time)'),
    genre_id: field('Genre Page', 'select', id.nullable(), { list: 'genres', shownAs: 'genre' }),
    host_vendor_id: field('Host Vendor', 'select', id.nullable(), { list: 'host-vendors', shownAs: 'host_vendor' }),
    tracklist_vendor_id: field('Tracklist Vendor', 'select', id.nullable(), { list: 'tracklist-vendors', shownAs: 'tracklist_vendor' }),
  },
  create: { required: ['name'] },
  status: (row) => [liveStreamVisible(row) ? LIVE_VISIBLE_TAGS.visible : LIVE_VISIBLE_TAGS.hidden],
  subResources: [{ key: 'stages', label: 'Stages', api: 'stages' }],
  checks: [startBeforeEnd('start_at', 'end_at', liveTimeMs)],
});

const vendor = <const T extends typeof hostVendors | typeof tracklistVendors>(type: T, noun: string) =>
  defineRecord({
    type,
    title: 'name',
    noun,
    fields: { name: field('Name', 'text', name()), enabled: ENABLED },
    create: { required: ['name'] },
  });

export const hostVendorRecord = vendor(hostVendors, 'host vendor');
export const tracklistVendorRecord = vendor(tracklistVendors, 'tracklist vendor');
