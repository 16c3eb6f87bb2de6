/** Records of the catalog area (spec §3): one declaration each (./define.ts). */
import { z } from 'zod';
import { BRAND_DANCE } from '../access/scopes';
import { MSG } from '../messages';
import { MAX_LEN } from '../constants';
import { limited } from '../api/limits';
import { encodeStatusTag, enrollmentTag, hypeTag, claimedTag, indexedTag } from '../search/status';
import { artists, charts, djProfiles, genres, labels, linkPartners, playlists, releases, suppliers, tracks } from '../search/types/catalog';
import { PLAYLIST_STATUSES } from '../vocabularies';
import { hypeDates, muzookaSync, onlyConvertedShown } from './checks';
import { CREATED, ENABLED, GENRE, PRICE_TIER } from './common';
import { defineRecord, field, valueOptions } from './define';
import {
  CODE_MAX,
  EXCLUSIVE_PERIOD_OPTIONS,
  NAME_MAX,
  PRE_ORDER_WEEK_OPTIONS,
  bool,
  day,
  exclusivePeriod,
  id,
  idList,
  longText,
  money,
  name,
  oneOf,
  optionalText,
  preOrderWeeks,
  requiredText,
  whole,
} from './values';

const DANCE = { brands: [BRAND_DANCE] } as const;

/** ISRC: country, registrant, year and designation (CC-XXX-YY-NNNNN without the hyphens). */
export const ISRC_PATTERN = /^[A-Z]{2}[A-Z0-9]{3}\d{7}$/;
/** DDEX party id (spec §5): PADPIDA, 10 digits, an optional uppercase letter or digit. */
export const DDEX_PARTY_ID_PATTERN = /^PADPIDA\d{10}[A-Z0-9]?$/;

/** Spec §5: what the DDEX party id field says as it is typed ("empty entry" is valid: no party id). */
export function ddexPartyIdStatus(value: unknown): { valid: boolean; message: string } {
  const v = typeof value === 'string' ? value.trim() : '';
  if (v === '') return { valid: true, message: MSG.emptyEntry };
  return DDEX_PARTY_ID_PATTERN.test(v) ? { valid: true, message: MSG.validDdexPartyId } : { valid: false, message: MSG.invalidDdexPartyId };
}
/** The DDEX party id: an empty entry (blank) is stored as none (null). */
const ddexPartyId = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : typeof v === 'string' ? v.trim() : v),
  limited(NAME_MAX).regex(DDEX_PARTY_ID_PATTERN, MSG.invalidDdexPartyId).nullable(),
);
/** URL slugs (pages, DJ profiles). */
export const SLUG_PATTERN = /^[a-z0-9-]+$/;
export const SLUG_MSG = 'Use lowercase letters, digits and hyphens.';

