/** Search types of the live area (spec §2): one declaration each (shared/search/define.ts). */
import { SEARCH_RULES } from '../../access/search-rules';
import { defineSearchType, ids, text, reference, date, bool, col } from '../define';
import { ID, NAME, ENABLED, D } from './common';

export const liveStreams = defineSearchType({
  key: 'live_streams',
  label: 'Live Streams',
  area: '/live',
  category: 'catalog',
  path: 'live-streams',
  recordSegment: 'streams',
  rule: SEARCH_RULES.curationLive,
  filters: {
    id: ids(),
    name: text(),
    enabled: bool(),
    is_auto_enabled: bool(),
    genre_id: reference('genres'),
    start_date: date(),
    end_date: date(),
  },
  columns: {
    id: ID,
    name: NAME,
    enabled: ENABLED,
    is_auto_enabled: col('Auto Enabled', 'bool', D),
    start_date: col('Start (Mountain time)', 'mountainTime', { field: 'start_at', sortable: true, byDefault: true }),
    end_date: col('End (Mountain time)', 'mountainTime', { field: 'end_at' }),
    genre: col('Genre Page', 'ref'),
    host_vendor: col('Host Vendor', 'ref'),
    tracklist_vendor: col('Tracklist Vendor', 'ref'),
  },
  defaultSort: '-start_date',
  textSearch: true,
});

/** A vendor list of live streams: id, name, enabled. */
const vendors = <const K extends string>(key: K, label: string, path: string) =>
  defineSearchType({
    key,
    label,
    area: '/live',
    category: 'catalog',
    path,
    rule: SEARCH_RULES.curationLive,
    filters: { id: ids(), name: text(), enabled: bool() },
    columns: { id: ID, name: NAME, enabled: ENABLED },
    defaultSort: 'name',
    textSearch: true,
  });

export const hostVendors = vendors('host_vendors', 'Host Vendors', 'host-vendors');
export const tracklistVendors = vendors('tracklist_vendors', 'Tracklist Vendors', 'tracklist-vendors');
