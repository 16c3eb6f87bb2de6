/**
 * The SQL of every search type (declared once in shared/search/types): FROM, the row as a
 * map of field → SQL expression (nested references as {id, name}), the SQL expression
 * behind each declared filter and sort, the text `q` searches, and ownership columns.
 * `list()` is typed from the declarations: a declared filter or sort without its SQL, SQL
 * for an undeclared one, or a record field (shared/records) that is not a column of its own
 * name and has no SQL in the row, does not compile. A record field that is such a column
 * (label.bio is labels.bio) needs nothing here: its row entry, filter and sort of the same
 * name read `t.<field>` unless the map says otherwise (docs/recipes.md "A field").
 */
import { exclusivePeriodSortKey } from '../../../shared/constants';
import { LOSSLESS_FORMATS } from '../../../shared/vocabularies';
import { recordDecl, type RECORDS, type RecordKey } from '../../../shared/records/registry';
import type { FieldDecl } from '../../../shared/records/define';
import type { FilterNameOf, SearchTypeDecl, SortKeyOf } from '../../../shared/search/define';
import {
  SEARCH_TYPE_DECLS,
  artists,
  charts,
  coupons,
  deliveries,
  djProfiles,
  genres,
  hostVendors,
  hypeOffers,
  hypePurchases,
  labels,
  linkPartners,
  liveStreams,
  muzookaArtists,
  orders,
  pageModules,
  pages,
  playlists,
  releases,
  suppliers,
  tracklistVendors,
  tracks,
  users,
} from '../../../shared/search/types';
import type { FilterDef, ListDef } from './engine';

type RecordOf<K> = K extends RecordKey ? (typeof RECORDS)[K] : never;
type FieldsOf<K> = RecordOf<K> extends { fields: infer F } ? F : never;
/** A field that is not the column of its name: shown under another name (label_id → label) or several references. */
type Derived = { readonly shownAs: string } | { readonly kind: 'references' };
/** The GET object's key of each derived field of a record type. */
type DerivedKeys<F> = {
  [K in keyof F]: F[K] extends Derived ? (F[K] extends { shownAs: infer S extends string } ? S : K) : never;
}[keyof F];
/** The record fields that are columns of their own name (read as `t.<field>` unless the row says otherwise). */
export type PlainKeys<K> = { [P in keyof FieldsOf<K>]: FieldsOf<K>[P] extends Derived ? never : P }[keyof FieldsOf<K>] & string;
type ShownKeys<K> = RecordOf<K> extends { shown: infer S } ? keyof S : never;

/**
 * The row of a search type as field → SQL expression. Every type's holds `id` and `version`
 * (GET by id answers them with the ETag); a record type's also holds its derived fields and
 * the read-only ones it shows (`shown`); its plain fields may be left out.
 */
export type RowSql<K> = {
  readonly [P in ((RecordOf<K> extends never ? never : DerivedKeys<FieldsOf<K>> | ShownKeys<K>) | 'id' | 'version') & string]: string;
} & { readonly [P in PlainKeys<K>]?: string } & { readonly [field: string]: string };

/** What the server adds to a declaration: SQL, and which rows each user sees. */
export type ListSql<D extends SearchTypeDecl> = Omit<ListDef, 'key' | 'select' | 'row' | 'filters' | 'sorts' | 'defaultSort' | 'text'> & {
  /** The row: each field's SQL expression over `from`. */
  row: RowSql<D['key']>;
  /** SQL expression of each declared filter (over `from`); for year/month, the date. A plain record field's may be left out. */
  filters: { readonly [F in Exclude<FilterNameOf<D>, PlainKeys<D['key']>>]: string } & {
    readonly [F in Extract<FilterNameOf<D>, PlainKeys<D['key']>>]?: string;
  };
  /** SQL expression of each order_by key (sortable columns and extra sorts). A plain record field's may be left out. */
  sorts: { readonly [S in Exclude<SortKeyOf<D>, PlainKeys<D['key']>>]: string } & {
    readonly [S in Extract<SortKeyOf<D>, PlainKeys<D['key']>>]?: string;
  };
} & (D['textSearch'] extends true ? { text: string } : { text?: never });

