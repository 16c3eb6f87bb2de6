/** Records of the live area (spec §3): live streams and their vendors. */
import { hostVendors, liveStreams, tracklistVendors } from '../search/types/live';
import { ENABLED } from './common';
import { defineRecord, field } from './define';
import { bool, id, name } from './values';

export const liveStreamRecord = defineRecord({
  type: liveStreams, title: 'name', noun: 'live stream',
  fields: {
    name: field('Name', 'text', name()),
    enabled: ENABLED,
    is_auto_enabled: field('Auto Enabled', 'boolean', bool()),
    genre_id: field('Genre Page', 'select', id.nullable(), { list: 'genres', shownAs: 'genre' }),
    host_vendor_id: field('Host Vendor', 'select', id.nullable(), { list: 'host-vendors', shownAs: 'host_vendor' }),
    tracklist_vendor_id: field('Tracklist Vendor', 'select', id.nullable(), { list: 'tracklist-vendors', shownAs: 'tracklist_vendor' }),
  },
  create: { required: ['name'] },
  shown: { start_at: { label: 'Start (MDT)', kind: 'datetime' }, end_at: { label: 'End (MDT)', kind: 'datetime' } },
  subResources: [{ key: 'stages', label: 'Stages', api: 'stages' }],
});

const vendor = <const T extends typeof hostVendors | typeof tracklistVendors>(type: T, noun: string) => defineRecord({
  type, title: 'name', noun,
  fields: { name: field('Name', 'text', name()), enabled: ENABLED },
  create: { required: ['name'] },
});

export const hostVendorRecord = vendor(hostVendors, 'host vendor');
export const tracklistVendorRecord = vendor(tracklistVendors, 'tracklist vendor');
