/**
 * List definitions of every search type (shared/access SEARCH_TYPES): FROM, result
 * fields (nested references as {id, name}), the SQL behind each filter name of
 * spec §3, sortable fields, text search and ownership columns.
 */
import { SEARCH_TYPES, storeOptions } from '../../../shared/access';
import { exclusivePeriodSortKey } from '../../../shared/constants';
import type { FilterDef, ListDef } from './engine';

const ref = (id: string, name: string) => `case when ${id} is null then null else json_build_object('id', ${id}, 'name', ${name}) end`;
const text = (expr: string): FilterDef => ({ kind: 'text', expr });
const ids = (expr: string): FilterDef => ({ kind: 'ids', expr });
const int = (expr: string): FilterDef => ({ kind: 'int', expr });
const choice = (expr: string): FilterDef => ({ kind: 'choice', expr });
const date = (expr: string): FilterDef => ({ kind: 'date', expr });
const bool = (expr: string): FilterDef => ({ kind: 'bool', expr });
/** Year (current year down to 2004, spec §9) and month (1-12) of a date or timestamp: the engine makes date ranges. */
const year = (expr: string): FilterDef => ({ kind: 'int', expr, datePart: 'year' });
const month = (expr: string): FilterDef => ({ kind: 'int', expr, datePart: 'month' });
/** Store: only the options of the active brand (spec §6); any other value is a 400. */
const store = (expr: string): FilterDef => ({ kind: 'choice', expr, values: (p) => storeOptions(p.brand) });
/** Exclusive period in days, null (Lifetime) sorting as 250 (spec §9, exclusivePeriodSortKey). */
const exclusiveSort = (expr: string) => `coalesce(${expr}, ${exclusivePeriodSortKey(null)})`;

const trackArtists = `(select coalesce(json_agg(json_build_object('id', a.id, 'name', a.name) order by ta.position), '[]'::json)
  from track_artists ta join artists a on a.id = ta.artist_id where ta.track_id = t.id and ta.role = 'artist') as artists`;
const releaseArtists = `(select coalesce(json_agg(json_build_object('id', a.id, 'name', a.name) order by ra.position), '[]'::json)
  from release_artists ra join artists a on a.id = ra.artist_id where ra.release_id = t.id) as artists`;

