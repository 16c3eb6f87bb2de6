/** Commerce: coupons, credits, orders, refunds, hype offers, follows, idempotency keys (spec §3). */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  char,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { artists, releases, tracks } from './catalogue';
import { DOWNLOAD_FORMATS, ORDER_STATUSES } from '../../../shared/vocabularies';
import { desc, fkey, now, sqlValues, timestamptz, version } from './columns';
import { labels, users } from './parties';

const money = () => numeric({ precision: 10, scale: 2 });

export const coupons = pgTable('coupons', {
  id: serial().primaryKey(),
  brand: text().notNull(),
  code: text().notNull().unique('coupons_code_key'),
  discount_type_id: integer().notNull(),
  discount_amount: money(),
  discount_percentage: numeric({ precision: 5, scale: 2 }),
  max_usage: integer(),
  min_order: jsonb().notNull().default({}),
  user_ids: integer()
    .array()
    .notNull()
    .default(sql`'{}'`),
  enabled: boolean().notNull().default(true),
  start_date: date(),
  end_date: date(),
  created_at: timestamptz().notNull().default(now),
  version: version(),
});

export const credits = pgTable(
  'credits',
  {
    id: serial().primaryKey(),
    user_id: integer().notNull(),
    amount: money().notNull(),
    currency: char({ length: 3 }).notNull(),
    reason_id: integer().notNull(),
    created_at: timestamptz().notNull().default(now),
    version: version(),
  },
  (t) => [fkey('credits', t.user_id, users.id)],
);

export const orders = pgTable(
  'orders',
  {
    id: serial().primaryKey(),
    brand: text().notNull(),
    store: text().notNull(),
    user_id: integer().notNull(),
    status: text().notNull(),
    voided: boolean().notNull().default(false),
    purchaser_ip: text(),
    currency: char({ length: 3 }).notNull().default('USD'),
    subtotal: money()
      .notNull()
      .default(sql`0`),
    tax: money()
      .notNull()
      .default(sql`0`),
    total: money()
      .notNull()
      .default(sql`0`),
    created_at: timestamptz().notNull().default(now),
    version: version(),
  },
  (t) => [
    fkey('orders', t.user_id, users.id),
    check('orders_status_check', sql`${t.status} in (${sqlValues(ORDER_STATUSES)})`),
    index('orders_user').on(t.user_id, t.id),
    index('orders_created').on(t.brand, desc(t.created_at), desc(t.id)),
  ],
);

export const order_items = pgTable(
  'order_items',
  {
    id: serial().primaryKey(),
    order_id: integer().notNull(),
    track_id: integer(),
    release_id: integer(),
    price: money().notNull(),
    availability: smallint().notNull().default(1),
    downloads_enabled: boolean().notNull().default(true),
    refunded_at: timestamptz(),
    version: version(),
  },
  (t) => [
    fkey('order_items', t.order_id, orders.id),
    fkey('order_items', t.track_id, tracks.id),
    fkey('order_items', t.release_id, releases.id),
    check('order_items_availability_check', sql`${t.availability} in (0, 1, 2)`),
    index('order_items_order').on(t.order_id),
  ],
);

/**
 * One download of an order item by its customer (spec §4 order item downloads): the format
 * the store served and when. What GET …/orders/{id}/downloads/ counts ("times downloaded").
 * Append-only: the store writes a row per download; the console only reads them.
 */
export const order_item_downloads = pgTable(
  'order_item_downloads',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    order_item_id: integer().notNull(),
    format: text().notNull(),
    downloaded_at: timestamptz().notNull().default(now),
  },
  (t) => [
    fkey('order_item_downloads', t.order_item_id, order_items.id),
    check('order_item_downloads_format_check', sql`${t.format} in (${sqlValues(DOWNLOAD_FORMATS)})`),
    index('order_item_downloads_item').on(t.order_item_id, t.format),
  ],
);

export const refunds = pgTable(
  'refunds',
  {
    id: serial().primaryKey(),
    order_item_id: integer().notNull().unique('refunds_order_item_id_key'),
    amount: money().notNull(),
    created_at: timestamptz().notNull().default(now),
  },
  (t) => [fkey('refunds', t.order_item_id, order_items.id)],
);

export const transactions = pgTable(
  'transactions',
  {
    id: serial().primaryKey(),
    order_id: integer().notNull(),
    kind: text().notNull(),
    amount: money().notNull(),
    created_at: timestamptz().notNull().default(now),
  },
  (t) => [fkey('transactions', t.order_id, orders.id)],
);

export const hype_offers = pgTable(
  'hype_offers',
  {
    id: serial().primaryKey(),
    brand: text().notNull(),
    label_id: integer().notNull(),
    name: text().notNull(),
    price: money().notNull(),
    enabled: boolean().notNull().default(true),
    hype_active: boolean().notNull().default(false),
    start_date: date(),
    end_date: date(),
    version: version(),
  },
  (t) => [
    fkey('hype_offers', t.label_id, labels.id),
    check('hype_offers_check', sql`${t.start_date} is null or ${t.end_date} is null or ${t.start_date} <= ${t.end_date}`),
  ],
);

export const hype_purchases = pgTable(
  'hype_purchases',
  {
    id: serial().primaryKey(),
    brand: text().notNull(),
    user_id: integer().notNull(),
    label_id: integer().notNull(),
    offer_id: integer(),
    amount: money().notNull(),
    voided: boolean().notNull().default(false),
    created_at: timestamptz().notNull().default(now),
    version: version(),
  },
  (t) => [
    fkey('hype_purchases', t.user_id, users.id),
    fkey('hype_purchases', t.label_id, labels.id),
    fkey('hype_purchases', t.offer_id, hype_offers.id),
  ],
);

/**
 * A store user following an artist or a label on a brand's store: what the dashboard's
 * followers count (spec §2). Exactly one of artist_id and label_id; a user follows a
 * given artist or label once per brand.
 */
export const follows = pgTable(
  'follows',
  {
    id: serial().primaryKey(),
    brand: text().notNull(),
    user_id: integer().notNull(),
    artist_id: integer(),
    label_id: integer(),
    followed_at: timestamptz().notNull().default(now),
  },
  (t) => [
    fkey('follows', t.user_id, users.id),
    fkey('follows', t.artist_id, artists.id),
    fkey('follows', t.label_id, labels.id),
    check('follows_one_target', sql`(${t.artist_id} is null) <> (${t.label_id} is null)`),
    uniqueIndex('follows_user_artist')
      .on(t.user_id, t.brand, t.artist_id)
      .where(sql`artist_id is not null`),
    uniqueIndex('follows_user_label')
      .on(t.user_id, t.brand, t.label_id)
      .where(sql`label_id is not null`),
    index('follows_brand_time').on(t.brand, t.followed_at),
    index('follows_label_time')
      .on(t.label_id, t.followed_at)
      .where(sql`label_id is not null`),
    index('follows_artist')
      .on(t.artist_id)
      .where(sql`artist_id is not null`),
  ],
);

/**
 * One row per money-moving POST (server/api/idempotency.ts): a key is the caller's own, so
 * the key is unique per user; the first response is stored with the hash of the request.
 */
export const idempotency_keys = pgTable(
  'idempotency_keys',
  {
    key: text().notNull(),
    user_id: integer().notNull(),
    request_hash: text().notNull(),
    status: integer().notNull(),
    body: jsonb().notNull(),
    created_at: timestamptz().notNull().default(now),
  },
  (t) => [primaryKey({ name: 'idempotency_keys_pkey', columns: [t.user_id, t.key] }), index('idempotency_keys_created').on(t.created_at)],
);
