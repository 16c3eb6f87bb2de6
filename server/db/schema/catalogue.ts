/** The catalogue: artists, releases, tracks and what hangs off them (spec §3). */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  unique,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { EXCLUSIVE_PERIOD_DAYS, PRE_ORDER_WEEKS } from '../../../shared/constants';
import type { EncodeStatus } from '../../../shared/vocabularies';
import { desc, fkey, now, sqlBetween, sqlValues, timestamptz, version } from './columns';
import { countries, genres, labels, musical_keys, sub_genres, suppliers, users } from './parties';

export const artists = pgTable(
  'artists',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    bio: text(),
    image_url: text(),
    /** The storage key of the profile image uploaded or pulled from Muzooka (served at …/artists/{id}/image/). */
    image_key: text(),
    muzooka_sync: boolean().notNull().default(false),
    muzooka_id: text(),
    user_id: integer(),
    created_at: timestamptz().notNull().default(now),
    version: version(),
  },
  (t) => [
    fkey('artists', t.user_id, users.id),
    check('artists_check', sql`not ${t.muzooka_sync} or ${t.muzooka_id} is not null`),
    index('artists_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
    index('artists_name').on(t.name, t.id),
    index('artists_muzooka')
      .on(t.muzooka_id)
      .where(sql`muzooka_id is not null`),
  ],
);

/** Other Muzooka profiles mapped to an artist (spec §7 Artists "Muzooka mappings"): each profile once per artist. */
export const artist_muzooka_mappings = pgTable(
  'artist_muzooka_mappings',
  {
    id: serial().primaryKey(),
    artist_id: integer().notNull(),
    muzooka_id: text().notNull(),
    enabled: boolean().notNull().default(true),
    created_at: timestamptz().notNull().default(now),
  },
  (t) => [
    fkey('artist_muzooka_mappings', t.artist_id, artists.id),
    unique('artist_muzooka_mappings_artist_profile').on(t.artist_id, t.muzooka_id),
  ],
);

export const releases = pgTable(
  'releases',
  {
    id: serial().primaryKey(),
    title: varchar({ length: 250 }).notNull(),
    catalog_number: text(),
    upc: varchar({ length: 32 }),
    global_release_id: varchar({ length: 18 }),
    label_id: integer().notNull(),
    supplier_id: integer().notNull(),
    genre_id: integer(),
    release_type_id: integer(),
    street_date: date(),
    release_date: date(),
    new_release_date: date(),
    pre_order_date: date(),
    exclusive_date: date(),
    price_override: numeric({ precision: 10, scale: 2 }),
    price_override_firm: boolean().notNull().default(false),
    /** The store's price tier the supplier's release deal names (ERN PriceCode, e.g. RELEASE_FRONT); null: none given. */
    price_tier: text(),
    exclusive_period: integer(),
    is_available_for_pre_order: boolean().notNull().default(false),
    default_pre_order_weeks: integer().notNull().default(0),
    is_explicit: boolean().notNull().default(false),
    hype_eligible: boolean().notNull().default(false),
    hype_enabled: boolean().notNull().default(false),
    encode_status: text()
      .notNull()
      .default('CONVERTED' satisfies EncodeStatus),
    is_dj_edit: boolean().notNull().default(false),
    is_ugc_remix: boolean().notNull().default(false),
    is_available_for_streaming: boolean().notNull().default(true),
    created_at: timestamptz().notNull().default(now),
    version: version(),
  },
  (t) => [
    fkey('releases', t.label_id, labels.id),
    fkey('releases', t.supplier_id, suppliers.id),
    fkey('releases', t.genre_id, genres.id),
    // Exclusive period wire values (shared/constants EXCLUSIVE_PERIODS): 0 None, 14/28/56 days, null Lifetime.
    check('releases_exclusive_period_check', sql`${t.exclusive_period} in (${sqlValues(EXCLUSIVE_PERIOD_DAYS)})`),
    check('releases_default_pre_order_weeks_check', sql`${t.default_pre_order_weeks} ${sqlBetween(PRE_ORDER_WEEKS)}`),
    index('releases_title_trgm').using('gin', t.title.op('gin_trgm_ops')),
    index('releases_release_date').on(desc(t.release_date), desc(t.id)),
    index('releases_upc').on(t.upc),
    index('releases_catalog_number').on(t.catalog_number),
    index('releases_supplier_release_date').on(t.supplier_id, desc(t.release_date), desc(t.id)),
    index('releases_label_release_date').on(t.label_id, desc(t.release_date), desc(t.id)),
  ],
);

