/** The seed's brand content, commerce (coupons, orders), deliveries, sales lines and follows. */
import type { Queryable } from '../db/client';
import { SANDBOX_ACCOUNTS } from './accounts';
import { GENRES, MARKET_COUNTRIES, storeCurrencies } from '../db/reference';
import { ALBUM_ACTIONS, RELEASE_STATUS, deliveryMessage } from '../../shared/vocabularies';
import type { Rng } from './rng';
import { issueStatements } from '../jobs/statements';
import { HOST_VENDORS, LAST_NAMES, TITLE_WORDS, TRACKLIST_VENDORS } from './words';
import { orderStatuses } from './sql';
import type { SeedCounts } from './seed';

/**
 * Demo deliveries cycle through every release_status with the §8 message it carries,
 * then the genre variants of the two filter statuses.
 */
const DELIVERY_STATUSES: readonly (readonly [string, string | null])[] = [
  ...RELEASE_STATUS.map((t) => [t.value, t.message ? deliveryMessage(t.message) : null] as const),
  ['filter-rejected', deliveryMessage('restricted-genre')],
  ['filter-error', deliveryMessage('non-existent-genre')],
];

export async function brandContent(tx: Queryable, r: Rng) {
  for (const brand of ['brand:dance', 'brand:dj']) {
    for (let i = 1; i <= 30; i++) {
      const genre = r.int(1, GENRES.length);
      const [p] = await tx.query<{ id: number }>(
        `insert into playlists (brand, name, playlist_type_id, status, is_curated, curated_genre_id, is_public, genre_id, owner_id)
         values ($1, $2, $3, $4, $5, $6, $7, $6, $8) returning id`,
        [
          brand,
          `${r.pick(TITLE_WORDS)} ${r.pick(['Essentials', 'Weekly', 'Warm Up', 'Peak Hour', 'Classics'])}`,
          r.int(1, 4),
          r.pick(['published', 'draft', 'archived']),
          i % 2 === 0,
          genre,
          r.bool(0.8),
          1,
        ],
      );
      await tx.query(
        `insert into playlist_tracks (playlist_id, track_id, position)
         select $1, id, row_number() over (order by id) from tracks where genre_id = $2 order by id limit 20`,
        [p.id, genre],
      );
      const [ch] = await tx.query<{ id: number }>(
        `insert into charts (brand, title, description, owner_id, dj_name, genre_id, partner_exclusive, playlist_id, enabled, publish_date)
         values ($1, $2, 'Top picks this month', $3, $4, $5, $6, $7, $8, current_date - $9::int) returning id`,
        [
          brand,
          `${r.pick(TITLE_WORDS)} Chart ${i}`.slice(0, 45),
          9 + i,
          `DJ ${r.pick(LAST_NAMES)}`,
          genre,
          r.bool(0.1),
          i % 3 === 0 ? p.id : null,
          r.bool(0.9),
          r.int(0, 400),
        ],
      );
      await tx.query(
        `insert into chart_tracks (chart_id, track_id, position)
         select $1, id, row_number() over (order by id desc) from tracks where genre_id = $2 order by id desc limit 10`,
        [ch.id, genre],
      );
    }
    const pageTypes = brand === 'brand:dance' ? [1] : [1, 2, 3, 4, 5];
    for (let i = 1; i <= 8; i++) {
      const [pg] = await tx.query<{ id: number }>(
        `insert into pages (brand, page_type_id, slug, name, show_primary_nav, start_date, end_date, description, enabled)
         values ($1, $2, $3, $4, $5, current_date - 30, current_date + $6::int, 'Curated page', $7) returning id`,
        [
          brand,
          r.pick(pageTypes),
          `page-${i}`,
          `${r.pick(TITLE_WORDS)} ${r.pick(['Week', 'Sale', 'Spotlight', 'Picks'])}`,
          r.bool(0.8),
          r.int(1, 60),
          r.bool(0.85),
        ],
      );
      for (const [slot, n] of [
        ['header', 10],
        ['left', 6],
        ['right', 4],
      ] as const) {
        const [m] = await tx.query<{ id: number }>(
          `insert into page_modules (page_id, name, module_type_id, slot, enabled, start_date, end_date, paginated)
           values ($1, $2, $3, $4, $5, current_date - $6::int, current_date + $7::int, $8) returning id`,
          [pg.id, `${slot} module ${i}`, r.int(1, 6), slot, r.bool(0.9), r.int(0, 10), r.int(0, 30), r.bool(0.3)],
        );
        await tx.query(
          `insert into page_module_items (module_id, position, item_type_id, item_id, image_url, start_date, end_date)
           select $1, g, 1, g * 37, 'https://img.example/' || g || '.jpg', current_date + (g % 3) - 1, current_date + g
           from generate_series(1, $2::int) g`,
          [m.id, n],
        );
      }
    }
    for (let i = 1; i <= 6; i++) {
      const [ls] = await tx.query<{ id: number }>(
        `insert into live_streams (brand, name, enabled, is_auto_enabled, start_at, end_at, genre_id, host_vendor_id, tracklist_vendor_id)
         values ($1, $2, $3, $4, now() + ($5::int || ' hours')::interval, now() + ($5::int + 6 || ' hours')::interval, $6, $7, $8) returning id`,
        [
          brand,
          `${r.pick(TITLE_WORDS)} Live ${i}`,
          i % 3 === 0,
          i % 3 === 1,
          r.int(-48, 240),
          r.int(1, GENRES.length),
          r.int(1, HOST_VENDORS.length),
          r.int(1, TRACKLIST_VENDORS.length),
        ],
      );
      await tx.query(
        `insert into live_stream_stages (live_stream_id, name, number) select $1, 'Stage ' || g, g from generate_series(1, $2::int) g`,
        [ls.id, r.int(1, 5)],
      );
    }
  }
}