export const trackRecord = defineRecord({
  type: tracks,
  title: 'title',
  noun: 'track',
  fields: {
    release_id: field('Release', 'reference', id, { ref: 'releases', createOnly: true, shownAs: 'release' }),
    title: field('Title', 'text', requiredText(MAX_LEN.trackTitle)),
    mix_name: field('Mix Name', 'text', optionalText(MAX_LEN.mixName)),
    isrc: field('ISRC', 'text', limited(MAX_LEN.isrc).regex(ISRC_PATTERN, 'Enter a valid ISRC.').nullable()),
    bpm: field('BPM', 'number', whole(20, 999).nullable()),
    key_id: field('Key', 'select', id.nullable(), { list: 'keys', shownAs: 'key' }),
    genre_id: GENRE,
    sub_genre_id: field('Sub-genre', 'select', id.nullable(), {
      list: 'genres',
      checkedIn: 'sub-genres',
      dependsOn: 'genre_id',
      shownAs: 'sub_genre',
    }),
    artists: field('Artists', 'references', idList(), { ref: 'artists' }),
    remixers: field('Remixers', 'references', idList(), { ref: 'artists' }),
    copyright_holder: field('Copyright Holder', 'textarea', optionalText(MAX_LEN.copyrightHolder)),
    label_track_id: field('Label Track ID', 'text', optionalText(NAME_MAX)),
    publish_date: field('Publish Date', 'date', day.nullable()),
    exclusive_date: field('Exclusive Date', 'date', day.nullable()),
    is_available_for_streaming: field('Available for Streaming', 'boolean', bool(), { default: true }),
    enabled: ENABLED,
    // A new track has no audio yet, so it may not be shown (spec §4): created hidden and disabled.
    hidden: field('Hidden', 'boolean', bool(), { default: true }),
  },
  shown: {
    guid: { label: 'GUID', kind: 'text' },
    encode_status: { label: 'Encode Status', kind: 'encode' },
    label: { label: 'Label', kind: 'ref' },
    position: { label: 'Position', kind: 'text' },
    price_tier: PRICE_TIER,
    is_dj_edit: { label: 'DJ Edit', kind: 'boolean' },
    is_ugc_remix: { label: 'UGC Remix', kind: 'boolean' },
    created_at: CREATED,
  },
  status: (row) => [encodeStatusTag(row.encode_status)],
  create: { required: ['release_id', 'title'] },
  subResources: [
    { key: 'artists', label: 'Artists & Remixers', fields: ['artists', 'remixers'] },
    { key: 'songwriters', label: 'Songwriters', api: 'songwriters' },
    { key: 'publishers', label: 'Publishers', api: 'publishers' },
    { key: 'audio-files', label: 'Audio Files', api: 'audio-files' },
    { key: 'territories', label: 'Territories & Publish Dates', api: 'countries-allowed' },
    { key: 'dj-edits', label: 'DJ Edits', api: 'dj-edit' },
    { key: 'support-downloads', label: 'Support Downloads', api: 'support-downloads' },
  ],
  checks: [onlyConvertedShown],
});

export const releaseRecord = defineRecord({
  type: releases,
  title: 'title',
  noun: 'release',
  fields: {
    title: field('Title', 'text', requiredText(MAX_LEN.releaseTitle)),
    label_id: field('Label', 'reference', id, { ref: 'labels', shownAs: 'label' }),
    catalog_number: field('Catalog Number', 'text', optionalText(CODE_MAX)),
    upc: field('UPC/EAN', 'text', optionalText(MAX_LEN.upc)),
    global_release_id: field('Global Release ID', 'text', optionalText(MAX_LEN.globalReleaseId)),
    release_type_id: field('Release Type', 'select', id.nullable(), { list: 'release-types', shownAs: 'release_type' }),
    genre_id: GENRE,
    artists: field('Artists', 'references', idList(), { ref: 'artists' }),
    street_date: field('Street Release Date', 'date', day.nullable()),
    release_date: field('Release Date', 'date', day.nullable()),
    price_override: field('Price Override', 'money', money().nullable()),
    price_override_firm: field('Price Override Firm', 'boolean', bool()),
    exclusive_period: field('Exclusive Period', 'select', exclusivePeriod(), { options: EXCLUSIVE_PERIOD_OPTIONS, default: null }),
    is_available_for_pre_order: field('Available for Pre-order', 'boolean', bool()),
    default_pre_order_weeks: field('Default Pre-order Weeks', 'select', preOrderWeeks(), { options: PRE_ORDER_WEEK_OPTIONS, default: 0 }),
    is_explicit: field('Explicit', 'boolean', bool()),
    hype_eligible: field('Hype Eligible', 'boolean', bool(), DANCE),
    hype_enabled: field('Hype Enabled', 'boolean', bool(), DANCE),
    is_available_for_streaming: field('Available for Streaming', 'boolean', bool(), { default: true }),
  },
  shown: {
    encode_status: { label: 'Encode Status', kind: 'encode' },
    supplier: { label: 'Supplier', kind: 'ref' },
    price_tier: PRICE_TIER,
    is_dj_edit: { label: 'DJ Edit', kind: 'boolean' },
    is_ugc_remix: { label: 'UGC Remix', kind: 'boolean' },
    created_at: CREATED,
  },
  status: (row, brand) => [
    encodeStatusTag(row.encode_status),
    ...(brand === BRAND_DANCE ? [hypeTag(row.hype_eligible, row.hype_enabled)] : []),
  ],
  create: { required: ['label_id', 'title'] },
  subResources: [
    { key: 'tracks', label: 'Tracks', api: 'tracks' },
    { key: 'cover-art', label: 'Cover Art', api: 'images' },
    { key: 'territories', label: 'Territories' },
  ],
});

