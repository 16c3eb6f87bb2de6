/**
 * Search types of spec §2 with their area, API path, access rule (spec §6 table)
 * and the filters (spec §3 names) each type accepts. The console offers, and the
 * server enforces, exactly this table.
 */
import { APP_CONTROL, oneOf, STAFF_ROLES, type Rule } from './scopes';

const ALL_STAFF = oneOf(...STAFF_ROLES);

/** Spec §6 search-type table, one rule per row. */
export const SEARCH_RULES = {
  catalogueCore: [...ALL_STAFF, ['user:supplier'], ['user:label']],
  charts: ALL_STAFF,
  coupons: oneOf('staff:admin', 'staff:label_mgmt', 'staff:support', 'staff:marketing'),
  deliveries: oneOf('staff:admin', 'staff:content_ops', 'staff:label_mgmt'),
  djProfilesPlaylists: [...ALL_STAFF, ['user:label'], ['user:supplier', APP_CONTROL]],
  hypePurchases: oneOf('staff:admin', 'staff:label_mgmt', 'staff:support', 'staff:marketing'),
  labels: [...ALL_STAFF.filter((g) => g[0] !== 'staff:support'), ['user:supplier']],
  curationLive: oneOf('staff:admin', 'staff:curation'),
  orders: oneOf('staff:admin', 'staff:support'),
  pages: oneOf('staff:admin', 'staff:label_mgmt', 'staff:curation', 'staff:marketing'),
  suppliers: oneOf(
    'staff:admin',
    'staff:label_mgmt',
    'staff:marketing',
    'staff:curation',
    'staff:content_ops',
    'staff:finance',
  ),
  users: oneOf('staff:admin', 'staff:support', 'staff:content_ops', 'staff:curation'),
  /** Not in the §6 table: hype offers are sold with hype purchases, so the same rule. */
  hypeOffers: oneOf('staff:admin', 'staff:label_mgmt', 'staff:support', 'staff:marketing'),
  /** Not in the §6 table: Muzooka mappings are edited on artists by admin, curation and content ops. */
  muzooka: oneOf('staff:admin', 'staff:curation', 'staff:content_ops'),
} as const satisfies Record<string, Rule>;

export type AreaRoute = '/catalog' | '/support' | '/old-deliveries' | '/curation' | '/live';

export interface SearchType {
  /** Value of the `type` query parameter. */
  readonly key: string;
  readonly label: string;
  /** Area root (spec §2); null for Muzooka artists, which has no route. */
  readonly area: AreaRoute | null;
  /** `GET /v4/{category}/{type}/` serves the list. */
  readonly category: string;
  readonly path: string;
  /** Link segment of /catalog/{segment}/{id} (spec §2), where the type has one. */
  readonly linkSegment?: 'artists' | 'charts' | 'labels' | 'tracks' | 'releases' | 'suppliers';
  /** Segment of the record route {area}/{segment}/{id} of a type without a catalogue link, when not its path. */
  readonly recordSegment?: string;
  readonly rule: Rule;
  /** Filter names (spec §3) the type accepts besides type/page/per_page/order_by. */
  readonly filters: readonly string[];
}

const st = (s: SearchType) => s;