/** A field read straight from the column of its name. */
const isPlain = (f: FieldDecl): boolean => !f.shownAs && f.kind !== 'references';

export function list<const D extends SearchTypeDecl>(decl: D, def: ListSql<D>): ListDef {
  const plain = Object.entries(recordDecl(decl.key)?.fields ?? {})
    .filter(([, f]) => isPlain(f))
    .map(([k]) => k);
  const own = (given: Readonly<Record<string, string>>, names: readonly string[]): Record<string, string> => {
    const out: Record<string, string> = { ...given };
    for (const k of names) out[k] ??= `t.${k}`;
    return out;
  };
  const row = own(def.row, plain);
  const filterSql = own(
    def.filters as Readonly<Record<string, string>>,
    plain.filter((k) => k in decl.filters),
  );
  const sorts = own(
    def.sorts as Readonly<Record<string, string>>,
    plain.filter(
      (k) => (decl.columns[k] as { sortable?: boolean } | undefined)?.sortable || ((decl.sorts ?? []) as readonly string[]).includes(k),
    ),
  );
  const filters: Record<string, FilterDef> = {};
  for (const [name, f] of Object.entries(decl.filters)) {
    const { options, onlyOffered, datePart } = f;
    filters[name] = {
      kind: f.kind,
      expr: filterSql[name],
      ...(datePart ? { datePart } : {}),
      // Options that depend on the brand are checked against the caller's brand (spec §6).
      ...(onlyOffered && options
        ? { values: (p) => (typeof options === 'function' ? options({ brand: p.brand, now: new Date() }) : options).map((o) => o.value) }
        : {}),
    };
  }
  const select = Object.entries(row)
    .map(([k, e]) => (e === `t.${k}` ? e : `${e} as ${k}`))
    .join(', ');
  return { ...def, key: decl.key, row, select, filters, sorts, defaultSort: decl.defaultSort };
}

/** A vendor list of live streams (id, name, enabled) over its own table. */
const vendorList = (decl: typeof hostVendors | typeof tracklistVendors, table: string) =>
  list(decl, {
    from: `${table} t`,
    row: {
      id: 't.id',
      name: 't.name',
      enabled: 't.enabled',
      version: 't.version',
    },
    filters: { id: 't.id', name: 't.name', enabled: 't.enabled' },
    sorts: { id: 't.id', name: 't.name' },
    text: 't.name',
  });

const ref = (id: string, name: string) => `case when ${id} is null then null else json_build_object('id', ${id}, 'name', ${name}) end`;
/** Exclusive period in days, null (Lifetime) sorting as 250 (spec §9, exclusivePeriodSortKey). */
const exclusiveSort = (expr: string) => `coalesce(${expr}, ${exclusivePeriodSortKey(null)})`;

const trackArtists = `(select coalesce(json_agg(json_build_object('id', a.id, 'name', a.name) order by ta.position), '[]'::json)
  from track_artists ta join artists a on a.id = ta.artist_id where ta.track_id = t.id and ta.role = 'artist')`;
const trackRemixers = `(select coalesce(json_agg(json_build_object('id', a.id, 'name', a.name) order by ta.position), '[]'::json)
  from track_artists ta join artists a on a.id = ta.artist_id where ta.track_id = t.id and ta.role = 'remixer')`;