export const artistRecord = defineRecord({
  type: artists,
  title: 'name',
  noun: 'artist',
  fields: {
    name: field('Name', 'text', name()),
    bio: field('Bio', 'textarea', longText()),
    image_url: field('Profile Image', 'text', longText()),
    muzooka_sync: field('Enable Muzooka Sync', 'boolean', bool()),
    muzooka_id: field('Muzooka ID', 'text', optionalText(CODE_MAX)),
    user_id: field('Associated User', 'reference', id.nullable(), { ref: 'users', shownAs: 'user' }),
  },
  shown: { created_at: CREATED },
  create: { required: ['name'] },
  subResources: [{ key: 'muzooka', label: 'Muzooka', api: 'muzooka-mappings' }],
  checks: [muzookaSync],
});

export const genreRecord = defineRecord({
  type: genres,
  title: 'name',
  noun: 'genre',
  fields: { name: field('Name', 'text', name()), enabled: ENABLED },
  shown: { slug: { label: 'Slug', kind: 'text' } },
  subResources: [{ key: 'sub-genres', label: 'Sub-genres', api: 'sub-genres' }],
});

export const chartRecord = defineRecord({
  type: charts,
  title: 'title',
  noun: 'chart',
  fields: {
    title: field('Title', 'text', requiredText(MAX_LEN.chartTitle)),
    description: field('Description', 'textarea', longText()),
    image_url: field('Image', 'text', longText()),
    genre_id: GENRE,
    partner_exclusive: field('Partner Exclusive', 'boolean', bool()),
    enabled: ENABLED,
    publish_date: field('Publish Date', 'date', day.nullable()),
  },
  shown: {
    dj_name: { label: 'Owner', kind: 'text' },
    playlist_id: { label: 'Mapped Curated Playlist', kind: 'text' },
    created_at: CREATED,
  },
  create: { required: ['title'] },
  subResources: [
    { key: 'tracks', label: 'Tracks', api: 'tracks' },
    { key: 'playlist', label: 'Curated Playlist', api: 'playlist-mappings' },
    { key: 'image', label: 'Image', api: 'images' },
  ],
});

export const labelRecord = defineRecord({
  type: labels,
  title: 'name',
  noun: 'label',
  fields: {
    name: field('Name', 'text', name()),
    bio: field('Bio', 'textarea', longText()),
    is_available_for_pre_order: field('Available for Pre-order', 'boolean', bool()),
    default_pre_order_weeks: field('Default Pre-order Weeks', 'select', preOrderWeeks(), { options: PRE_ORDER_WEEK_OPTIONS, default: 0 }),
    hype_eligible: field('Hype Eligible', 'boolean', bool(), DANCE),
    hype_active: field('Hype Active', 'boolean', bool(), DANCE),
    hype_trial_start: field('Hype Trial Start', 'date', day.nullable(), DANCE),
    hype_trial_end: field('Hype Trial End', 'date', day.nullable(), DANCE),
    label_manager_id: field('Label Manager', 'select', id.nullable(), { list: 'label-managers', shownAs: 'label_manager' }),
    enabled: ENABLED,
    supplier_id: field('Supplier', 'reference', id, { ref: 'suppliers', createOnly: true, shownAs: 'supplier' }),
  },
  shown: { created_at: CREATED },
  create: { required: ['name', 'supplier_id'] },
  status: (row, brand) => [...(brand === BRAND_DANCE ? [hypeTag(row.hype_eligible, row.hype_active)] : []), claimedTag(row.claimed)],
  checks: [hypeDates],
  subResources: [
    { key: 'contracts', label: 'Contracts', api: 'contracts' },
    { key: 'mappings', label: 'Mappings', api: 'mappings' },
    { key: 'image', label: 'Image', api: 'images' },
    { key: 'account', label: 'Account', api: 'temp-account' },
  ],
});

