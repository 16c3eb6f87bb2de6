/**
 * The SQL of every search type (declared once in shared/search/types): FROM, result
 * fields (nested references as {id, name}), the SQL expression behind each declared
 * filter and sort, the text `q` searches, and ownership columns. `list()` is typed
 * from the declaration: a declared filter or sort without its SQL, or SQL for an
 * undeclared one, does not compile.
 */
import { exclusivePeriodSortKey } from '../../../shared/constants';
import { LOSSLESS_FORMATS } from '../../../shared/vocabularies';
import type { FilterNameOf, SearchTypeDecl, SortKeyOf } from '../../../shared/search/define';
import {
  SEARCH_TYPE_DECLS, artists, charts, coupons, deliveries, djProfiles, genres, hostVendors, hypeOffers, hypePurchases,
  labels, linkPartners, liveStreams, muzookaArtists, orders, pageModules, pages, playlists, releases, suppliers,
  tracklistVendors, tracks, users,
} from '../../../shared/search/types';
import type { FilterDef, ListDef } from './engine';

/** What the server adds to a declaration: SQL, and which rows each user sees. */
export type ListSql<D extends SearchTypeDecl> = Omit<ListDef, 'key' | 'filters' | 'sorts' | 'defaultSort' | 'text'> & {
  /** SQL expression of each declared filter (over `from`); for year/month, the date. */
  filters: { readonly [F in FilterNameOf<D>]: string };
  /** SQL expression of each order_by key (sortable columns and extra sorts). */
  sorts: { readonly [S in SortKeyOf<D>]: string };
} & (D['textSearch'] extends true ? { text: string } : { text?: never });

export function list<const D extends SearchTypeDecl>(decl: D, def: ListSql<D>): ListDef {
  const filters: Record<string, FilterDef> = {};
  for (const [name, f] of Object.entries(decl.filters)) {
    const { options, onlyOffered, datePart } = f;
    filters[name] = {
      kind: f.kind,
      expr: (def.filters as Record<string, string>)[name],
      ...(datePart ? { datePart } : {}),
      // Options that depend on the brand are checked against the caller's brand (spec §6).
      ...(onlyOffered && options
        ? { values: (p) => (typeof options === 'function' ? options({ brand: p.brand, now: new Date() }) : options).map((o) => o.value) }
        : {}),
    };
  }
  return { ...def, key: decl.key, filters, sorts: def.sorts as Record<string, string>, defaultSort: decl.defaultSort };
}

/** A vendor list of live streams (id, name, enabled) over its own table. */
const vendorList = (decl: typeof hostVendors | typeof tracklistVendors, table: string) => list(decl, {
  from: `${table} t`,
  select: 't.id, t.name, t.enabled, t.version',
  filters: { id: 't.id', name: 't.name', enabled: 't.enabled' },
  sorts: { id: 't.id', name: 't.name' },
  text: 't.name',
});

const ref = (id: string, name: string) => `case when ${id} is null then null else json_build_object('id', ${id}, 'name', ${name}) end`;
/** Exclusive period in days, null (Lifetime) sorting as 250 (spec §9, exclusivePeriodSortKey). */
const exclusiveSort = (expr: string) => `coalesce(${expr}, ${exclusivePeriodSortKey(null)})`;

const trackArtists = `(select coalesce(json_agg(json_build_object('id', a.id, 'name', a.name) order by ta.position), '[]'::json)
  from track_artists ta join artists a on a.id = ta.artist_id where ta.track_id = t.id and ta.role = 'artist') as artists`;
const trackRemixers = `(select coalesce(json_agg(json_build_object('id', a.id, 'name', a.name) order by ta.position), '[]'::json)
  from track_artists ta join artists a on a.id = ta.artist_id where ta.track_id = t.id and ta.role = 'remixer') as remixers`;
const releaseArtists = `(select coalesce(json_agg(json_build_object('id', a.id, 'name', a.name) order by ra.position), '[]'::json)
  from release_artists ra join artists a on a.id = ra.artist_id where ra.release_id = t.id) as artists`;

/**
 * A release has source audio (the search filter has_source_audio, issue 27): it has tracks
 * and every one has a stored lossless source (audio_files.stored), what a re-encode needs
 * (server/jobs/encode.ts noSourceAudioReason, which also looks in storage).
 */