export async function commerce(tx: Queryable, r: Rng, c: SeedCounts) {
  const firstCustomer = SANDBOX_ACCOUNTS.length + 1;
  for (let i = 1; i <= 40; i++) {
    const pct = r.bool();
    await tx.query(
      `insert into coupons (brand, code, discount_type_id, discount_amount, discount_percentage, max_usage, min_order,
         user_ids, enabled, start_date, end_date)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, current_date - $10::int, current_date + $11::int)`,
      [
        i % 2 ? 'brand:dance' : 'brand:dj',
        `SAVE${String(i).padStart(3, '0')}${r.pick(['SPRING', 'DJ', 'BASS', 'VIP'])}`,
        pct ? 2 : 1,
        pct ? null : r.int(1, 20),
        pct ? r.int(5, 50) : null,
        r.int(10, 1000),
        JSON.stringify({ USD: 10, GBP: 8, EUR: 9, AUD: 15, BRL: 50, MXN: 200 }),
        i % 4 === 0 ? [firstCustomer + i, firstCustomer + i + 1] : [],
        r.bool(0.8),
        r.int(0, 90),
        r.int(-10, 120),
      ],
    );
  }
  await tx.query(
    `insert into orders (brand, store, user_id, status, voided, purchaser_ip, currency, created_at)
     select case when g % 3 = 0 then 'brand:dj' else 'brand:dance' end,
       case when g % 3 = 0 then (array['music', 'streaming'])[1 + g % 2]
            else (array['music', 'soundpack', 'stem', 'cloud', 'streaming'])[1 + g % 5] end,
       $2 + floor(random() * $3)::int,
       (${orderStatuses(['Open', 'Complete', 'Complete', 'Complete', 'Deleted'])})[1 + g % 5], g % 41 = 0,
       '192.0.2.' || (g % 250 + 1), (array['USD', 'GBP', 'EUR', 'AUD'])[1 + g % 4],
       now() - (floor(random() * 700) || ' days')::interval
     from generate_series(1, $1::int) g order by g`,
    [c.orders, firstCustomer, c.customers],
  );
  // Each order in the §9 currency of its buyer's country (US dollars where §9 has none).
  await tx.query('update orders o set currency = ($1::text[])[u.country_id] from users u where u.id = o.user_id', [storeCurrencies()]);
  await tx.query(
    `insert into order_items (order_id, track_id, price, availability, downloads_enabled, refunded_at)
     select o.id, 1 + floor(random() * $1)::int, (array[1.29, 1.49, 1.99, 2.49])[1 + (o.id + k) % 4],
       case when (o.id + k) % 11 = 0 then 0 when (o.id + k) % 13 = 0 then 2 else 1 end,
       (o.id + k) % 11 <> 0, case when (o.id + k) % 29 = 0 then o.created_at + interval '2 days' end
     from orders o cross join generate_series(1, 1 + o_items(o.id)) k order by o.id, k`.replace('o_items(o.id)', '(o.id % 3)'),
    [c.tracks],
  );
  await tx.query(
    `insert into refunds (order_item_id, amount, created_at) select id, price, refunded_at from order_items where refunded_at is not null`,
  );
  await tx.query(`update orders o set subtotal = s.sub, tax = round(s.sub * 0.08, 2), total = round(s.sub * 1.08, 2)
    from (select order_id, sum(price) sub from order_items group by order_id) s where s.order_id = o.id`);
  await tx.query(`insert into transactions (order_id, kind, amount, created_at) select id, 'charge', total, created_at from orders`);
  await tx.query(
    `insert into credits (user_id, amount, currency, reason_id)
     select u.id, (g % 5 + 1) * 2.5, coalesce(($2::text[])[u.country_id], 'USD'), 1 + g % 4
     from generate_series(0, 29) g join users u on u.id = $1 + g * 7 order by g`,
    [firstCustomer, storeCurrencies()],
  );
  await tx.query(
    `insert into hype_offers (brand, label_id, name, price, enabled, hype_active, start_date, end_date)
     select 'brand:dance', id, name || ' Hype', 9.99, true, hype_active, current_date - 60, current_date + 300
     from labels where hype_eligible order by id limit 60`,
  );
  await tx.query(
    `insert into hype_purchases (brand, user_id, label_id, offer_id, amount, voided, created_at)
     select 'brand:dance', $1 + floor(random() * $2)::int, o.label_id, o.id, o.price, g % 17 = 0,
       now() - (floor(random() * 300) || ' days')::interval
     from generate_series(1, 200) g join hype_offers o on o.id = 1 + g % (select count(*) from hype_offers)::int
     order by g`,
    [firstCustomer, c.customers],
  );
  void r;
}

