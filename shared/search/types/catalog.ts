/** Search types of the catalog area (spec §2): one declaration each (shared/search/define.ts). */
import { SEARCH_RULES } from '../../access/search-rules';
import { defineSearchType, ids, text, int, exact, reference, choice, date, bool, bool01, col } from '../define';
import {
  ID, NAME, TITLE, ENABLED, CREATED, S, D, DS, ENCODE_STATUS_OPTIONS, PLAYLIST_STATUS_OPTIONS,
  PRE_ORDER_WEEK_OPTIONS, PPOSP_OPTIONS,
} from './common';

export const tracks = defineSearchType({
  key: 'tracks', label: 'Tracks', area: '/catalog', category: 'catalog', path: 'tracks', linkSegment: 'tracks',
  rule: SEARCH_RULES.catalogueCore,
  filters: {
    id: ids(), track_id: ids(), name: text(), title: text(), mix_name: text(), track_name: text(), release_id: ids(),
    release_title: text(), artist: text(), artist_id: ids(), label: text(), label_id: ids(), supplier: text(),
    bpm: int(), key_name: text(), isrc: exact(), guid: exact(), genre_id: reference('genres'),
    sub_genre_id: reference('genres'), encode_status: choice(ENCODE_STATUS_OPTIONS), encoded_date: date(),
    publish_date: date(), release_date: date(), exclusive_date: date(), add_date: date(),
    free_download_start_date: date(), free_download_end_date: date(), is_available_for_streaming: bool(),
    is_hype: bool(), hype_eligible: bool(), dj_edits: bool(), ugc_remixes: bool(),
    label_manager: reference('label-managers'),
  },
  columns: {
    id: ID, title: TITLE, artists: col('Artists', 'refs', { fixed: true }), mix_name: col('Mix Name', 'text', D),
    release: col('Release', 'ref', D), label: col('Label', 'ref', D), genre: col('Genre', 'ref', D),
    bpm: col('BPM', 'number', S), key: col('Key', 'ref'), isrc: col('ISRC', 'text', S),
    encode_status: col('Encode Status', 'encode', D), release_date: col('Release Date', 'date', DS),
    publish_date: col('Publish Date', 'date', S), guid: col('GUID'),
  },
  defaultSort: '-release_date',
  textSearch: true,
});

export const releases = defineSearchType({
  key: 'releases', label: 'Releases', area: '/catalog', category: 'catalog', path: 'releases',
  linkSegment: 'releases', rule: SEARCH_RULES.catalogueCore,
  filters: {
    id: ids(), release_id: ids(), name: text(), title: text(), release_name: text(), catalog_number: text(),
    upc: exact(), artist: text(), artist_id: ids(), label: text(), label_id: ids(), supplier: text(),
    release_type_id: reference('release-types'), genre_id: reference('genres'),
    encode_status: choice(ENCODE_STATUS_OPTIONS), release_date: date(), new_release_date: date(),
    pre_order_date: date(), exclusive_date: date(), add_date: date(), is_explicit: bool(),
    is_available_for_pre_order: bool(), is_available_for_streaming: bool(), is_hype: bool(), hype_eligible: bool(),
    is_available_for_hype: bool(), exclusive: bool(), default_pre_order_weeks: int(PRE_ORDER_WEEK_OPTIONS),
    dj_edits: bool(), ugc_remixes: bool(), label_manager: reference('label-managers'),
    // Issue 27: every track has stored source audio, so the release can be re-encoded.
    has_source_audio: bool(),
  },
  columns: {
    id: ID, title: TITLE, label: col('Label', 'ref', { fixed: true }),
    catalog_number: col('Catalog Number', 'text', DS), upc: col('UPC', 'text', D),
    artists: col('Artists', 'refs', D), release_date: col('Release Date', 'date', DS),
    exclusive_period: col('Exclusive Period', 'exclusive', S), price_override: col('Price Override', 'money'),
    encode_status: col('Encode Status', 'encode'), is_explicit: col('Explicit', 'bool'), genre: col('Genre', 'ref'),
    release_type: col('Release Type', 'ref'),
  },
  defaultSort: '-release_date',
  textSearch: true,
});

export const artists = defineSearchType({
  key: 'artists', label: 'Artists', area: '/catalog', category: 'catalog', path: 'artists', linkSegment: 'artists',
  rule: SEARCH_RULES.catalogueCore,
  filters: {
    id: ids(), artist_id: ids(), name: text(), artist_name: text(), muzooka_profile: text(), add_date: date(),
  },
  columns: {
    id: ID, name: NAME, muzooka_id: col('Muzooka ID'), created_at: col('Created', 'date', DS),
  },
  defaultSort: 'name',
  textSearch: true,
});

export const genres = defineSearchType({
  key: 'genres', label: 'Genres', area: '/catalog', category: 'catalog', path: 'genres',
  rule: SEARCH_RULES.catalogueCore,
  filters: {
    id: ids(), genre_id: reference('genres'), name: text(), enabled: bool(),
  },
  columns: {
    id: ID, name: NAME, enabled: ENABLED,
  },
  defaultSort: 'name',
  textSearch: true,
});