export const release_artists = pgTable(
  'release_artists',
  {
    release_id: integer().notNull(),
    artist_id: integer().notNull(),
    position: integer().notNull(),
  },
  (t) => [
    primaryKey({ name: 'release_artists_pkey', columns: [t.release_id, t.artist_id] }),
    fkey('release_artists', t.release_id, releases.id),
    fkey('release_artists', t.artist_id, artists.id),
    index('release_artists_artist').on(t.artist_id),
  ],
);

export const tracks = pgTable(
  'tracks',
  {
    id: serial().primaryKey(),
    release_id: integer().notNull(),
    label_id: integer().notNull(),
    supplier_id: integer().notNull(),
    position: integer().notNull().default(1),
    title: varchar({ length: 250 }).notNull(),
    mix_name: varchar({ length: 128 }),
    isrc: varchar({ length: 16 }),
    bpm: integer(),
    key_id: integer(),
    genre_id: integer(),
    sub_genre_id: integer(),
    copyright_holder: varchar({ length: 1000 }),
    label_track_id: text(),
    guid: uuid().notNull().defaultRandom(),
    encode_status: text()
      .notNull()
      .default('CONVERTED' satisfies EncodeStatus),
    encoded_at: timestamptz(),
    publish_date: date(),
    release_date: date(),
    exclusive_date: date(),
    /** The store's price tier of the track's own deal (ERN PriceCode, e.g. TRACK_FRONT); null: not sold singly. */
    price_tier: text(),
    free_download_start_date: date(),
    free_download_end_date: date(),
    is_available_for_streaming: boolean().notNull().default(true),
    is_hype: boolean().notNull().default(false),
    hype_eligible: boolean().notNull().default(false),
    is_dj_edit: boolean().notNull().default(false),
    is_ugc_remix: boolean().notNull().default(false),
    parent_track_id: integer(),
    enabled: boolean().notNull().default(true),
    hidden: boolean().notNull().default(false),
    /**
     * Spec §4: a track that is not CONVERTED is hidden and disabled (tracks_shown_converted_check).
     * True when it is to be shown again once an encode makes it CONVERTED: it was shown when an
     * encode took it down, or ingestion delivered it (server/catalog/visibility.ts).
     */
    show_when_converted: boolean().notNull().default(false),
    artist_names: text().notNull().default(''),
    created_at: timestamptz().notNull().default(now),
    version: version(),
  },
  (t) => [
    fkey('tracks', t.release_id, releases.id),
    fkey('tracks', t.label_id, labels.id),
    fkey('tracks', t.supplier_id, suppliers.id),
    fkey('tracks', t.key_id, musical_keys.id),
    fkey('tracks', t.genre_id, genres.id),
    fkey('tracks', t.sub_genre_id, sub_genres.id),
    fkey('tracks', t.parent_track_id, t.id),
    check('tracks_bpm_check', sql`${t.bpm} is null or ${t.bpm} between 20 and 999`),
    check('tracks_shown_converted_check', sql`${t.encode_status} = 'CONVERTED' or (${t.hidden} and not ${t.enabled})`),
    index('tracks_title_trgm').using('gin', t.title.op('gin_trgm_ops')),
    index('tracks_artist_names_trgm').using('gin', t.artist_names.op('gin_trgm_ops')),
    index('tracks_genre_release_date').on(t.genre_id, desc(t.release_date), desc(t.id)),
    index('tracks_release_date').on(desc(t.release_date), desc(t.id)),
    index('tracks_release').on(t.release_id, t.position),
    index('tracks_isrc').on(t.isrc),
    index('tracks_guid').on(t.guid),
    index('tracks_supplier_release_date').on(t.supplier_id, desc(t.release_date), desc(t.id)),
    index('tracks_label_release_date').on(t.label_id, desc(t.release_date), desc(t.id)),
    // Needs btree_gin for the integer column (custom migration 0000_extensions).
    index('tracks_genre_title_trgm').using('gin', t.genre_id, t.title.op('gin_trgm_ops')),
  ],
);