export const supplierRecord = defineRecord({
  type: suppliers,
  title: 'name',
  noun: 'supplier',
  fields: {
    name: field('Name', 'text', name()),
    ddex_party_id: field('DDEX Party ID', 'text', ddexPartyId, { live: ddexPartyIdStatus }),
    auto_create_labels: field('Auto-create Labels on Ingestion', 'boolean', bool()),
    vendor_code: field('Vendor Code', 'text', optionalText(32)),
    pposp_enrolled: field('PPOSP Enrollment', 'boolean', bool()),
    default_exclusive_period: field('Default Exclusive Period', 'select', exclusivePeriod(), {
      options: EXCLUSIVE_PERIOD_OPTIONS,
      default: null,
    }),
    enabled: ENABLED,
  },
  shown: { created_at: CREATED },
  status: (row) => [enrollmentTag(row.pposp_enrolled)],
  create: { required: ['name'] },
  subResources: [
    { key: 'ingestion', label: 'Ingester Key', api: 'ingester-key' },
    { key: 'contacts', label: 'Contacts', api: 'contacts' },
    { key: 'contracts', label: 'Contracts', api: 'contracts' },
    { key: 'banking', label: 'Banking', api: 'banking' },
    { key: 'genre-mappings', label: 'Genre Mappings', api: 'genre-mappings' },
    { key: 'label-mappings', label: 'Label Mappings', api: 'label-mappings' },
    { key: 'labels', label: 'Labels', api: 'labels' },
    { key: 'subscribers', label: 'Subscribers', api: 'subscribers' },
    { key: 'service-agreement', label: 'Service Agreement', api: 'service-agreement' },
    { key: 'sftp-users', label: 'SFTP Users' },
  ],
});

export const playlistRecord = defineRecord({
  type: playlists,
  title: 'name',
  noun: 'playlist',
  fields: {
    name: field('Name', 'text', name()),
    playlist_type_id: field('Type', 'select', id.nullable(), { list: 'playlist-types', shownAs: 'playlist_type' }),
    // A new playlist is a draft until someone publishes it (the safe default, as Enabled).
    status: field('Status', 'select', oneOf(PLAYLIST_STATUSES), { options: valueOptions(PLAYLIST_STATUSES), default: 'draft' }),
    is_curated: field('Curated Playlist', 'boolean', bool()),
    curated_genre_id: field('Curated Playlist Genre', 'select', id.nullable(), { list: 'genres' }),
    is_public: field('Public', 'boolean', bool(), { default: true }),
    genre_id: GENRE,
  },
  shown: { track_count: { label: 'Tracks', kind: 'text' }, created_at: CREATED },
  create: { required: ['name'] },
  subResources: [
    { key: 'tracks', label: 'Tracks', api: 'tracks' },
    { key: 'partners', label: 'Partners', api: 'partners' },
    { key: 'charts', label: 'Mapped Charts', api: 'chart-mapping' },
  ],
});

export const djProfileRecord = defineRecord({
  type: djProfiles,
  title: 'dj_name',
  noun: 'DJ profile',
  fields: {
    dj_name: field('DJ Display Name', 'text', name()),
    dj_slug: field('DJ Slug', 'text', limited(NAME_MAX).regex(SLUG_PATTERN, SLUG_MSG)),
    enabled: field('Profile Page Enabled', 'boolean', bool()),
    dj_is_indexed: field('Indexed', 'boolean', bool()),
  },
  shown: { username: { label: 'Username', kind: 'text' } },
  status: (row) => [indexedTag(row.dj_is_indexed)],
});

export const linkPartnerRecord = defineRecord({
  type: linkPartners,
  title: 'name',
  noun: 'link partner',
  fields: { name: field('Name', 'text', name()), url: field('URL', 'text', longText()), enabled: ENABLED },
  create: { required: ['name'] },
});