const releaseArtists = `(select coalesce(json_agg(json_build_object('id', a.id, 'name', a.name) order by ra.position), '[]'::json)
  from release_artists ra join artists a on a.id = ra.artist_id where ra.release_id = t.id)`;

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
    row: {
      id: 't.id',
      title: 't.title',
      mix_name: 't.mix_name',
      isrc: 't.isrc',
      bpm: 't.bpm',
      key: ref('k.id', 'k.name'),
      genre: ref('g.id', 'g.name'),
      sub_genre: ref('sg.id', 'sg.name'),
      release: ref('r.id', 'r.title'),
      label: ref('l.id', 'l.name'),
      artists: trackArtists,
      remixers: trackRemixers,
      guid: 't.guid',
      encode_status: 't.encode_status',
      release_date: 't.release_date',
      publish_date: 't.publish_date',
      exclusive_date: 't.exclusive_date',
      is_hype: 't.is_hype',
      hype_eligible: 't.hype_eligible',
      is_dj_edit: 't.is_dj_edit',
      is_ugc_remix: 't.is_ugc_remix',
      parent_track_id: 't.parent_track_id',
      is_available_for_streaming: 't.is_available_for_streaming',
      enabled: 't.enabled',
      hidden: 't.hidden',
      copyright_holder: 't.copyright_holder',
      label_track_id: 't.label_track_id',
      position: 't.position',
      price_tier: 't.price_tier',
      created_at: 't.created_at',
      version: 't.version',
    },
    filters: {
      id: 't.id',
      track_id: 't.id',
      name: 't.title',
      title: 't.title',
      mix_name: 't.mix_name',
      track_name: 't.title',
      release_id: 't.release_id',
      release_title: 'r.title',
      artist: 't.artist_names',
      artist_id: "(select ta.artist_id from track_artists ta where ta.track_id = t.id and ta.position = 1 and ta.role = 'artist')",
      label: 'l.name',
      label_id: 't.label_id',
      supplier: 's.name',
      bpm: 't.bpm',
      key_name: 'k.name',
      isrc: 't.isrc',
      guid: 't.guid::text',
      genre_id: 't.genre_id',
      sub_genre_id: 't.sub_genre_id',
      encode_status: 't.encode_status',
      encoded_date: 't.encoded_at',
      publish_date: 't.publish_date',
      release_date: 't.release_date',
      exclusive_date: 't.exclusive_date',
      add_date: 't.created_at',
      free_download_start_date: 't.free_download_start_date',
      free_download_end_date: 't.free_download_end_date',
      is_available_for_streaming: 't.is_available_for_streaming',
      is_hype: 't.is_hype',
      hype_eligible: 't.hype_eligible',
      dj_edits: 't.is_dj_edit',
      ugc_remixes: 't.is_ugc_remix',
      label_manager: 'l.label_manager_id',
    },
    sorts: { id: 't.id', title: 't.title', release_date: 't.release_date', bpm: 't.bpm', publish_date: 't.publish_date', isrc: 't.isrc' },
    text: 't.title',
    supplierColumn: 't.supplier_id',
    labelColumn: 't.label_id',
    // artist_names is kept by triggers (migration 0013) as the artists' names, ", " between, in order.
    exportFields: {
      id: 't.id',
      title: 't.title',
      artists: 't.artist_names',
      mix_name: 't.mix_name',
      release: 'r.title',
      label: 'l.name',
      genre: 'g.name',
      bpm: 't.bpm',
      key: 'k.name',
      isrc: 't.isrc',
      encode_status: 't.encode_status',
      release_date: 't.release_date',
      publish_date: 't.publish_date',
      guid: 't.guid',
    },
  }),
  list(releases, {
    countTable: 'releases',
    from: `releases t left join labels l on l.id = t.label_id left join suppliers s on s.id = t.supplier_id
      left join genres g on g.id = t.genre_id left join reference_items rt on rt.list = 'release-types' and rt.id = t.release_type_id`,
    row: {
      id: 't.id',
      title: 't.title',
      catalog_number: 't.catalog_number',
      upc: 't.upc',
      global_release_id: 't.global_release_id',
      label: ref('l.id', 'l.name'),
      genre: ref('g.id', 'g.name'),
      release_type: ref('rt.id', 'rt.name'),
      artists: releaseArtists,
      street_date: 't.street_date',
      release_date: 't.release_date',
      new_release_date: 't.new_release_date',
      pre_order_date: 't.pre_order_date',
      exclusive_date: 't.exclusive_date',
      exclusive_period: 't.exclusive_period',
      price_override: 't.price_override',
      price_override_firm: 't.price_override_firm',
      is_available_for_pre_order: 't.is_available_for_pre_order',
      default_pre_order_weeks: 't.default_pre_order_weeks',
      is_explicit: 't.is_explicit',
      hype_eligible: 't.hype_eligible',
      hype_enabled: 't.hype_enabled',
      encode_status: 't.encode_status',
      is_dj_edit: 't.is_dj_edit',
      is_ugc_remix: 't.is_ugc_remix',
      is_available_for_streaming: 't.is_available_for_streaming',
      supplier: ref('s.id', 's.name'),
      price_tier: 't.price_tier',
      created_at: 't.created_at',
      version: 't.version',
    },
    filters: {
      id: 't.id',
      release_id: 't.id',
      name: 't.title',
      title: 't.title',
      release_name: 't.title',
      catalog_number: 't.catalog_number',
      upc: 't.upc',
      artist: "(select string_agg(a.name, ' ') from release_artists ra join artists a on a.id = ra.artist_id where ra.release_id = t.id)",
      artist_id: '(select ra.artist_id from release_artists ra where ra.release_id = t.id and ra.position = 1)',
      label: 'l.name',
      label_id: 't.label_id',
      supplier: 's.name',
      release_type_id: 't.release_type_id',
      genre_id: 't.genre_id',
      encode_status: 't.encode_status',
      release_date: 't.release_date',
      new_release_date: 't.new_release_date',
      pre_order_date: 't.pre_order_date',
      exclusive_date: 't.exclusive_date',
      add_date: 't.created_at',
      is_explicit: 't.is_explicit',
      is_available_for_pre_order: 't.is_available_for_pre_order',
      is_available_for_streaming: 't.is_available_for_streaming',
      is_hype: 't.hype_enabled',
      hype_eligible: 't.hype_eligible',
      is_available_for_hype: 't.hype_eligible and l.hype_active',
      exclusive: 't.exclusive_period is not null',
      default_pre_order_weeks: 't.default_pre_order_weeks',
      dj_edits: 't.is_dj_edit',
      ugc_remixes: 't.is_ugc_remix',
      label_manager: 'l.label_manager_id',
      has_source_audio: RELEASE_HAS_SOURCE_AUDIO,
    },
    sorts: {
      id: 't.id',
      title: 't.title',
      release_date: 't.release_date',
      catalog_number: 't.catalog_number',
      exclusive_period: exclusiveSort('t.exclusive_period'),
    },
    text: 't.title',
    supplierColumn: 't.supplier_id',
    labelColumn: 't.label_id',
  }),
  list(artists, {
    countTable: 'artists',
    from: 'artists t',
    row: {
      id: 't.id',
      name: 't.name',
      bio: 't.bio',
      image_url: 't.image_url',
      muzooka_sync: 't.muzooka_sync',
      muzooka_id: 't.muzooka_id',
      user_id: 't.user_id',
      user: `(select ${ref('u.id', 'u.username')} from users u where u.id = t.user_id)`,
      created_at: 't.created_at',
      version: 't.version',
    },
    filters: {
      id: 't.id',
      artist_id: 't.id',
      name: 't.name',
      artist_name: 't.name',
      muzooka_profile: 't.muzooka_id',
      add_date: 't.created_at',
    },
    sorts: { id: 't.id', name: 't.name', created_at: 't.created_at' },
    text: 't.name',
    sharedWithExternal: true,
  }),
  list(genres, {
    from: 'genres t',
    row: {
      id: 't.id',
      name: 't.name',
      slug: 't.slug',
      enabled: 't.enabled',
      sub_genres: `(select coalesce(json_agg(json_build_object('id', sg.id, 'name', sg.name) order by sg.id), '[]'::json) from sub_genres sg where sg.genre_id = t.id)`,
      version: 't.version',
    },
    filters: { id: 't.id', genre_id: 't.id', name: 't.name', enabled: 't.enabled' },
    sorts: { id: 't.id', name: 't.name' },
    text: 't.name',
    sharedWithExternal: true,
  }),
  list(charts, {
    from: 'charts t left join genres g on g.id = t.genre_id',
    row: {
      id: 't.id',
      title: 't.title',
      description: 't.description',
      image_url: 't.image_url',
      dj_name: 't.dj_name',
      genre: ref('g.id', 'g.name'),
      partner_exclusive: 't.partner_exclusive',
      playlist_id: 't.playlist_id',
      enabled: 't.enabled',
      publish_date: 't.publish_date',
      created_at: 't.created_at',
      version: 't.version',
    },
    filters: {
      id: 't.id',
      name: 't.title',
      title: 't.title',
      genre_id: 't.genre_id',
      dj_name: 't.dj_name',
      enabled: 't.enabled',
      publish_date: 't.publish_date',
      date_created: 't.created_at',
    },
    sorts: { id: 't.id', title: 't.title', publish_date: 't.publish_date' },
    text: 't.title',
    brand: 't.brand',
  }),
  // The worked example of docs/recipes.md "A field": the label's plain fields (name, bio, the
  // pre-order and hype ones, enabled) are read as t.<field> in the row, filters and sorts.
  list(labels, {
    countTable: 'labels',
    from: 'labels t left join suppliers s on s.id = t.supplier_id left join label_managers lm on lm.id = t.label_manager_id',
    row: {
      id: 't.id',
      supplier: ref('s.id', 's.name'),
      label_manager: ref('lm.id', 'lm.name'),
      image_url: 't.image_url',
      claimed: 't.claimed',
      created_at: 't.created_at',
      version: 't.version',
    },
    filters: {
      id: 't.id',
      label_id: 't.id',
      label_name: 't.name',
      supplier: 's.name',
      supplier_name: 's.name',
      label_manager: 't.label_manager_id',
      is_hype: 't.hype_active',
      multiple_contracts_active: '(select count(*) from contracts c where c.label_id = t.id and c.active) > 1',
      add_date: 't.created_at',
    },
    sorts: { id: 't.id', created_at: 't.created_at' },
    text: 't.name',
    supplierColumn: 't.supplier_id',
    labelColumn: 't.id',
  }),
  list(suppliers, {
    from: 'suppliers t left join contacts c on c.supplier_id = t.id and c.is_primary',
    row: {
      id: 't.id',
      name: 't.name',
      vendor_code: 't.vendor_code',
      ddex_party_id: 't.ddex_party_id',
      ingester_key_hint: 't.ingester_key_hint',
      ingester_key_created_at: 't.ingester_key_created_at',
      auto_create_labels: 't.auto_create_labels',
      pposp_enrolled: 't.pposp_enrolled',
      default_exclusive_period: 't.default_exclusive_period',
      enabled: 't.enabled',
      primary_contact_email: 'c.email',
      primary_contact_username: 'c.username',
      created_at: 't.created_at',
      version: 't.version',
    },
    filters: {
      id: 't.id',
      supplier_id: 't.id',
      name: 't.name',
      supplier_name: 't.name',
      vendor_code: 't.vendor_code',
      primary_contact_email: 'c.email',
      primary_contact_username: 'c.username',
      pposp_enrollment_status: 't.pposp_enrolled',
      enabled: 't.enabled',
      add_date: 't.created_at',
    },
    sorts: {
      id: 't.id',
      name: 't.name',
      vendor_code: 't.vendor_code',
      default_exclusive_period: exclusiveSort('t.default_exclusive_period'),
    },
    text: 't.name',
    supplierColumn: 't.id',
  }),
  list(playlists, {
    from: `playlists t left join genres g on g.id = t.genre_id left join reference_items pt on pt.list = 'playlist-types' and pt.id = t.playlist_type_id`,
    row: {
      id: 't.id',
      name: 't.name',
      playlist_type: ref('pt.id', 'pt.name'),
      status: 't.status',
      is_curated: 't.is_curated',
      curated_genre_id: 't.curated_genre_id',
      is_public: 't.is_public',
      genre: ref('g.id', 'g.name'),
      created_at: 't.created_at',
      track_count: '(select count(*)::int from playlist_tracks x where x.playlist_id = t.id)',
      version: 't.version',
    },
    filters: {
      id: 't.id',
      name: 't.name',
      title: 't.name',
      playlist_type_id: 't.playlist_type_id',
      playlist_status: 't.status',
      is_curated_playlist: 't.is_curated',
      curated_playlist_genre_id: 't.curated_genre_id',
      is_public: 't.is_public',
      genre_id: 't.genre_id',
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
    row: {
      id: 't.id',
      dj_id: 't.id',
      dj_name: 't.dj_name',
      dj_slug: 't.dj_slug',
      username: 't.username',
      user_id: 't.id',
      enabled: 't.dj_profile_enabled',
      dj_is_indexed: 't.dj_is_indexed',
      version: 't.version',
    },
    filters: {
      dj_id: 't.id',
      dj_name: 't.dj_name',
      dj_slug: 't.dj_slug',
      username: 't.username',
      user_id: 't.id',
      dj_is_indexed: 't.dj_is_indexed',
      enabled: 't.dj_profile_enabled',
    },
    sorts: { id: 't.id', dj_name: 't.dj_name', username: 't.username' },
    text: 't.dj_name',
    sharedWithExternal: true,
  }),
  list(linkPartners, {
    from: 'link_partners t',
    row: {
      id: 't.id',
      name: 't.name',
      url: 't.url',
      enabled: 't.enabled',
      version: 't.version',
    },
    filters: { id: 't.id', name: 't.name', enabled: 't.enabled' },
    sorts: { id: 't.id', name: 't.name' },
    text: 't.name',
  }),
  list(coupons, {
    from: `coupons t left join reference_items dt on dt.list = 'discount-types' and dt.id = t.discount_type_id`,
    row: {
      id: 't.id',
      code: 't.code',
      discount_type: ref('dt.id', 'dt.name'),
      discount_amount: 't.discount_amount',
      discount_percentage: 't.discount_percentage',
      max_usage: 't.max_usage',
      min_order: 't.min_order',
      user_ids: 't.user_ids',
      enabled: 't.enabled',
      start_date: 't.start_date',
      end_date: 't.end_date',
      created_at: 't.created_at',
      version: 't.version',
    },
    filters: {
      id: 't.id',
      code: 't.code',
      discount_type: 't.discount_type_id',
      discount_amount: 't.discount_amount',
      enabled: 't.enabled',
      start_date: 't.start_date',
      end_date: 't.end_date',
      date_created: 't.created_at',
    },
    sorts: { id: 't.id', code: 't.code', created_at: 't.created_at', start_date: 't.start_date' },
    text: 't.code',
    brand: 't.brand',
  }),
  list(orders, {
    from: 'orders t join users u on u.id = t.user_id',
    row: {
      id: 't.id',
      user: ref('u.id', 'u.username'),
      email: 'u.email',
      store: 't.store',
      current_status: 't.status',
      voided: 't.voided',
      purchaser_ip: 't.purchaser_ip',
      currency: 't.currency',
      subtotal: 't.subtotal',
      tax: 't.tax',
      total: 't.total',
      created_at: 't.created_at',
      item_count: '(select count(*)::int from order_items oi where oi.order_id = t.id)',
      version: 't.version',
    },
    filters: {
      id: 't.id',
      user_id: 't.user_id',
      person_id: 't.user_id',
      username: 'u.username',
      email: 'u.email',
      purchaser_ip: 't.purchaser_ip',
      date: 't.created_at',
      current_status: 't.status',
      voided: 't.voided',
      store: 't.store',
      year: 't.created_at',
      month: 't.created_at',
      track_id: '(select min(oi.track_id) from order_items oi where oi.order_id = t.id)',
      release_id: '(select min(oi.release_id) from order_items oi where oi.order_id = t.id)',
    },
    sorts: { id: 't.id', created_at: 't.created_at', date: 't.created_at', total: 't.total' },
    brand: 't.brand',
  }),
  list(users, {
    countTable: 'users',
    from: 'users t left join countries c on c.id = t.country_id',
    row: {
      id: 't.id',
      username: 't.username',
      email: 't.email',
      first_name: 't.first_name',
      last_name: 't.last_name',
      registered_at: 't.registered_at',
      last_login: 't.last_login',
      register_ip: 't.register_ip',
      country: ref('c.id', 'c.name'),
      dj_name: 't.dj_name',
      dj_slug: 't.dj_slug',
      dj_profile_enabled: 't.dj_profile_enabled',
      is_indexed: 't.is_indexed',
      decline_transactions: 't.decline_transactions',
      bypass_fraud_checks: 't.bypass_fraud_checks',
      billing_disabled: 't.billing_disabled',
      enabled: 't.enabled',
      version: 't.version',
    },
    filters: {
      id: 't.id',
      user_id: 't.id',
      person_id: 't.id',
      username: 't.username',
      email: 't.email',
      first_name: 't.first_name',
      last_name: 't.last_name',
      register_ip_address: 't.register_ip',
      dj_name: 't.dj_name',
      is_indexed: 't.is_indexed',
      created_date: 't.registered_at',
      country_id: 't.country_id',
    },
    sorts: { id: 't.id', username: 't.username', registered_at: 't.registered_at', last_login: 't.last_login' },
    text: 't.username',
  }),
  list(hypeOffers, {
    from: 'hype_offers t join labels l on l.id = t.label_id',
    row: {
      id: 't.id',
      name: 't.name',
      label: ref('l.id', 'l.name'),
      price: 't.price',
      enabled: 't.enabled',
      hype_active: 't.hype_active',
      start_date: 't.start_date',
      end_date: 't.end_date',
      version: 't.version',
    },
    filters: {
      id: 't.id',
      name: 't.name',
      label_id: 't.label_id',
      label_name: 'l.name',
      enabled: 't.enabled',
      hype_active: 't.hype_active',
      start_date: 't.start_date',
      end_date: 't.end_date',
    },
    sorts: { id: 't.id', name: 't.name', start_date: 't.start_date' },
    text: 't.name',
    brand: 't.brand',
  }),
  list(hypePurchases, {
    from: 'hype_purchases t join users u on u.id = t.user_id join labels l on l.id = t.label_id',
    row: {
      id: 't.id',
      user: ref('u.id', 'u.username'),
      label: ref('l.id', 'l.name'),
      offer_id: 't.offer_id',
      amount: 't.amount',
      voided: 't.voided',
      created_at: 't.created_at',
      version: 't.version',
    },
    filters: {
      id: 't.id',
      user_id: 't.user_id',
      username: 'u.username',
      label_id: 't.label_id',
      label_name: 'l.name',
      date: 't.created_at',
      voided: 't.voided',
      year: 't.created_at',
      month: 't.created_at',
    },
    sorts: { id: 't.id', created_at: 't.created_at', date: 't.created_at' },
    brand: 't.brand',
  }),
  list(deliveries, {
    countTable: 'deliveries',
    from: 'deliveries t join suppliers s on s.id = t.supplier_id left join genres g on g.id = t.genre_id',
    row: {
      id: 't.id',
      release_id: 't.release_id',
      title: 't.title',
      artist: 't.artist',
      label: ref('t.label_id', 't.label_name'),
      genre: ref('g.id', 'g.name'),
      supplier: ref('s.id', 's.name'),
      updated: 't.updated_at',
      delivered: 't.delivered_at',
      action: 't.album_action',
      release_status: 't.release_status',
      album_action: 't.album_action',
      status_message: 't.status_message',
      xml_file_path: 't.xml_file_path',
      ingested: 't.ingested',
      version: 't.version',
    },
    filters: {
      id: 't.id',
      release_id: 't.release_id',
      title: 't.title',
      artist: 't.artist',
      label: 't.label_name',
      supplier: 's.name',
      genre_id: 't.genre_id',
      release_status: 't.release_status',
      album_action: 't.album_action',
      status_message: 't.status_message',
      source_type_id: 't.source_type_id',
      date_range: 't.delivered_at',
    },
    sorts: { id: 't.id', delivered: 't.delivered_at', updated: 't.updated_at', title: 't.title' },
    text: 't.title',
    supplierColumn: 't.supplier_id',
    labelColumn: 't.label_id',
  }),
  list(pages, {
    from: `pages t left join reference_items pt on pt.list = 'page-types' and pt.id = t.page_type_id`,
    row: {
      id: 't.id',
      name: 't.name',
      slug: 't.slug',
      page_type: ref('pt.id', 'pt.name'),
      show_primary_nav: 't.show_primary_nav',
      start_date: 't.start_date',
      end_date: 't.end_date',
      description: 't.description',
      enabled: 't.enabled',
      version: 't.version',
    },
    filters: {
      id: 't.id',
      page_id: 't.id',
      name: 't.name',
      slug: 't.slug',
      page_type_id: 't.page_type_id',
      enabled: 't.enabled',
      start_date: 't.start_date',
      end_date: 't.end_date',
    },
    sorts: { id: 't.id', name: 't.name', start_date: 't.start_date' },
    text: 't.name',
    brand: 't.brand',
  }),
  list(pageModules, {
    from: `page_modules t join pages p on p.id = t.page_id left join reference_items mt on mt.list = 'page-module-types' and mt.id = t.module_type_id`,
    row: {
      id: 't.id',
      name: 't.name',
      page: ref('p.id', 'p.name'),
      module_type: ref('mt.id', 'mt.name'),
      slot: 't.slot',
      enabled: 't.enabled',
      start_date: 't.start_date',
      end_date: 't.end_date',
      external_url: 't.external_url',
      available_worldwide: 't.available_worldwide',
      paginated: 't.paginated',
      sponsored_item: 't.sponsored_item',
      guest_pick: 't.guest_pick',
      item_count: '(select count(*)::int from page_module_items i where i.module_id = t.id)',
      version: 't.version',
    },
    filters: {
      id: 't.id',
      name: 't.name',
      page_id: 't.page_id',
      type_id: 't.module_type_id',
      enabled: 't.enabled',
      start_date: 't.start_date',
      end_date: 't.end_date',
    },
    sorts: { id: 't.id', name: 't.name', start_date: 't.start_date' },
    text: 't.name',
    brand: 'p.brand',
  }),
  list(liveStreams, {
    from: `live_streams t left join genres g on g.id = t.genre_id left join host_vendors hv on hv.id = t.host_vendor_id
      left join tracklist_vendors tv on tv.id = t.tracklist_vendor_id`,
    row: {
      id: 't.id',
      name: 't.name',
      enabled: 't.enabled',
      is_auto_enabled: 't.is_auto_enabled',
      start_at: 't.start_at',
      end_at: 't.end_at',
      genre: ref('g.id', 'g.name'),
      host_vendor: ref('hv.id', 'hv.name'),
      tracklist_vendor: ref('tv.id', 'tv.name'),
      stages: `(select coalesce(json_agg(json_build_object('id', st.id, 'name', st.name, 'number', st.number) order by st.number), '[]'::json)
        from live_stream_stages st where st.live_stream_id = t.id)`,
      visible: '(t.enabled or (t.is_auto_enabled and t.start_at <= now() and now() < t.end_at))',
      version: 't.version',
    },
    filters: {
      id: 't.id',
      name: 't.name',
      enabled: 't.enabled',
      is_auto_enabled: 't.is_auto_enabled',
      genre_id: 't.genre_id',
      start_date: 't.start_at',
      end_date: 't.end_at',
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
    row: {
      id: 't.id',
      name: 't.name',
      muzooka_id: 't.muzooka_id',
      muzooka_sync: 't.muzooka_sync',
      version: 't.version',
    },
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
