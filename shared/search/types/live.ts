/** Search types of the live area (spec §2): one declaration each (shared/search/define.ts). */
import { SEARCH_RULES } from '../../access/search-rules';
import { defineSearchType, ids, text, reference, date, bool, col } from '../define';
import { ID, NAME, ENABLED, D } from './common';

export const liveStreams = defineSearchType({
  key: 'live_streams', label: 'Live Streams', area: '/live', category: 'catalog', path: 'live-streams',
  recordSegment: 'streams', rule: SEARCH_RULES.curationLive,
  filters: {
    id: ids(), name: text(), enabled: bool(), is_auto_enabled: bool(), genre_id: reference('genres'),
    start_date: date(), end_date: date(),
  },
  columns: {
    id: ID, name: NAME, enabled: ENABLED, is_auto_enabled: col('Auto Enabled', 'bool', D),
    start_date: col('Start (MDT)', 'date', { field: 'start_at', sortable: true, byDefault: true }),
    end_date: col('End (MDT)', 'date', { field: 'end_at' }), genre: col('Genre Page', 'ref'),
    host_vendor: col('Host Vendor', 'ref'), tracklist_vendor: col('Tracklist Vendor', 'ref'),
  },
  sorts: [],
  defaultSort: '-start_date',
  textSearch: true,
});

export const hostVendors = defineSearchType({
  key: 'host_vendors', label: 'Host Vendors', area: '/live', category: 'catalog', path: 'host-vendors',
  rule: SEARCH_RULES.curationLive,
  filters: {
    id: ids(), name: text(), enabled: bool(),
  },
  columns: {
    id: ID, name: NAME, enabled: ENABLED,
  },
  sorts: [],
  defaultSort: 'name',
  textSearch: true,
});

export const tracklistVendors = defineSearchType({
  key: 'tracklist_vendors', label: 'Tracklist Vendors', area: '/live', category: 'catalog',
  path: 'tracklist-vendors', rule: SEARCH_RULES.curationLive,
  filters: {
    id: ids(), name: text(), enabled: bool(),
  },
  columns: {
    id: ID, name: NAME, enabled: ENABLED,
  },
  sorts: [],
  defaultSort: 'name',
  textSearch: true,
});
