/** Brand content: playlists, charts, pages and their modules (spec §3). */
import { sql } from 'drizzle-orm';
import { boolean, check, date, integer, pgTable, primaryKey, serial, text, unique, varchar } from 'drizzle-orm/pg-core';
import { tracks } from './catalogue';
import { fkey, now, timestamptz, version } from './columns';
import { genres, users } from './parties';

export const playlists = pgTable(
  'playlists',
  {
    id: serial().primaryKey(),
    brand: text().notNull(),
    name: text().notNull(),
    playlist_type_id: integer(),
    status: text().notNull().default('published'),
    is_curated: boolean().notNull().default(false),
    curated_genre_id: integer(),
    is_public: boolean().notNull().default(true),
    genre_id: integer(),
    owner_id: integer(),
    created_at: timestamptz().notNull().default(now),
    version: version(),
  },
  (t) => [
    fkey('playlists', t.curated_genre_id, genres.id),
    fkey('playlists', t.genre_id, genres.id),
    fkey('playlists', t.owner_id, users.id),
  ],
);

export const playlist_tracks = pgTable(
  'playlist_tracks',
  {
    playlist_id: integer().notNull(),
    track_id: integer().notNull(),
    position: integer().notNull(),
  },
  (t) => [
    primaryKey({ name: 'playlist_tracks_pkey', columns: [t.playlist_id, t.track_id] }),
    fkey('playlist_tracks', t.playlist_id, playlists.id),
    fkey('playlist_tracks', t.track_id, tracks.id),
  ],
);

export const link_partners = pgTable('link_partners', {
  id: serial().primaryKey(),
  name: text().notNull(),
  url: text(),
  enabled: boolean().notNull().default(true),
  version: version(),
});

/** The link partners a curated playlist is offered to (§7 Playlists partners/, partners-bulk/). */
export const playlist_partners = pgTable(
  'playlist_partners',
  {
    playlist_id: integer().notNull(),
    partner_id: integer().notNull(),
  },
  (t) => [
    primaryKey({ name: 'playlist_partners_pkey', columns: [t.playlist_id, t.partner_id] }),
    fkey('playlist_partners', t.playlist_id, playlists.id),
    fkey('playlist_partners', t.partner_id, link_partners.id),
  ],
);

export const charts = pgTable(
  'charts',
  {
    id: serial().primaryKey(),
    brand: text().notNull(),
    title: varchar({ length: 45 }).notNull(),
    description: text(),
    image_url: text(),
    /** The storage key of the uploaded chart image (image_url is the URL that serves it). */
    image_key: text(),
    owner_id: integer(),
    dj_name: text(),
    genre_id: integer(),
    partner_exclusive: boolean().notNull().default(false),
    playlist_id: integer(),
    enabled: boolean().notNull().default(true),
    publish_date: date(),
    created_at: timestamptz().notNull().default(now),
    version: version(),
  },
  (t) => [fkey('charts', t.owner_id, users.id), fkey('charts', t.genre_id, genres.id), fkey('charts', t.playlist_id, playlists.id)],
);

export const chart_tracks = pgTable(
  'chart_tracks',
  {
    chart_id: integer().notNull(),
    track_id: integer().notNull(),
    position: integer().notNull(),
  },
  (t) => [
    primaryKey({ name: 'chart_tracks_pkey', columns: [t.chart_id, t.track_id] }),
    fkey('chart_tracks', t.chart_id, charts.id),
    fkey('chart_tracks', t.track_id, tracks.id),
  ],
);

export const pages = pgTable(
  'pages',
  {
    id: serial().primaryKey(),
    brand: text().notNull(),
    page_type_id: integer().notNull(),
    slug: text().notNull(),
    name: varchar({ length: 255 }).notNull(),
    show_primary_nav: boolean().notNull().default(true),
    start_date: date(),
    end_date: date(),
    description: text(),
    enabled: boolean().notNull().default(true),
    version: version(),
  },
  (t) => [
    unique('pages_brand_slug_key').on(t.brand, t.slug),
    check('pages_check', sql`${t.start_date} is null or ${t.end_date} is null or ${t.start_date} < ${t.end_date}`),
  ],
);

export const page_modules = pgTable(
  'page_modules',
  {
    id: serial().primaryKey(),
    page_id: integer().notNull(),
    name: varchar({ length: 250 }).notNull(),
    module_type_id: integer().notNull(),
    slot: text().notNull(),
    enabled: boolean().notNull().default(true),
    start_date: date(),
    end_date: date(),
    external_url: text(),
    available_worldwide: boolean().notNull().default(true),
    paginated: boolean().notNull().default(false),
    sponsored_item: text(),
    guest_pick: text(),
    version: version(),
  },
  (t) => [
    fkey('page_modules', t.page_id, pages.id),
    check('page_modules_slot_check', sql`${t.slot} in ('header', 'left', 'right')`),
    check('page_modules_check', sql`${t.start_date} is null or ${t.end_date} is null or ${t.start_date} < ${t.end_date}`),
  ],
);

export const page_module_items = pgTable(
  'page_module_items',
  {
    id: serial().primaryKey(),
    module_id: integer().notNull(),
    position: integer().notNull(),
    item_type_id: integer().notNull(),
    item_id: integer(),
    image_url: text(),
    url: text(),
    start_date: date(),
    end_date: date(),
    version: version(),
  },
  (t) => [fkey('page_module_items', t.module_id, page_modules.id)],
);