export const track_artists = pgTable(
  'track_artists',
  {
    track_id: integer().notNull(),
    artist_id: integer().notNull(),
    role: text().notNull().default('artist'),
    position: integer().notNull().default(1),
  },
  (t) => [
    primaryKey({ name: 'track_artists_pkey', columns: [t.track_id, t.artist_id, t.role] }),
    fkey('track_artists', t.track_id, tracks.id),
    fkey('track_artists', t.artist_id, artists.id),
    check('track_artists_role_check', sql`${t.role} in ('artist', 'remixer')`),
    index('track_artists_artist').on(t.artist_id),
  ],
);

export const track_songwriters = pgTable(
  'track_songwriters',
  {
    id: serial().primaryKey(),
    track_id: integer().notNull(),
    name: text().notNull(),
    songwriter_type_id: integer(),
    version: version(),
  },
  (t) => [fkey('track_songwriters', t.track_id, tracks.id)],
);

export const track_publishers = pgTable(
  'track_publishers',
  {
    id: serial().primaryKey(),
    track_id: integer().notNull(),
    name: text().notNull(),
    version: version(),
  },
  (t) => [fkey('track_publishers', t.track_id, tracks.id)],
);

export const track_publish_dates = pgTable(
  'track_publish_dates',
  {
    track_id: integer().notNull(),
    country_id: integer().notNull(),
    commercial_model_id: integer().notNull().default(1),
    publish_at: timestamptz().notNull(),
    pre_order_at: timestamptz(),
    takedown_at: timestamptz(),
  },
  (t) => [
    primaryKey({ name: 'track_publish_dates_pkey', columns: [t.track_id, t.country_id, t.commercial_model_id] }),
    fkey('track_publish_dates', t.track_id, tracks.id),
    fkey('track_publish_dates', t.country_id, countries.id),
    check('track_publish_dates_check', sql`${t.pre_order_at} is null or ${t.pre_order_at} < ${t.publish_at}`),
    check('track_publish_dates_check1', sql`${t.takedown_at} is null or ${t.takedown_at} > ${t.publish_at}`),
  ],
);

/**
 * The countries a track may be sold in (spec §3 territories). No rows: no restriction,
 * every country (server/README.md "Territories").
 */
export const track_countries_allowed = pgTable(
  'track_countries_allowed',
  {
    track_id: integer().notNull(),
    country_id: integer().notNull(),
  },
  (t) => [
    primaryKey({ name: 'track_countries_allowed_pkey', columns: [t.track_id, t.country_id] }),
    fkey('track_countries_allowed', t.track_id, tracks.id),
    fkey('track_countries_allowed', t.country_id, countries.id),
  ],
);

/** Notes on tracks, releases, suppliers and users (spec §7). */
export const notes = pgTable(
  'notes',
  {
    id: serial().primaryKey(),
    entity: text().notNull(),
    entity_id: integer().notNull(),
    body: text().notNull(),
    author_id: integer(),
    created_at: timestamptz().notNull().default(now),
    version: version(),
  },
  (t) => [fkey('notes', t.author_id, users.id), index('notes_entity').on(t.entity, t.entity_id)],
);

/**
 * The audit trail of every record write (server/domain/history.ts recordHistory): which
 * record (its search type key and id), who (null for a job), what kind of write
 * (create, update, delete, bulk, job…) and each changed field as {old, new}. Append-only:
 * no version column.
 */
export const record_history = pgTable(
  'record_history',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    entity: text().notNull(),
    entity_id: integer().notNull(),
    user_id: integer(),
    action: text().notNull(),
    changes: jsonb().notNull().default({}),
    created_at: timestamptz().notNull().default(now),
  },
  (t) => [
    fkey('record_history', t.user_id, users.id),
    index('record_history_entity').on(t.entity, t.entity_id, desc(t.created_at), desc(t.id)),
  ],
);