export const SEARCH_TYPES: readonly SearchType[] = [
  st({
    key: 'tracks', label: 'Tracks', area: '/catalog', category: 'catalog', path: 'tracks', linkSegment: 'tracks',
    rule: SEARCH_RULES.catalogueCore,
    filters: [
      'id', 'track_id', 'name', 'title', 'mix_name', 'track_name', 'release_id', 'release_title', 'artist',
      'artist_id', 'label', 'label_id', 'supplier', 'bpm', 'key_name', 'isrc', 'guid', 'genre_id', 'sub_genre_id',
      'encode_status', 'encoded_date', 'publish_date', 'release_date', 'exclusive_date', 'add_date',
      'free_download_start_date', 'free_download_end_date', 'is_available_for_streaming', 'is_hype',
      'hype_eligible', 'dj_edits', 'ugc_remixes', 'label_manager',
    ],
  }),
  st({
    key: 'releases', label: 'Releases', area: '/catalog', category: 'catalog', path: 'releases', linkSegment: 'releases',
    rule: SEARCH_RULES.catalogueCore,
    filters: [
      'id', 'release_id', 'name', 'title', 'release_name', 'catalog_number', 'upc', 'artist', 'artist_id', 'label',
      'label_id', 'supplier', 'release_type_id', 'genre_id', 'encode_status', 'release_date', 'new_release_date',
      'pre_order_date', 'exclusive_date', 'add_date', 'is_explicit', 'is_available_for_pre_order',
      'is_available_for_streaming', 'is_hype', 'hype_eligible', 'is_available_for_hype', 'exclusive',
      'default_pre_order_weeks', 'dj_edits', 'ugc_remixes', 'label_manager',
    ],
  }),
  st({
    key: 'artists', label: 'Artists', area: '/catalog', category: 'catalog', path: 'artists', linkSegment: 'artists',
    rule: SEARCH_RULES.catalogueCore,
    filters: ['id', 'artist_id', 'name', 'artist_name', 'muzooka_profile', 'add_date'],
  }),
  st({
    key: 'genres', label: 'Genres', area: '/catalog', category: 'catalog', path: 'genres',
    rule: SEARCH_RULES.catalogueCore,
    filters: ['id', 'genre_id', 'name', 'enabled'],
  }),
  st({
    key: 'charts', label: 'Charts', area: '/catalog', category: 'catalog', path: 'charts', linkSegment: 'charts',
    rule: SEARCH_RULES.charts,
    filters: ['id', 'name', 'title', 'genre_id', 'dj_name', 'enabled', 'publish_date', 'date_created'],
  }),
  st({
    key: 'labels', label: 'Labels', area: '/catalog', category: 'catalog', path: 'labels', linkSegment: 'labels',
    rule: SEARCH_RULES.labels,
    filters: [
      'id', 'label_id', 'name', 'label_name', 'supplier', 'supplier_name', 'label_manager', 'enabled',
      'is_available_for_pre_order', 'is_hype', 'hype_active', 'hype_eligible', 'multiple_contracts_active',
      'default_pre_order_weeks', 'add_date',
    ],
  }),
  st({
    key: 'suppliers', label: 'Suppliers', area: '/catalog', category: 'catalog', path: 'suppliers', linkSegment: 'suppliers',
    rule: SEARCH_RULES.suppliers,
    filters: [
      'id', 'supplier_id', 'name', 'supplier_name', 'vendor_code', 'primary_contact_email',
      'primary_contact_username', 'pposp_enrollment_status', 'enabled', 'add_date',
    ],
  }),
  st({
    key: 'playlists', label: 'Playlists', area: '/catalog', category: 'catalog', path: 'playlists',
    rule: SEARCH_RULES.djProfilesPlaylists,
    filters: [
      'id', 'name', 'title', 'playlist_type_id', 'playlist_status', 'is_curated_playlist',
      'curated_playlist_genre_id', 'is_public', 'genre_id', 'create_date',
    ],
  }),
  st({
    key: 'dj_profiles', label: 'DJ Profiles', area: '/catalog', category: 'content-ops', path: 'dj-profiles',
    rule: SEARCH_RULES.djProfilesPlaylists,
    filters: ['dj_id', 'dj_name', 'dj_slug', 'username', 'user_id', 'dj_is_indexed', 'enabled'],
  }),
  st({
    key: 'link_partners', label: 'Link Partners', area: '/catalog', category: 'catalog', path: 'link-partners',
    rule: SEARCH_RULES.curationLive,
    filters: ['id', 'name', 'enabled'],
  }),
  st({
    key: 'coupons', label: 'Coupons', area: '/support', category: 'content-ops', path: 'coupons',
    rule: SEARCH_RULES.coupons,
    filters: ['id', 'code', 'discount_type', 'discount_amount', 'enabled', 'start_date', 'end_date', 'date_created'],
  }),
  st({
    key: 'orders', label: 'Orders', area: '/support', category: 'accounts', path: 'orders',
    rule: SEARCH_RULES.orders,
    filters: [
      'id', 'user_id', 'person_id', 'username', 'email', 'purchaser_ip', 'date', 'year', 'month', 'current_status',
      'voided', 'store', 'track_id', 'release_id',
    ],
  }),
  st({
    key: 'users', label: 'Users', area: '/support', category: 'accounts', path: 'users',
    rule: SEARCH_RULES.users,
    filters: [
      'id', 'user_id', 'person_id', 'username', 'email', 'first_name', 'last_name', 'register_ip_address',
      'dj_name', 'is_indexed', 'created_date', 'country_id',
    ],
  }),
  st({
    key: 'hype_offers', label: 'Hype Offers', area: '/support', category: 'content-ops', path: 'hype-offers',
    rule: SEARCH_RULES.hypeOffers,
    filters: ['id', 'name', 'label_id', 'label_name', 'enabled', 'hype_active', 'start_date', 'end_date'],
  }),
  st({
    key: 'hype_purchases', label: 'Hype Purchases', area: '/support', category: 'accounts', path: 'hype-purchases',
    rule: SEARCH_RULES.hypePurchases,
    filters: ['id', 'user_id', 'username', 'label_id', 'label_name', 'date', 'year', 'month', 'voided'],
  }),
  st({
    key: 'deliveries', label: 'Deliveries', area: '/old-deliveries', category: 'content-ops', path: 'deliveries',
    rule: SEARCH_RULES.deliveries,
    filters: [
      'id', 'release_id', 'title', 'artist', 'label', 'supplier', 'genre_id', 'release_status', 'album_action',
      'status_message', 'source_type_id', 'date_range',
    ],
  }),
  st({
    key: 'pages', label: 'Pages', area: '/curation', category: 'curation', path: 'pages',
    rule: SEARCH_RULES.pages,
    filters: ['id', 'page_id', 'name', 'slug', 'page_type_id', 'enabled', 'start_date', 'end_date'],
  }),
  st({
    key: 'page_modules', label: 'Page Modules', area: '/curation', category: 'curation', path: 'page-modules',
    rule: SEARCH_RULES.pages,
    filters: ['id', 'name', 'page_id', 'type_id', 'enabled', 'start_date', 'end_date'],
  }),
  st({
    key: 'live_streams', label: 'Live Streams', area: '/live', category: 'catalog', path: 'live-streams', recordSegment: 'streams',
    rule: SEARCH_RULES.curationLive,
    filters: ['id', 'name', 'enabled', 'is_auto_enabled', 'genre_id', 'start_date', 'end_date'],
  }),
  st({
    key: 'host_vendors', label: 'Host Vendors', area: '/live', category: 'catalog', path: 'host-vendors',
    rule: SEARCH_RULES.curationLive,
    filters: ['id', 'name', 'enabled'],
  }),
  st({
    key: 'tracklist_vendors', label: 'Tracklist Vendors', area: '/live', category: 'catalog', path: 'tracklist-vendors',
    rule: SEARCH_RULES.curationLive,
    filters: ['id', 'name', 'enabled'],
  }),
  st({
    key: 'muzooka_artists', label: 'Muzooka Artists', area: null, category: 'catalog', path: 'muzooka-artists',
    rule: SEARCH_RULES.muzooka,
    filters: ['id', 'name', 'muzooka_profile'],
  }),
];

export type SearchTypeKey = string;

export const SEARCH_TYPE_BY_KEY: ReadonlyMap<string, SearchType> = new Map(SEARCH_TYPES.map((t) => [t.key, t]));

export function searchType(key: string): SearchType | undefined {
  return SEARCH_TYPE_BY_KEY.get(key);
}