export const LIST_DEFS: readonly ListDef[] = [
  {
    key: 'tracks',
    countTable: 'tracks',
    from: `tracks t left join releases r on r.id = t.release_id left join labels l on l.id = t.label_id
      left join suppliers s on s.id = t.supplier_id left join genres g on g.id = t.genre_id
      left join sub_genres sg on sg.id = t.sub_genre_id left join musical_keys k on k.id = t.key_id`,
    select: `t.id, t.title, t.mix_name, t.isrc, t.bpm, ${ref('k.id', 'k.name')} as key, ${ref('g.id', 'g.name')} as genre,
      ${ref('sg.id', 'sg.name')} as sub_genre, ${ref('r.id', 'r.title')} as release, ${ref('l.id', 'l.name')} as label,
      ${trackArtists}, t.guid, t.encode_status, t.release_date, t.publish_date, t.exclusive_date, t.is_hype,
      t.hype_eligible, t.is_dj_edit, t.is_ugc_remix, t.parent_track_id, t.is_available_for_streaming, t.enabled,
      t.hidden, t.copyright_holder, t.label_track_id, t.version`,
    filters: {
      id: ids('t.id'), track_id: ids('t.id'), name: text('t.title'), title: text('t.title'), mix_name: text('t.mix_name'),
      track_name: text('t.title'), release_id: ids('t.release_id'), release_title: text('r.title'),
      artist: text('t.artist_names'), artist_id: { kind: 'ids', expr: '(select ta.artist_id from track_artists ta where ta.track_id = t.id and ta.position = 1 and ta.role = \'artist\')' },
      label: text('l.name'), label_id: ids('t.label_id'), supplier: text('s.name'), bpm: int('t.bpm'),
      key_name: text('k.name'), isrc: choice('t.isrc'), guid: choice('t.guid::text'), genre_id: ids('t.genre_id'),
      sub_genre_id: ids('t.sub_genre_id'), encode_status: choice('t.encode_status'), encoded_date: date('t.encoded_at'),
      publish_date: date('t.publish_date'), release_date: date('t.release_date'), exclusive_date: date('t.exclusive_date'),
      add_date: date('t.created_at'), free_download_start_date: date('t.free_download_start_date'),
      free_download_end_date: date('t.free_download_end_date'), is_available_for_streaming: bool('t.is_available_for_streaming'),
      is_hype: bool('t.is_hype'), hype_eligible: bool('t.hype_eligible'), dj_edits: bool('t.is_dj_edit'),
      ugc_remixes: bool('t.is_ugc_remix'), label_manager: ids('l.label_manager_id'),
    },
    sorts: { id: 't.id', title: 't.title', release_date: 't.release_date', bpm: 't.bpm', publish_date: 't.publish_date', isrc: 't.isrc' },
    defaultSort: '-release_date',
    text: 't.title',
    supplierColumn: 't.supplier_id',
    labelColumn: 't.label_id',
  },
  {
    key: 'releases',
    countTable: 'releases',
    from: `releases t left join labels l on l.id = t.label_id left join suppliers s on s.id = t.supplier_id
      left join genres g on g.id = t.genre_id left join reference_items rt on rt.list = 'release-types' and rt.id = t.release_type_id`,
    select: `t.id, t.title, t.catalog_number, t.upc, t.global_release_id, ${ref('l.id', 'l.name')} as label,
      ${ref('g.id', 'g.name')} as genre, ${ref('rt.id', 'rt.name')} as release_type, ${releaseArtists}, t.street_date,
      t.release_date, t.new_release_date, t.pre_order_date, t.exclusive_date, t.exclusive_period, t.price_override,
      t.price_override_firm, t.is_available_for_pre_order, t.default_pre_order_weeks, t.is_explicit, t.hype_eligible,
      t.hype_enabled, t.encode_status, t.is_dj_edit, t.is_ugc_remix, t.is_available_for_streaming, t.version`,
    filters: {
      id: ids('t.id'), release_id: ids('t.id'), name: text('t.title'), title: text('t.title'), release_name: text('t.title'),
      catalog_number: text('t.catalog_number'), upc: choice('t.upc'),
      artist: text('(select string_agg(a.name, \' \') from release_artists ra join artists a on a.id = ra.artist_id where ra.release_id = t.id)'), artist_id: ids('(select ra.artist_id from release_artists ra where ra.release_id = t.id and ra.position = 1)'),
      label: text('l.name'), label_id: ids('t.label_id'), supplier: text('s.name'), release_type_id: ids('t.release_type_id'),
      genre_id: ids('t.genre_id'), encode_status: choice('t.encode_status'), release_date: date('t.release_date'),
      new_release_date: date('t.new_release_date'), pre_order_date: date('t.pre_order_date'),
      exclusive_date: date('t.exclusive_date'), add_date: date('t.created_at'), is_explicit: bool('t.is_explicit'),
      is_available_for_pre_order: bool('t.is_available_for_pre_order'),
      is_available_for_streaming: bool('t.is_available_for_streaming'), is_hype: bool('t.hype_enabled'),
      hype_eligible: bool('t.hype_eligible'), is_available_for_hype: bool('t.hype_eligible and l.hype_active'),
      exclusive: bool('t.exclusive_period is not null'), default_pre_order_weeks: int('t.default_pre_order_weeks'),
      dj_edits: bool('t.is_dj_edit'), ugc_remixes: bool('t.is_ugc_remix'), label_manager: ids('l.label_manager_id'),
    },
    sorts: {
      id: 't.id', title: 't.title', release_date: 't.release_date', catalog_number: 't.catalog_number',
      exclusive_period: exclusiveSort('t.exclusive_period'),
    },
    defaultSort: '-release_date',
    text: 't.title',
    supplierColumn: 't.supplier_id',
    labelColumn: 't.label_id',
  },
  {
    key: 'artists',
    countTable: 'artists',
    from: 'artists t',
    select: `t.id, t.name, t.bio, t.image_url, t.muzooka_sync, t.muzooka_id, t.user_id, t.created_at, t.version`,
    filters: {
      id: ids('t.id'), artist_id: ids('t.id'), name: text('t.name'), artist_name: text('t.name'),
      muzooka_profile: text('t.muzooka_id'), add_date: date('t.created_at'),
    },
    sorts: { id: 't.id', name: 't.name', created_at: 't.created_at' },
    defaultSort: 'name',
    text: 't.name',
    sharedWithExternal: true,
  },
  {
    key: 'genres',
    from: 'genres t',
    select: `t.id, t.name, t.slug, t.enabled, (select coalesce(json_agg(json_build_object('id', sg.id, 'name', sg.name) order by sg.id), '[]'::json) from sub_genres sg where sg.genre_id = t.id) as sub_genres, t.version`,
    filters: { id: ids('t.id'), genre_id: ids('t.id'), name: text('t.name'), enabled: bool('t.enabled') },
    sorts: { id: 't.id', name: 't.name' },
    defaultSort: 'name',
    text: 't.name',
    sharedWithExternal: true,
  },
  {
    key: 'charts',
    from: 'charts t left join genres g on g.id = t.genre_id',
    select: `t.id, t.title, t.description, t.dj_name, ${ref('g.id', 'g.name')} as genre, t.partner_exclusive, t.playlist_id, t.enabled, t.publish_date, t.created_at, t.version`,
    filters: {
      id: ids('t.id'), name: text('t.title'), title: text('t.title'), genre_id: ids('t.genre_id'), dj_name: text('t.dj_name'),
      enabled: bool('t.enabled'), publish_date: date('t.publish_date'), date_created: date('t.created_at'),
    },
    sorts: { id: 't.id', title: 't.title', publish_date: 't.publish_date' },
    defaultSort: '-publish_date',
    text: 't.title',
    brand: 't.brand',
  },
  {
    key: 'labels',
    countTable: 'labels',
    from: 'labels t left join suppliers s on s.id = t.supplier_id left join label_managers lm on lm.id = t.label_manager_id',
    select: `t.id, t.name, ${ref('s.id', 's.name')} as supplier, ${ref('lm.id', 'lm.name')} as label_manager, t.bio, t.image_url,
      t.hype_trial_start, t.hype_trial_end, t.is_available_for_pre_order, t.default_pre_order_weeks, t.hype_eligible,
      t.hype_active, t.enabled, t.claimed, t.created_at, t.version`,
    filters: {
      id: ids('t.id'), label_id: ids('t.id'), name: text('t.name'), label_name: text('t.name'), supplier: text('s.name'),
      supplier_name: text('s.name'), label_manager: ids('t.label_manager_id'), enabled: bool('t.enabled'),
      is_available_for_pre_order: bool('t.is_available_for_pre_order'), is_hype: bool('t.hype_active'),
      hype_active: bool('t.hype_active'), hype_eligible: bool('t.hype_eligible'),
      multiple_contracts_active: bool('(select count(*) from contracts c where c.label_id = t.id and c.active) > 1'),
      default_pre_order_weeks: int('t.default_pre_order_weeks'), add_date: date('t.created_at'),
    },
    sorts: { id: 't.id', name: 't.name', created_at: 't.created_at' },
    defaultSort: 'name',
    text: 't.name',
    supplierColumn: 't.supplier_id',
    labelColumn: 't.id',
  },
  {
    key: 'suppliers',
    from: 'suppliers t left join contacts c on c.supplier_id = t.id and c.is_primary',
    select: `t.id, t.name, t.vendor_code, t.ddex_party_id, t.ingester_key, t.auto_create_labels, t.pposp_enrolled,
      t.default_exclusive_period, t.enabled, c.email as primary_contact_email, c.username as primary_contact_username,
      t.created_at, t.version`,
    filters: {
      id: ids('t.id'), supplier_id: ids('t.id'), name: text('t.name'), supplier_name: text('t.name'),
      vendor_code: text('t.vendor_code'), primary_contact_email: text('c.email'), primary_contact_username: text('c.username'),
      pposp_enrollment_status: { kind: 'bool01', expr: 't.pposp_enrolled' }, enabled: bool('t.enabled'),
      add_date: date('t.created_at'),
    },
    sorts: { id: 't.id', name: 't.name', vendor_code: 't.vendor_code', default_exclusive_period: exclusiveSort('t.default_exclusive_period') },
    defaultSort: 'name',
    text: 't.name',
    supplierColumn: 't.id',
  },
  {
    key: 'playlists',
    from: `playlists t left join genres g on g.id = t.genre_id left join reference_items pt on pt.list = 'playlist-types' and pt.id = t.playlist_type_id`,
    select: `t.id, t.name, ${ref('pt.id', 'pt.name')} as playlist_type, t.status, t.is_curated, t.curated_genre_id, t.is_public,
      ${ref('g.id', 'g.name')} as genre, t.created_at, (select count(*)::int from playlist_tracks x where x.playlist_id = t.id) as track_count, t.version`,
    filters: {
      id: ids('t.id'), name: text('t.name'), title: text('t.name'), playlist_type_id: ids('t.playlist_type_id'),
      playlist_status: choice('t.status'), is_curated_playlist: bool('t.is_curated'),
      curated_playlist_genre_id: ids('t.curated_genre_id'), is_public: bool('t.is_public'), genre_id: ids('t.genre_id'),
      create_date: date('t.created_at'),
    },
    sorts: { id: 't.id', name: 't.name', created_at: 't.created_at' },
    defaultSort: '-created_at',
    text: 't.name',
    brand: 't.brand',
    sharedWithExternal: true,
  },
  {
    key: 'dj_profiles',
    baseWhere: 't.dj_name is not null',
    from: 'users t',
    select: `t.id, t.id as dj_id, t.dj_name, t.dj_slug, t.username, t.id as user_id, t.dj_profile_enabled as enabled, t.dj_is_indexed, t.version`,
    filters: {
      dj_id: ids('t.id'), dj_name: text('t.dj_name'), dj_slug: text('t.dj_slug'), username: text('t.username'),
      user_id: ids('t.id'), dj_is_indexed: bool('t.dj_is_indexed'), enabled: bool('t.dj_profile_enabled'),
    },
    sorts: { id: 't.id', dj_name: 't.dj_name', username: 't.username' },
    defaultSort: 'dj_name',
    text: 't.dj_name',
    sharedWithExternal: true,
  },
  {
    key: 'link_partners',
    from: 'link_partners t',
    select: 't.id, t.name, t.url, t.enabled, t.version',
    filters: { id: ids('t.id'), name: text('t.name'), enabled: bool('t.enabled') },
    sorts: { id: 't.id', name: 't.name' },
    defaultSort: 'name',
    text: 't.name',
  },
  {
    key: 'coupons',
    from: `coupons t left join reference_items dt on dt.list = 'discount-types' and dt.id = t.discount_type_id`,
    select: `t.id, t.code, ${ref('dt.id', 'dt.name')} as discount_type, t.discount_amount, t.discount_percentage, t.max_usage,
      t.min_order, t.user_ids, t.enabled, t.start_date, t.end_date, t.created_at, t.version`,
    filters: {
      id: ids('t.id'), code: text('t.code'), discount_type: ids('t.discount_type_id'),
      discount_amount: int('t.discount_amount'), enabled: bool('t.enabled'), start_date: date('t.start_date'),
      end_date: date('t.end_date'), date_created: date('t.created_at'),
    },
    sorts: { id: 't.id', code: 't.code', created_at: 't.created_at', start_date: 't.start_date' },
    defaultSort: '-created_at',
    text: 't.code',
    brand: 't.brand',
  },
  {
    key: 'orders',
    from: 'orders t join users u on u.id = t.user_id',
    select: `t.id, ${ref('u.id', 'u.username')} as user, u.email, t.store, t.status as current_status, t.voided, t.purchaser_ip,
      t.currency, t.subtotal, t.tax, t.total, t.created_at, (select count(*)::int from order_items oi where oi.order_id = t.id) as item_count, t.version`,
    filters: {
      id: ids('t.id'), user_id: ids('t.user_id'), person_id: ids('t.user_id'), username: text('u.username'),
      email: text('u.email'), purchaser_ip: text('t.purchaser_ip'), date: date('t.created_at'),
      current_status: choice('t.status'), voided: bool('t.voided'), store: store('t.store'),
      year: year('t.created_at'), month: month('t.created_at'),
      track_id: ids('(select min(oi.track_id) from order_items oi where oi.order_id = t.id)'),
      release_id: ids('(select min(oi.release_id) from order_items oi where oi.order_id = t.id)'),
    },
    sorts: { id: 't.id', created_at: 't.created_at', date: 't.created_at', total: 't.total' },
    defaultSort: '-created_at',
    brand: 't.brand',
  },
  {
    key: 'users',
    countTable: 'users',
    from: 'users t left join countries c on c.id = t.country_id',
    select: `t.id, t.username, t.email, t.first_name, t.last_name, t.registered_at, t.last_login, t.register_ip,
      ${ref('c.id', 'c.name')} as country, t.dj_name, t.dj_slug, t.dj_profile_enabled, t.is_indexed, t.decline_transactions,
      t.bypass_fraud_checks, t.billing_disabled, t.enabled, t.version`,
    filters: {
      id: ids('t.id'), user_id: ids('t.id'), person_id: ids('t.id'), username: text('t.username'), email: text('t.email'),
      first_name: text('t.first_name'), last_name: text('t.last_name'), register_ip_address: text('t.register_ip'),
      dj_name: text('t.dj_name'), is_indexed: bool('t.is_indexed'), created_date: date('t.registered_at'),
      country_id: ids('t.country_id'),
    },
    sorts: { id: 't.id', username: 't.username', registered_at: 't.registered_at', last_login: 't.last_login' },
    defaultSort: '-registered_at',
    text: 't.username',
  },
  {
    key: 'hype_offers',
    from: 'hype_offers t join labels l on l.id = t.label_id',
    select: `t.id, t.name, ${ref('l.id', 'l.name')} as label, t.price, t.enabled, t.hype_active, t.start_date, t.end_date, t.version`,
    filters: {
      id: ids('t.id'), name: text('t.name'), label_id: ids('t.label_id'), label_name: text('l.name'),
      enabled: bool('t.enabled'), hype_active: bool('t.hype_active'), start_date: date('t.start_date'), end_date: date('t.end_date'),
    },
    sorts: { id: 't.id', name: 't.name', start_date: 't.start_date' },
    defaultSort: 'name',
    text: 't.name',
    brand: 't.brand',
  },
  {
    key: 'hype_purchases',
    from: 'hype_purchases t join users u on u.id = t.user_id join labels l on l.id = t.label_id',
    select: `t.id, ${ref('u.id', 'u.username')} as user, ${ref('l.id', 'l.name')} as label, t.offer_id, t.amount, t.voided, t.created_at, t.version`,
    filters: {
      id: ids('t.id'), user_id: ids('t.user_id'), username: text('u.username'), label_id: ids('t.label_id'),
      label_name: text('l.name'), date: date('t.created_at'), voided: bool('t.voided'),
      year: year('t.created_at'), month: month('t.created_at'),
    },
    sorts: { id: 't.id', created_at: 't.created_at', date: 't.created_at' },
    defaultSort: '-created_at',
    brand: 't.brand',
  },
  {
    key: 'deliveries',
    countTable: 'deliveries',
    from: 'deliveries t join suppliers s on s.id = t.supplier_id left join genres g on g.id = t.genre_id',
    select: `t.id, t.release_id, t.title, t.artist, ${ref('t.label_id', 't.label_name')} as label, ${ref('g.id', 'g.name')} as genre,
      ${ref('s.id', 's.name')} as supplier, t.updated_at as updated, t.delivered_at as delivered, t.album_action as action,
      t.release_status, t.album_action, t.status_message, t.xml_file_path, t.ingested, t.version`,
    filters: {
      id: ids('t.id'), release_id: ids('t.release_id'), title: text('t.title'), artist: text('t.artist'),
      label: text('t.label_name'), supplier: text('s.name'), genre_id: ids('t.genre_id'),
      release_status: choice('t.release_status'), album_action: choice('t.album_action'),
      status_message: text('t.status_message'), source_type_id: ids('t.source_type_id'), date_range: date('t.delivered_at'),
    },
    sorts: { id: 't.id', delivered: 't.delivered_at', updated: 't.updated_at', title: 't.title' },
    defaultSort: '-delivered',
    text: 't.title',
    supplierColumn: 't.supplier_id',
    labelColumn: 't.label_id',
  },
  {
    key: 'pages',
    from: `pages t left join reference_items pt on pt.list = 'page-types' and pt.id = t.page_type_id`,
    select: `t.id, t.name, t.slug, ${ref('pt.id', 'pt.name')} as page_type, t.show_primary_nav, t.start_date, t.end_date, t.description, t.enabled, t.version`,
    filters: {
      id: ids('t.id'), page_id: ids('t.id'), name: text('t.name'), slug: text('t.slug'), page_type_id: ids('t.page_type_id'),
      enabled: bool('t.enabled'), start_date: date('t.start_date'), end_date: date('t.end_date'),
    },
    sorts: { id: 't.id', name: 't.name', start_date: 't.start_date' },
    defaultSort: 'name',
    text: 't.name',
    brand: 't.brand',
  },
  {
    key: 'page_modules',
    from: `page_modules t join pages p on p.id = t.page_id left join reference_items mt on mt.list = 'page-module-types' and mt.id = t.module_type_id`,
    select: `t.id, t.name, ${ref('p.id', 'p.name')} as page, ${ref('mt.id', 'mt.name')} as module_type, t.slot, t.enabled,
      t.start_date, t.end_date, t.external_url, t.available_worldwide, t.paginated,
      (select count(*)::int from page_module_items i where i.module_id = t.id) as item_count, t.version`,
    filters: {
      id: ids('t.id'), name: text('t.name'), page_id: ids('t.page_id'), type_id: ids('t.module_type_id'),
      enabled: bool('t.enabled'), start_date: date('t.start_date'), end_date: date('t.end_date'),
    },
    sorts: { id: 't.id', name: 't.name', start_date: 't.start_date' },
    defaultSort: 'name',
    text: 't.name',
    brand: 'p.brand',
  },
  {
    key: 'live_streams',
    from: `live_streams t left join genres g on g.id = t.genre_id left join host_vendors hv on hv.id = t.host_vendor_id
      left join tracklist_vendors tv on tv.id = t.tracklist_vendor_id`,
    select: `t.id, t.name, t.enabled, t.is_auto_enabled, t.start_at, t.end_at, ${ref('g.id', 'g.name')} as genre,
      ${ref('hv.id', 'hv.name')} as host_vendor, ${ref('tv.id', 'tv.name')} as tracklist_vendor,
      (select coalesce(json_agg(json_build_object('id', st.id, 'name', st.name, 'number', st.number) order by st.number), '[]'::json)
        from live_stream_stages st where st.live_stream_id = t.id) as stages,
      (t.enabled or (t.is_auto_enabled and t.start_at is not null and t.end_at is not null and t.start_at < t.end_at)) as visible, t.version`,
    filters: {
      id: ids('t.id'), name: text('t.name'), enabled: bool('t.enabled'), is_auto_enabled: bool('t.is_auto_enabled'),
      genre_id: ids('t.genre_id'), start_date: date('t.start_at'), end_date: date('t.end_at'),
    },
    sorts: { id: 't.id', name: 't.name', start_date: 't.start_at' },
    defaultSort: '-start_date',
    text: 't.name',
    brand: 't.brand',
  },
  {
    key: 'host_vendors',
    from: 'host_vendors t',
    select: 't.id, t.name, t.enabled, t.version',
    filters: { id: ids('t.id'), name: text('t.name'), enabled: bool('t.enabled') },
    sorts: { id: 't.id', name: 't.name' },
    defaultSort: 'name',
    text: 't.name',
  },
  {
    key: 'tracklist_vendors',
    from: 'tracklist_vendors t',
    select: 't.id, t.name, t.enabled, t.version',
    filters: { id: ids('t.id'), name: text('t.name'), enabled: bool('t.enabled') },
    sorts: { id: 't.id', name: 't.name' },
    defaultSort: 'name',
    text: 't.name',
  },
  {
    key: 'muzooka_artists',
    baseWhere: 't.muzooka_id is not null',
    from: 'artists t',
    select: 't.id, t.name, t.muzooka_id, t.muzooka_sync, t.version',
    filters: { id: ids('t.id'), name: text('t.name'), muzooka_profile: text('t.muzooka_id') },
    sorts: { id: 't.id', name: 't.name' },
    defaultSort: 'name',
    text: 't.name',
  },
];

export const LIST_DEF_BY_KEY: ReadonlyMap<string, ListDef> = new Map(LIST_DEFS.map((d) => [d.key, d]));

/** Consistency with the shared table: every search type has a definition and every filter an SQL expression. */
export function checkListDefs(): string[] {
  const problems: string[] = [];
  for (const t of SEARCH_TYPES) {
    const d = LIST_DEF_BY_KEY.get(t.key);
    if (!d) {
      problems.push(`no list definition for ${t.key}`);
      continue;
    }
    for (const f of t.filters) if (!d.filters[f]) problems.push(`${t.key}: filter ${f} has no SQL`);
    for (const f of Object.keys(d.filters)) if (!t.filters.includes(f)) problems.push(`${t.key}: filter ${f} not in shared table`);
  }
  return problems;
}