const LOSSLESS_SQL = LOSSLESS_FORMATS.map((f) => `'${f}'`).join(', ');
export const RELEASE_HAS_SOURCE_AUDIO = `(exists (select 1 from tracks x where x.release_id = t.id)
  and not exists (select 1 from tracks x where x.release_id = t.id and not exists (
    select 1 from audio_files a where a.track_id = x.id and a.stored and a.format in (${LOSSLESS_SQL}))))`;

export const LIST_DEFS: readonly ListDef[] = [
  list(tracks, {
    countTable: 'tracks',
    from: `tracks t left join releases r on r.id = t.release_id left join labels l on l.id = t.label_id
      left join suppliers s on s.id = t.supplier_id left join genres g on g.id = t.genre_id
      left join sub_genres sg on sg.id = t.sub_genre_id left join musical_keys k on k.id = t.key_id`,
    select: `t.id, t.title, t.mix_name, t.isrc, t.bpm, ${ref('k.id', 'k.name')} as key, ${ref('g.id', 'g.name')} as genre,
      ${ref('sg.id', 'sg.name')} as sub_genre, ${ref('r.id', 'r.title')} as release, ${ref('l.id', 'l.name')} as label,
      ${trackArtists}, ${trackRemixers}, t.guid, t.encode_status, t.release_date, t.publish_date, t.exclusive_date, t.is_hype,
      t.hype_eligible, t.is_dj_edit, t.is_ugc_remix, t.parent_track_id, t.is_available_for_streaming, t.enabled,
      t.hidden, t.copyright_holder, t.label_track_id, t.position, t.price_tier, t.created_at, t.version`,
    filters: {
      id: 't.id', track_id: 't.id', name: 't.title', title: 't.title', mix_name: 't.mix_name',
      track_name: 't.title', release_id: 't.release_id', release_title: 'r.title',
      artist: 't.artist_names', artist_id: '(select ta.artist_id from track_artists ta where ta.track_id = t.id and ta.position = 1 and ta.role = \'artist\')',
      label: 'l.name', label_id: 't.label_id', supplier: 's.name', bpm: 't.bpm',
      key_name: 'k.name', isrc: 't.isrc', guid: 't.guid::text', genre_id: 't.genre_id',
      sub_genre_id: 't.sub_genre_id', encode_status: 't.encode_status', encoded_date: 't.encoded_at',
      publish_date: 't.publish_date', release_date: 't.release_date', exclusive_date: 't.exclusive_date',
      add_date: 't.created_at', free_download_start_date: 't.free_download_start_date',
      free_download_end_date: 't.free_download_end_date', is_available_for_streaming: 't.is_available_for_streaming',
      is_hype: 't.is_hype', hype_eligible: 't.hype_eligible', dj_edits: 't.is_dj_edit',
      ugc_remixes: 't.is_ugc_remix', label_manager: 'l.label_manager_id',
    },
    sorts: { id: 't.id', title: 't.title', release_date: 't.release_date', bpm: 't.bpm', publish_date: 't.publish_date', isrc: 't.isrc' },
    text: 't.title',
    supplierColumn: 't.supplier_id',
    labelColumn: 't.label_id',
    // artist_names is kept by triggers (migration 0013) as the artists' names, ", " between, in order.
    exportFields: {
      id: 't.id', title: 't.title', artists: 't.artist_names', mix_name: 't.mix_name', release: 'r.title', label: 'l.name',
      genre: 'g.name', bpm: 't.bpm', key: 'k.name', isrc: 't.isrc', encode_status: 't.encode_status',
      release_date: 't.release_date', publish_date: 't.publish_date', guid: 't.guid',
    },
  }),
  list(releases, {
    countTable: 'releases',
    from: `releases t left join labels l on l.id = t.label_id left join suppliers s on s.id = t.supplier_id
      left join genres g on g.id = t.genre_id left join reference_items rt on rt.list = 'release-types' and rt.id = t.release_type_id`,
    select: `t.id, t.title, t.catalog_number, t.upc, t.global_release_id, ${ref('l.id', 'l.name')} as label,
      ${ref('g.id', 'g.name')} as genre, ${ref('rt.id', 'rt.name')} as release_type, ${releaseArtists}, t.street_date,
      t.release_date, t.new_release_date, t.pre_order_date, t.exclusive_date, t.exclusive_period, t.price_override,
      t.price_override_firm, t.is_available_for_pre_order, t.default_pre_order_weeks, t.is_explicit, t.hype_eligible,
      t.hype_enabled, t.encode_status, t.is_dj_edit, t.is_ugc_remix, t.is_available_for_streaming,
      ${ref('s.id', 's.name')} as supplier, t.price_tier, t.created_at, t.version`,
    filters: {
      id: 't.id', release_id: 't.id', name: 't.title', title: 't.title', release_name: 't.title',
      catalog_number: 't.catalog_number', upc: 't.upc',
      artist: '(select string_agg(a.name, \' \') from release_artists ra join artists a on a.id = ra.artist_id where ra.release_id = t.id)', artist_id: '(select ra.artist_id from release_artists ra where ra.release_id = t.id and ra.position = 1)',
      label: 'l.name', label_id: 't.label_id', supplier: 's.name', release_type_id: 't.release_type_id',
      genre_id: 't.genre_id', encode_status: 't.encode_status', release_date: 't.release_date',
      new_release_date: 't.new_release_date', pre_order_date: 't.pre_order_date',
      exclusive_date: 't.exclusive_date', add_date: 't.created_at', is_explicit: 't.is_explicit',
      is_available_for_pre_order: 't.is_available_for_pre_order',
      is_available_for_streaming: 't.is_available_for_streaming', is_hype: 't.hype_enabled',
      hype_eligible: 't.hype_eligible', is_available_for_hype: 't.hype_eligible and l.hype_active',
      exclusive: 't.exclusive_period is not null', default_pre_order_weeks: 't.default_pre_order_weeks',
      dj_edits: 't.is_dj_edit', ugc_remixes: 't.is_ugc_remix', label_manager: 'l.label_manager_id',
      has_source_audio: RELEASE_HAS_SOURCE_AUDIO,
    },
    sorts: {
      id: 't.id', title: 't.title', release_date: 't.release_date', catalog_number: 't.catalog_number',
      exclusive_period: exclusiveSort('t.exclusive_period'),
    },
    text: 't.title',
    supplierColumn: 't.supplier_id',
    labelColumn: 't.label_id',
  }),
  list(artists, {
    countTable: 'artists',
    from: 'artists t',
    select: `t.id, t.name, t.bio, t.image_url, t.muzooka_sync, t.muzooka_id, t.user_id,
      (select ${ref('u.id', 'u.username')} from users u where u.id = t.user_id) as user, t.created_at, t.version`,
    filters: {
      id: 't.id', artist_id: 't.id', name: 't.name', artist_name: 't.name',
      muzooka_profile: 't.muzooka_id', add_date: 't.created_at',
    },
    sorts: { id: 't.id', name: 't.name', created_at: 't.created_at' },
    text: 't.name',
    sharedWithExternal: true,
  }),
  list(genres, {
    from: 'genres t',
    select: `t.id, t.name, t.slug, t.enabled, (select coalesce(json_agg(json_build_object('id', sg.id, 'name', sg.name) order by sg.id), '[]'::json) from sub_genres sg where sg.genre_id = t.id) as sub_genres, t.version`,
    filters: { id: 't.id', genre_id: 't.id', name: 't.name', enabled: 't.enabled' },
    sorts: { id: 't.id', name: 't.name' },
    text: 't.name',
    sharedWithExternal: true,
  }),
  list(charts, {
    from: 'charts t left join genres g on g.id = t.genre_id',
    select: `t.id, t.title, t.description, t.image_url, t.dj_name, ${ref('g.id', 'g.name')} as genre, t.partner_exclusive, t.playlist_id, t.enabled, t.publish_date, t.created_at, t.version`,
    filters: {
      id: 't.id', name: 't.title', title: 't.title', genre_id: 't.genre_id', dj_name: 't.dj_name',
      enabled: 't.enabled', publish_date: 't.publish_date', date_created: 't.created_at',
    },
    sorts: { id: 't.id', title: 't.title', publish_date: 't.publish_date' },
    text: 't.title',
    brand: 't.brand',
  }),
  list(labels, {
    countTable: 'labels',
    from: 'labels t left join suppliers s on s.id = t.supplier_id left join label_managers lm on lm.id = t.label_manager_id',
    select: `t.id, t.name, ${ref('s.id', 's.name')} as supplier, ${ref('lm.id', 'lm.name')} as label_manager, t.bio, t.image_url,
      t.hype_trial_start, t.hype_trial_end, t.is_available_for_pre_order, t.default_pre_order_weeks, t.hype_eligible,
      t.hype_active, t.enabled, t.claimed, t.created_at, t.version`,
    filters: {
      id: 't.id', label_id: 't.id', name: 't.name', label_name: 't.name', supplier: 's.name',
      supplier_name: 's.name', label_manager: 't.label_manager_id', enabled: 't.enabled',
      is_available_for_pre_order: 't.is_available_for_pre_order', is_hype: 't.hype_active',
      hype_active: 't.hype_active', hype_eligible: 't.hype_eligible',
      multiple_contracts_active: '(select count(*) from contracts c where c.label_id = t.id and c.active) > 1',
      default_pre_order_weeks: 't.default_pre_order_weeks', add_date: 't.created_at',
    },
    sorts: { id: 't.id', name: 't.name', created_at: 't.created_at' },
    text: 't.name',
    supplierColumn: 't.supplier_id',
    labelColumn: 't.id',
  }),
  list(suppliers, {
    from: 'suppliers t left join contacts c on c.supplier_id = t.id and c.is_primary',
    select: `t.id, t.name, t.vendor_code, t.ddex_party_id, t.ingester_key_hint, t.ingester_key_created_at, t.auto_create_labels, t.pposp_enrolled,
      t.default_exclusive_period, t.enabled, c.email as primary_contact_email, c.username as primary_contact_username,
      t.created_at, t.version`,
    filters: {
      id: 't.id', supplier_id: 't.id', name: 't.name', supplier_name: 't.name',
      vendor_code: 't.vendor_code', primary_contact_email: 'c.email', primary_contact_username: 'c.username',
      pposp_enrollment_status: 't.pposp_enrolled', enabled: 't.enabled',
      add_date: 't.created_at',
    },
    sorts: { id: 't.id', name: 't.name', vendor_code: 't.vendor_code', default_exclusive_period: exclusiveSort('t.default_exclusive_period') },
    text: 't.name',
    supplierColumn: 't.id',
  }),
  list(playlists, {
    from: `playlists t left join genres g on g.id = t.genre_id left join reference_items pt on pt.list = 'playlist-types' and pt.id = t.playlist_type_id`,
    select: `t.id, t.name, ${ref('pt.id', 'pt.name')} as playlist_type, t.status, t.is_curated, t.curated_genre_id, t.is_public,
      ${ref('g.id', 'g.name')} as genre, t.created_at, (select count(*)::int from playlist_tracks x where x.playlist_id = t.id) as track_count, t.version`,
    filters: {
      id: 't.id', name: 't.name', title: 't.name', playlist_type_id: 't.playlist_type_id',
      playlist_status: 't.status', is_curated_playlist: 't.is_curated',
      curated_playlist_genre_id: 't.curated_genre_id', is_public: 't.is_public', genre_id: 't.genre_id',
      create_date: 't.created_at',
    },
    sorts: { id: 't.id', name: 't.name', created_at: 't.created_at' },
    text: 't.name',
    brand: 't.brand',
    sharedWithExternal: true,
  }),
  list(djProfiles, {
    baseWhere: 't.dj_name is not null',
    from: 'users t',
    select: `t.id, t.id as dj_id, t.dj_name, t.dj_slug, t.username, t.id as user_id, t.dj_profile_enabled as enabled, t.dj_is_indexed, t.version`,
    filters: {
      dj_id: 't.id', dj_name: 't.dj_name', dj_slug: 't.dj_slug', username: 't.username',
      user_id: 't.id', dj_is_indexed: 't.dj_is_indexed', enabled: 't.dj_profile_enabled',
    },
    sorts: { id: 't.id', dj_name: 't.dj_name', username: 't.username' },
    text: 't.dj_name',
    sharedWithExternal: true,
  }),
  list(linkPartners, {
    from: 'link_partners t',
    select: 't.id, t.name, t.url, t.enabled, t.version',
    filters: { id: 't.id', name: 't.name', enabled: 't.enabled' },
    sorts: { id: 't.id', name: 't.name' },
    text: 't.name',
  }),
  list(coupons, {
    from: `coupons t left join reference_items dt on dt.list = 'discount-types' and dt.id = t.discount_type_id`,
    select: `t.id, t.code, ${ref('dt.id', 'dt.name')} as discount_type, t.discount_amount, t.discount_percentage, t.max_usage,
      t.min_order, t.user_ids, t.enabled, t.start_date, t.end_date, t.created_at, t.version`,
    filters: {
      id: 't.id', code: 't.code', discount_type: 't.discount_type_id',
      discount_amount: 't.discount_amount', enabled: 't.enabled', start_date: 't.start_date',
      end_date: 't.end_date', date_created: 't.created_at',
    },
    sorts: { id: 't.id', code: 't.code', created_at: 't.created_at', start_date: 't.start_date' },
    text: 't.code',
    brand: 't.brand',
  }),
  list(orders, {
    from: 'orders t join users u on u.id = t.user_id',
    select: `t.id, ${ref('u.id', 'u.username')} as user, u.email, t.store, t.status as current_status, t.voided, t.purchaser_ip,
      t.currency, t.subtotal, t.tax, t.total, t.created_at, (select count(*)::int from order_items oi where oi.order_id = t.id) as item_count, t.version`,
    filters: {
      id: 't.id', user_id: 't.user_id', person_id: 't.user_id', username: 'u.username',
      email: 'u.email', purchaser_ip: 't.purchaser_ip', date: 't.created_at',
      current_status: 't.status', voided: 't.voided', store: 't.store',
      year: 't.created_at', month: 't.created_at',
      track_id: '(select min(oi.track_id) from order_items oi where oi.order_id = t.id)',
      release_id: '(select min(oi.release_id) from order_items oi where oi.order_id = t.id)',
    },
    sorts: { id: 't.id', created_at: 't.created_at', date: 't.created_at', total: 't.total' },
    brand: 't.brand',
  }),
  list(users, {
    countTable: 'users',
    from: 'users t left join countries c on c.id = t.country_id',
    select: `t.id, t.username, t.email, t.first_name, t.last_name, t.registered_at, t.last_login, t.register_ip,
      ${ref('c.id', 'c.name')} as country, t.dj_name, t.dj_slug, t.dj_profile_enabled, t.is_indexed, t.decline_transactions,
      t.bypass_fraud_checks, t.billing_disabled, t.enabled, t.version`,
    filters: {
      id: 't.id', user_id: 't.id', person_id: 't.id', username: 't.username', email: 't.email',
      first_name: 't.first_name', last_name: 't.last_name', register_ip_address: 't.register_ip',
      dj_name: 't.dj_name', is_indexed: 't.is_indexed', created_date: 't.registered_at',
      country_id: 't.country_id',
    },
    sorts: { id: 't.id', username: 't.username', registered_at: 't.registered_at', last_login: 't.last_login' },
    text: 't.username',
  }),
  list(hypeOffers, {
    from: 'hype_offers t join labels l on l.id = t.label_id',
    select: `t.id, t.name, ${ref('l.id', 'l.name')} as label, t.price, t.enabled, t.hype_active, t.start_date, t.end_date, t.version`,
    filters: {
      id: 't.id', name: 't.name', label_id: 't.label_id', label_name: 'l.name',
      enabled: 't.enabled', hype_active: 't.hype_active', start_date: 't.start_date', end_date: 't.end_date',
    },
    sorts: { id: 't.id', name: 't.name', start_date: 't.start_date' },
    text: 't.name',
    brand: 't.brand',
  }),
  list(hypePurchases, {
    from: 'hype_purchases t join users u on u.id = t.user_id join labels l on l.id = t.label_id',
    select: `t.id, ${ref('u.id', 'u.username')} as user, ${ref('l.id', 'l.name')} as label, t.offer_id, t.amount, t.voided, t.created_at, t.version`,
    filters: {
      id: 't.id', user_id: 't.user_id', username: 'u.username', label_id: 't.label_id',
      label_name: 'l.name', date: 't.created_at', voided: 't.voided',
      year: 't.created_at', month: 't.created_at',
    },
    sorts: { id: 't.id', created_at: 't.created_at', date: 't.created_at' },
    brand: 't.brand',
  }),
  list(deliveries, {
    countTable: 'deliveries',
    from: 'deliveries t join suppliers s on s.id = t.supplier_id left join genres g on g.id = t.genre_id',
    select: `t.id, t.release_id, t.title, t.artist, ${ref('t.label_id', 't.label_name')} as label, ${ref('g.id', 'g.name')} as genre,
      ${ref('s.id', 's.name')} as supplier, t.updated_at as updated, t.delivered_at as delivered, t.album_action as action,
      t.release_status, t.album_action, t.status_message, t.xml_file_path, t.ingested, t.version`,
    filters: {
      id: 't.id', release_id: 't.release_id', title: 't.title', artist: 't.artist',
      label: 't.label_name', supplier: 's.name', genre_id: 't.genre_id',
      release_status: 't.release_status', album_action: 't.album_action',
      status_message: 't.status_message', source_type_id: 't.source_type_id', date_range: 't.delivered_at',
    },
    sorts: { id: 't.id', delivered: 't.delivered_at', updated: 't.updated_at', title: 't.title' },
    text: 't.title',
    supplierColumn: 't.supplier_id',
    labelColumn: 't.label_id',
  }),
  list(pages, {
    from: `pages t left join reference_items pt on pt.list = 'page-types' and pt.id = t.page_type_id`,
    select: `t.id, t.name, t.slug, ${ref('pt.id', 'pt.name')} as page_type, t.show_primary_nav, t.start_date, t.end_date, t.description, t.enabled, t.version`,
    filters: {
      id: 't.id', page_id: 't.id', name: 't.name', slug: 't.slug', page_type_id: 't.page_type_id',
      enabled: 't.enabled', start_date: 't.start_date', end_date: 't.end_date',
    },
    sorts: { id: 't.id', name: 't.name', start_date: 't.start_date' },
    text: 't.name',
    brand: 't.brand',
  }),
  list(pageModules, {
    from: `page_modules t join pages p on p.id = t.page_id left join reference_items mt on mt.list = 'page-module-types' and mt.id = t.module_type_id`,
    select: `t.id, t.name, ${ref('p.id', 'p.name')} as page, ${ref('mt.id', 'mt.name')} as module_type, t.slot, t.enabled,
      t.start_date, t.end_date, t.external_url, t.available_worldwide, t.paginated, t.sponsored_item, t.guest_pick,
      (select count(*)::int from page_module_items i where i.module_id = t.id) as item_count, t.version`,
    filters: {
      id: 't.id', name: 't.name', page_id: 't.page_id', type_id: 't.module_type_id',
      enabled: 't.enabled', start_date: 't.start_date', end_date: 't.end_date',
    },
    sorts: { id: 't.id', name: 't.name', start_date: 't.start_date' },
    text: 't.name',
    brand: 'p.brand',
  }),
  list(liveStreams, {
    from: `live_streams t left join genres g on g.id = t.genre_id left join host_vendors hv on hv.id = t.host_vendor_id
      left join tracklist_vendors tv on tv.id = t.tracklist_vendor_id`,
    select: `t.id, t.name, t.enabled, t.is_auto_enabled, t.start_at, t.end_at, ${ref('g.id', 'g.name')} as genre,
      ${ref('hv.id', 'hv.name')} as host_vendor, ${ref('tv.id', 'tv.name')} as tracklist_vendor,
      (select coalesce(json_agg(json_build_object('id', st.id, 'name', st.name, 'number', st.number) order by st.number), '[]'::json)
        from live_stream_stages st where st.live_stream_id = t.id) as stages,
      (t.enabled or (t.is_auto_enabled and t.start_at <= now() and now() < t.end_at)) as visible, t.version`,
    filters: {
      id: 't.id', name: 't.name', enabled: 't.enabled', is_auto_enabled: 't.is_auto_enabled',
      genre_id: 't.genre_id', start_date: 't.start_at', end_date: 't.end_at',
    },
    sorts: { id: 't.id', name: 't.name', start_date: 't.start_at' },
    text: 't.name',
    brand: 't.brand',
  }),
  vendorList(hostVendors, 'host_vendors'),
  vendorList(tracklistVendors, 'tracklist_vendors'),
  list(muzookaArtists, {
    baseWhere: 't.muzooka_id is not null',
    from: 'artists t',
    select: 't.id, t.name, t.muzooka_id, t.muzooka_sync, t.version',
    filters: { id: 't.id', name: 't.name', muzooka_profile: 't.muzooka_id' },
    sorts: { id: 't.id', name: 't.name' },
    text: 't.name',
  }),
];

export const LIST_DEF_BY_KEY: ReadonlyMap<string, ListDef> = new Map(LIST_DEFS.map((d) => [d.key, d]));

/** Consistency with the declarations: every search type has SQL (each filter's and sort's is checked by the compiler). */
export function checkListDefs(): string[] {
  const problems: string[] = [];
  for (const t of SEARCH_TYPE_DECLS) {
    const d = LIST_DEF_BY_KEY.get(t.key);
    if (!d) {
      problems.push(`no list definition for ${t.key}`);
      continue;
    }
    for (const f of Object.keys(t.filters)) if (!d.filters[f]?.expr) problems.push(`${t.key}: filter ${f} has no SQL`);
  }
  return problems;
}