export async function deliveries(tx: Queryable, r: Rng, c: SeedCounts) {
  const n = 400 * Math.min(10, Math.ceil(c.tracks / 5000));
  const statuses = DELIVERY_STATUSES.map((d) => d[0]);
  const messages = DELIVERY_STATUSES.map((d) => d[1] ?? '');
  await tx.query(
    `insert into deliveries (release_id, title, artist, label_name, label_id, genre_id, supplier_id, source_type_id,
       release_status, album_action, status_message, xml_file_path, ingested, delivered_at, updated_at)
     select rel.id, rel.title, coalesce(a.name, ''), l.name, l.id, rel.genre_id, rel.supplier_id, 1 + x.g % 4,
       ($2::text[])[x.si], ($3::text[])[1 + x.g % 4], nullif(($4::text[])[x.si], ''),
       'deliveries/' || rel.supplier_id || '/' || rel.upc || '/' || rel.upc || '.xml',
       ($2::text[])[x.si] in ('release-ingested', 'encoded', 'published', 'updated'), x.d, x.d + interval '10 minutes'
     from (select g, 1 + (g - 1) % $5::int si, 1 + floor(random() * $6)::int rid,
             now() - (floor(random() * 90 * 24 * 60) || ' minutes')::interval d
           from generate_series(1, $1::int) g) x
     join releases rel on rel.id = x.rid
     join labels l on l.id = rel.label_id
     left join release_artists ra on ra.release_id = rel.id and ra.position = 1
     left join artists a on a.id = ra.artist_id
     order by x.g`,
    [n, statuses, [...ALBUM_ACTIONS], messages, statuses.length, c.releases],
  );
  void r;
}

export async function sales(tx: Queryable, c: SeedCounts) {
  await tx.query(
    `insert into sales_lines (brand, sale_date, supplier_id, label_id, release_id, track_id, store, sale_type_id, country_id,
       quantity, gross, net, currency)
     select case when x.g % 3 = 0 then 'brand:dj' else 'brand:dance' end, x.d, t.supplier_id, t.label_id, t.release_id, t.id,
       case when x.g % 3 = 0 then (array['music', 'streaming'])[1 + x.g % 2]
            else (array['music', 'soundpack', 'stem', 'cloud', 'streaming'])[1 + x.g % 5] end,
       1 + x.g % 3, 1 + x.g % $3::int, x.q, round(x.q * 1.49, 2), round(x.q * 1.49 * 0.7, 2), ($4::text[])[1 + x.g % $3::int]
     from (select g, current_date - floor(random() * 730)::int d, 1 + floor(random() * $2)::int tid,
             1 + floor(random() * 4)::int q
           from generate_series(1, $1::int) g) x
     join tracks t on t.id = x.tid order by x.g`,
    [c.sales_lines, c.tracks, MARKET_COUNTRIES.length, storeCurrencies()],
  );
  // The statements of every period that has ended, as the statements job issues them.
  await issueStatements(tx);
}

/**
 * Store users following artists (3 in 5) and labels on their brand's store, over the last
 * 400 days, more of them recent (the dashboard's followers). A repeat pick is dropped.
 */
export async function follows(tx: Queryable, c: SeedCounts) {
  await tx.query(
    `insert into follows (brand, user_id, artist_id, label_id, followed_at)
     select u.brands[1], u.id, case when x.g % 5 < 3 then x.aid end, case when x.g % 5 >= 3 then x.lid end,
       now() - (round((x.age * 400)::numeric, 4) || ' days')::interval
     from (select g, 1 + floor(random() * (select count(*) from users where app is null))::int ui,
             1 + floor(random() * $2)::int aid, 1 + floor(random() * $3)::int lid, random() * random() age
           from generate_series(1, $1::int) g) x
     join (select id, brands, row_number() over (order by id) rn from users where app is null) u on u.rn = x.ui
     order by x.g
     on conflict do nothing`,
    [c.follows, c.artists, c.labels],
  );
}