export const charts = defineSearchType({
  key: 'charts', label: 'Charts', area: '/catalog', category: 'catalog', path: 'charts', linkSegment: 'charts',
  rule: SEARCH_RULES.charts,
  filters: {
    id: ids(), name: text(), title: text(), genre_id: reference('genres'), dj_name: text(), enabled: bool(),
    publish_date: date(), date_created: date(),
  },
  columns: {
    id: ID, title: TITLE, dj_name: col('Owner', 'text', D), genre: col('Genre', 'ref', D),
    publish_date: col('Publish Date', 'date', DS), enabled: ENABLED,
  },
  defaultSort: '-publish_date',
  textSearch: true,
});

export const labels = defineSearchType({
  key: 'labels', label: 'Labels', area: '/catalog', category: 'catalog', path: 'labels', linkSegment: 'labels',
  rule: SEARCH_RULES.labels,
  filters: {
    id: ids(), label_id: ids(), name: text(), label_name: text(), supplier: text(), supplier_name: text(),
    label_manager: reference('label-managers'), enabled: bool(), is_available_for_pre_order: bool(), is_hype: bool(),
    hype_active: bool(), hype_eligible: bool(), multiple_contracts_active: bool(),
    default_pre_order_weeks: int(PRE_ORDER_WEEK_OPTIONS), add_date: date(),
  },
  columns: {
    id: ID, name: NAME, supplier: col('Supplier', 'ref', D), label_manager: col('Label Manager', 'ref'),
    enabled: ENABLED, hype: col('Hype', 'hype', { field: 'hype_eligible', byDefault: true }),
    claimed: col('Account', 'claimed'), default_pre_order_weeks: col('Default Pre-order Weeks', 'number'),
    created_at: CREATED,
  },
  defaultSort: 'name',
  textSearch: true,
});

export const suppliers = defineSearchType({
  key: 'suppliers', label: 'Suppliers', area: '/catalog', category: 'catalog', path: 'suppliers',
  linkSegment: 'suppliers', rule: SEARCH_RULES.suppliers,
  filters: {
    id: ids(), supplier_id: ids(), name: text(), supplier_name: text(), vendor_code: text(),
    primary_contact_email: text(), primary_contact_username: text(), pposp_enrollment_status: bool01(PPOSP_OPTIONS),
    enabled: bool(), add_date: date(),
  },
  columns: {
    id: ID, name: NAME, vendor_code: col('Vendor Code', 'text', DS), pposp_enrolled: col('PPOSP', 'enrolled', D),
    primary_contact_email: col('Primary Contact Email'),
    default_exclusive_period: col('Default Exclusive Period', 'exclusive', S), enabled: ENABLED,
  },
  defaultSort: 'name',
  textSearch: true,
});

export const playlists = defineSearchType({
  key: 'playlists', label: 'Playlists', area: '/catalog', category: 'catalog', path: 'playlists',
  rule: SEARCH_RULES.djProfilesPlaylists,
  filters: {
    id: ids(), name: text(), title: text(), playlist_type_id: reference('playlist-types'),
    playlist_status: choice(PLAYLIST_STATUS_OPTIONS), is_curated_playlist: bool(),
    curated_playlist_genre_id: reference('genres'), is_public: bool(), genre_id: reference('genres'),
    create_date: date(),
  },
  columns: {
    id: ID, name: NAME, playlist_type: col('Type', 'ref', D), genre: col('Genre', 'ref', D),
    is_public: col('Public', 'bool'), track_count: col('Tracks', 'number'), created_at: CREATED,
  },
  defaultSort: '-created_at',
  textSearch: true,
});

export const djProfiles = defineSearchType({
  key: 'dj_profiles', label: 'DJ Profiles', area: '/catalog', category: 'content-ops', path: 'dj-profiles',
  rule: SEARCH_RULES.djProfilesPlaylists,
  filters: {
    dj_id: ids(), dj_name: text(), dj_slug: text(), username: text(), user_id: ids(), dj_is_indexed: bool(),
    enabled: bool(),
  },
  columns: {
    id: ID, dj_name: col('DJ Name', 'text', { fixed: true, sortable: true }), dj_slug: col('DJ Slug', 'text', D),
    username: col('Username', 'text', DS), dj_is_indexed: col('Indexed', 'indexed', D), enabled: ENABLED,
  },
  defaultSort: 'dj_name',
  textSearch: true,
});

export const linkPartners = defineSearchType({
  key: 'link_partners', label: 'Link Partners', area: '/catalog', category: 'catalog', path: 'link-partners',
  rule: SEARCH_RULES.curationLive,
  filters: {
    id: ids(), name: text(), enabled: bool(),
  },
  columns: {
    id: ID, name: NAME, url: col('URL'), enabled: ENABLED,
  },
  defaultSort: 'name',
  textSearch: true,
});

export const muzookaArtists = defineSearchType({
  key: 'muzooka_artists', label: 'Muzooka Artists', area: null, category: 'catalog', path: 'muzooka-artists',
  rule: SEARCH_RULES.muzooka,
  filters: {
    id: ids(), name: text(), muzooka_profile: text(),
  },
  columns: {
    id: ID, name: NAME, muzooka_id: col('Muzooka ID', 'text', D),
  },
  defaultSort: 'name',
  textSearch: true,
});
