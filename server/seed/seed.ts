/**
 * Deterministic seed generator. Small tables are built in JS from a seeded PRNG;
 * the large ones (artists, releases, tracks, users, orders, sales lines) with
 * INSERT … SELECT over generate_series after `setseed`, so one million tracks load
 * in minutes. Scale 1 is the demo size (5,000 tracks).
 */
import type { Db, Queryable } from '../db/client';
import type { Storage } from '../storage';
import { seedAudioRows, seedSandboxAudioRows, writeSandboxAudio } from './audio';
import { seedKeptDeliveries, writeKeptDeliveries } from './kept-deliveries';
import type { KeptFile } from './ern';
import { hashPassword, hashToken } from '../auth/crypto';
import { AGREEMENT_PENDING_ACCOUNT, SANDBOX_ACCOUNTS, type SandboxAccount } from './accounts';
import { COUNTRIES, CURRENCIES, GENRES, KEYS, MARKET_COUNTRIES, REFERENCE_LISTS, STATES, storeCurrencies } from '../db/reference';
import { ALBUM_ACTIONS, RELEASE_STATUS, deliveryMessage, type EncodeStatus, type OrderStatus } from '../../shared/vocabularies';
import { EXCLUSIVE_PERIODS, SERVICE_AGREEMENT } from '../../shared/constants';
import { rng, type Rng } from './rng';
import { issueStatements } from '../jobs/statements';
import {
  ARTIST_WORDS, FIRST_NAMES, HOST_VENDORS, LABEL_MANAGERS, LABEL_WORDS, LAST_NAMES, LINK_PARTNERS, MIX_NAMES,
  SUPPLIER_NAMES, TITLE_WORDS, TRACKLIST_VENDORS,
} from './words';

/**
 * Demo deliveries cycle through every release_status with the §8 message it carries,
 * then the genre variants of the two filter statuses.
 */
const DELIVERY_STATUSES: readonly (readonly [string, string | null])[] = [
  ...RELEASE_STATUS.map((t) => [t.value, t.message ? deliveryMessage(t.message) : null] as const),
  ['filter-rejected', deliveryMessage('restricted-genre')],
  ['filter-error', deliveryMessage('non-existent-genre')],
];

export interface SeedOptions {
  seed?: number;
  /** Multiplier of the demo size; 200 gives one million tracks. */
  scale?: number;
  log?: (msg: string) => void;
  /** Where the sandbox tracks' audio goes (without one only the rows are written). */
  storage?: Storage;
}

export interface SeedCounts {
  suppliers: number;
  labels: number;
  artists: number;
  releases: number;
  tracks: number;
  customers: number;
  orders: number;
  sales_lines: number;
  follows: number;
}

export function seedCounts(scale: number): SeedCounts {
  const s = Math.max(1, Math.floor(scale));
  return {
    suppliers: SUPPLIER_NAMES.length,
    labels: 100 * s,
    artists: 1200 * s,
    releases: 1000 * s,
    tracks: 5000 * s,
    customers: 500 * s,
    orders: 1000 * Math.min(s, 50),
    sales_lines: 20000 * Math.min(s, 10),
    follows: 4000 * Math.min(s, 10),
  };
}

const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
const arr = (xs: readonly string[]) => `array[${xs.map(lit).join(',')}]::text[]`;
/** SQL expression picking a random element of a text array literal. */
const pick = (xs: readonly string[]) => `(${arr(xs)})[1 + floor(random() * ${xs.length})::int]`;
/** An encode status (shared/vocabularies.ts ENCODE_STATUS) as an SQL literal. */
const encode = (s: EncodeStatus) => lit(s);
/** Order statuses (shared/vocabularies.ts ORDER_STATUS) as an SQL text array, weighted by repeating some. */
const orderStatuses = (xs: readonly OrderStatus[]) => arr(xs);
/** Every exclusive period (§9, shared/constants.ts), Lifetime as null. */
const EXCLUSIVE_DAYS = EXCLUSIVE_PERIODS.map((p) => p.days);
const exclusiveDaysSql = `array[${EXCLUSIVE_DAYS.map((d) => d ?? 'null').join(', ')}]`;

/**
 * The `setseed()` value (in [-1, 1]) of a seed number, one to one: seeds 0-999 keep the
 * values they always had, (n + 1) / 1001, so their data does not change; every other
 * 32-bit integer maps into [-0.5, 0), 2^-33 apart. (The former (n % 1000 + 1) / 1001 gave
 * seeds 1 and 1001 the same database data.) PostgreSQL keeps 52 bits of the value, so
 * distinct values here seed distinct random() sequences.
 */
export function pgSeedOf(seedNo: number): number {
  if (!Number.isInteger(seedNo) || seedNo < -(2 ** 31) || seedNo >= 2 ** 31) {
    throw new RangeError(`The seed must be a whole number from ${-(2 ** 31)} to ${2 ** 31 - 1} (got ${seedNo}).`);
  }
  if (seedNo >= 0 && seedNo < 1000) return (seedNo + 1) / 1001;
  return -(seedNo + 2 ** 31 + 1) / 2 ** 33;
}

/** True when the database already holds seeded data. */
export async function isSeeded(db: Queryable): Promise<boolean> {
  const [r] = await db.query<{ n: number }>('select count(*)::int as n from users');
  return r.n > 0;
}

export async function seed(db: Db, opts: SeedOptions = {}): Promise<SeedCounts> {
  const seedNo = opts.seed ?? 1;
  const pgSeed = pgSeedOf(seedNo);
  const counts = seedCounts(opts.scale ?? 1);
  const log = opts.log ?? (() => undefined);
  const r = rng(seedNo);
  let sandboxAudio: number[] = [];
  let keptFiles: KeptFile[] = [];
  // Hash outside the transaction: scrypt is deliberately slow.
  const hashes = await Promise.all(
    SANDBOX_ACCOUNTS.map((a, i) => hashPassword(a.password, Buffer.from(`sandbox-salt-${seedNo}-${i}`))),
  );
  const pendingHash = await hashPassword(AGREEMENT_PENDING_ACCOUNT.password, Buffer.from(`sandbox-salt-${seedNo}-pending`));
  await db.transaction(async (tx) => {
    await tx.query('select setseed($1)', [pgSeed]);
    // Bulk load without per-row foreign-key triggers when allowed (superuser): the seed
    // builds consistent ids itself. Counts kept by triggers are recomputed at the end.
    const [su] = await tx.query<{ rolsuper: boolean }>('select rolsuper from pg_roles where rolname = current_user');
    if (su?.rolsuper) await tx.query('set local session_replication_role = replica');
    const t0 = Date.now();
    const step = async (name: string, fn: () => Promise<unknown>) => {
      const t = Date.now();
      await fn();
      log(`seed: ${name} ${Date.now() - t} ms`);
    };
    await step('reference', () => reference(tx));
    await step('parties', () => parties(tx, r, counts));
    await step('users', () => users(tx, counts, hashes));
    await step('catalogue', () => catalogue(tx, counts));
    await step('audio', async () => {
      await seedAudioRows(tx, counts.tracks);
      sandboxAudio = await seedSandboxAudioRows(tx);
    });
    await step('brand content', () => brandContent(tx, r));
    await step('commerce', () => commerce(tx, r, counts));
    await step('deliveries', async () => {
      await deliveries(tx, r, counts);
      keptFiles = await seedKeptDeliveries(tx);
    });
    await step('sales', () => sales(tx, counts));
    await step('follows', () => follows(tx, counts));
    await step('service agreement', () => agreement(tx, pendingHash));
    await tx.query('set local session_replication_role = origin');
    // The triggers that keep tracks.artist_names (migration 0013) were off: every artist's name, in order.
    await step('artist names', () => tx.query('select refresh_track_artist_names(array(select id from tracks))'));
    await tx.exec(`do $$ declare r record; begin
      for r in select tbl from row_counts loop
        execute format('update row_counts set n = (select count(*) from %I) where tbl = %L', r.tbl, r.tbl);
      end loop; end $$`);
    // The sales rollup its trigger did not keep during the load (migration 0016).
    await tx.query('select sales_daily_rebuild()');
    log(`seed: done in ${Date.now() - t0} ms`);
  });
  // The files the committed rows name.
  if (opts.storage) await writeSandboxAudio(opts.storage, sandboxAudio);
  if (opts.storage) await writeKeptDeliveries(opts.storage, keptFiles);
  // Vacuum sets the visibility map, so id/sort-key scans can be index-only.
  await db.exec('vacuum analyze');
  return counts;
}

async function reference(tx: Queryable) {
  for (const [list, names] of Object.entries(REFERENCE_LISTS)) {
    if (!names.length) continue;
    await tx.query(
      'insert into reference_items (list, id, name) select $1, i, n from unnest($2::text[]) with ordinality as x(n, i)',
      [list, names],
    );
  }
  for (const [name, subs] of GENRES) {
    const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
    const [g] = await tx.query<{ id: number }>('insert into genres (name, slug) values ($1, $2) returning id', [name, slug]);
    await tx.query('insert into sub_genres (genre_id, name) select $1, unnest($2::text[])', [g.id, subs]);
  }
  await tx.query('insert into musical_keys (name, camelot) select * from unnest($1::text[], $2::text[])', [
    KEYS.map((k) => k[0]), KEYS.map((k) => k[1]),
  ]);
  await tx.query('insert into countries (code, name, region) select * from unnest($1::text[], $2::text[], $3::text[])', [
    COUNTRIES.map((c) => c[0]), COUNTRIES.map((c) => c[1]), COUNTRIES.map((c) => c[2]),
  ]);
  await tx.query(
    `insert into states (country_id, code, name)
     select c.id, s.code, s.name from unnest($1::text[], $2::text[], $3::text[]) as s(cc, code, name)
     join countries c on c.code = s.cc`,
    [STATES.map((s) => s[0]), STATES.map((s) => s[1]), STATES.map((s) => s[2])],
  );
  await tx.query('insert into currencies (code, name) select * from unnest($1::text[], $2::text[])', [
    CURRENCIES.map((c) => c[0]), CURRENCIES.map((c) => c[1]),
  ]);
  await tx.query('insert into host_vendors (name) select unnest($1::text[])', [HOST_VENDORS]);
  await tx.query('insert into tracklist_vendors (name) select unnest($1::text[])', [TRACKLIST_VENDORS]);
  await tx.query('insert into link_partners (name, url) select n, $2 || lower(n) from unnest($1::text[]) n', [
    LINK_PARTNERS, 'https://partners.example/',
  ]);
  await tx.query('insert into label_managers (name) select unnest($1::text[])', [LABEL_MANAGERS]);
}

async function parties(tx: Queryable, r: Rng, c: SeedCounts) {
  for (let i = 0; i < SUPPLIER_NAMES.length; i++) {
    const name = SUPPLIER_NAMES[i];
    const party = r.bool(0.8) ? `PADPIDA${String(r.int(0, 9_999_999_999)).padStart(10, '0')}${r.bool(0.3) ? 'X' : ''}` : null;
    const [s] = await tx.query<{ id: number }>(
      `insert into suppliers (name, ingester_key, ingester_key_hint, ingester_key_created_at, ddex_party_id, auto_create_labels, vendor_code,
         pposp_enrolled, default_exclusive_period)
       values ($1, $2, $3, now(), $4, $5, $6, $7, $8) returning id`,
      [name, hashToken(`ingest-${i + 1}`), `ingest-${i + 1}`.slice(-4), party, r.bool(), `V${String(1000 + i)}`, r.bool(0.4), r.pick(EXCLUSIVE_DAYS)],
    );
    const first = r.pick(FIRST_NAMES);
    const last = r.pick(LAST_NAMES);
    await tx.query(
      `insert into contacts (supplier_id, contact_type_id, first_name, last_name, email, username, phone, phone_ext,
         address1, city, postal_code, country_id, website, is_primary)
       values ($1, 1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, true)`,
      [s.id, first, last, `${first}.${last}@supplier${s.id}.example`.toLowerCase(), `${first}${s.id}`.toLowerCase(),
        `+1 303 555 ${String(r.int(1000, 9999))}`, String(r.int(10, 99)), `${r.int(1, 999)} Market Street`, 'Denver',
        '80202', r.int(1, MARKET_COUNTRIES.length), `https://supplier${s.id}.example`],
    );
    await tx.query(
      `insert into banking (supplier_id, bank_name, name_on_account, routing_number, account_number, swift, iban, paypal_email, tax_id)
       values ($1, 'First Sandbox Bank', $2, $3, $4, 'SANDUS33XXX', $5, $6, $7)`,
      [s.id, name.slice(0, 45), String(r.int(100000000, 999999999)), String(r.int(10000000, 99999999)),
        `GB${r.int(10, 99)}SAND${r.int(10000000, 99999999)}`, `payments@supplier${s.id}.example`, `TAX-${r.int(100000, 999999)}`],
    );
    await tx.query(
      `insert into contracts (supplier_id, contract_type_id, commercial_model_id, start_date, active)
       values ($1, $2, 1, current_date - $3::int, true)`,
      [s.id, r.int(1, 3), r.int(100, 2000)],
    );
    await tx.query(
      `insert into supplier_genre_mappings (supplier_id, source_genre, genre_id, restricted)
       values ($1, 'Electronic', $2, false), ($1, 'Dance', $3, false), ($1, 'Spoken Word', null, true)`,
      [s.id, r.int(1, GENRES.length), r.int(1, GENRES.length)],
    );
  }
  await tx.query(
    `insert into labels (name, supplier_id, bio, is_available_for_pre_order, default_pre_order_weeks, hype_eligible,
       hype_active, hype_trial_start, hype_trial_end, label_manager_id, claimed, temp_username, created_at)
     select initcap(${pick(TITLE_WORDS)}) || ' ' || ${pick(LABEL_WORDS)} || case when g % 7 = 0 then ' ' || g else '' end,
       case when g <= 3 then 1 else 1 + floor(random() * $2)::int end,
       'Independent label number ' || g,
       random() < 0.5, floor(random() * 5)::int, random() < 0.6, random() < 0.3,
       case when g % 5 = 0 then current_date - 30 end, case when g % 5 = 0 then current_date + 60 end,
       1 + floor(random() * $3)::int, g % 10 <> 0, case when g % 10 = 0 then 'label' || g || '-temp' end,
       now() - (floor(random() * 3000) || ' days')::interval
     from generate_series(1, $1::int) g order by g`,
    [c.labels, SUPPLIER_NAMES.length, LABEL_MANAGERS.length],
  );
  await tx.query(
    `insert into supplier_label_mappings (supplier_id, source_label, label_id, blacklisted)
     select supplier_id, upper(name), id, id % 23 = 0 from labels where id % 4 = 0`,
  );
  await tx.query(
    `insert into contracts (label_id, contract_type_id, commercial_model_id, start_date, end_date, active)
     select id, 1 + id % 3, 1 + id % 3, current_date - 400, case when id % 9 = 0 then current_date - 10 end, id % 9 <> 0
     from labels`,
  );
}

async function users(tx: Queryable, c: SeedCounts, hashes: string[]) {
  for (let i = 0; i < SANDBOX_ACCOUNTS.length; i++) await insertAccount(tx, SANDBOX_ACCOUNTS[i], hashes[i]);
  await tx.query(
    `insert into users (username, email, first_name, last_name, display_name, role, brands, registered_at, last_login,
       register_ip, country_id, dj_name, dj_slug, dj_profile_enabled, dj_is_indexed, is_indexed, decline_transactions,
       bypass_fraud_checks)
     select lower(f) || '.' || lower(l) || g, lower(f) || '.' || lower(l) || g || '@mail.example', f, l, f || ' ' || l,
       case when g % 10 = 0 then 'user:dj' when g % 25 = 1 then 'user:artist' else null end,
       case when g % 3 = 0 then array['brand:dj'] else array['brand:dance'] end,
       ts, ts + (floor(random() * 300) || ' days')::interval,
       '10.' || (g / 65536 % 256) || '.' || (g / 256 % 256) || '.' || (g % 256),
       1 + floor(random() * ${MARKET_COUNTRIES.length})::int,
       case when g % 10 = 0 then 'DJ ' || f || ' ' || l end, case when g % 10 = 0 then 'dj-' || lower(f) || '-' || g end,
       g % 10 = 0, g % 20 = 0, random() < 0.9, random() < 0.02, random() < 0.01
     from (select g, ${pick(FIRST_NAMES)} f, ${pick(LAST_NAMES)} l,
             now() - (floor(random() * 1500) || ' days')::interval ts
           from generate_series(1, $1::int) g) x order by g`,
    [c.customers],
  );
  // Linked sign-in identities (user page "identities"): everyone's store password, and a
  // Google or Apple sign-in for some customers.
  await tx.query(
    `insert into user_identities (user_id, provider, subject, email, linked_at, last_used_at)
     select id, 'password', username, email, registered_at, last_login from users
     union all
     select id, 'google', 'g-' || md5('google' || id), email, registered_at + interval '3 days', last_login from users where id % 4 = 0
     union all
     select id, 'apple', 'a-' || md5('apple' || id), null, registered_at + interval '9 days', null from users where id % 7 = 0`,
  );
}

async function catalogue(tx: Queryable, c: SeedCounts) {
  await tx.query(
    `insert into artists (name, bio, muzooka_sync, muzooka_id, created_at)
     select case when g % 9 = 0 then ${pick(ARTIST_WORDS)} || ' ' || ${pick(LAST_NAMES)}
                 else ${pick(FIRST_NAMES)} || ' ' || ${pick(LAST_NAMES)} end || case when g > 400 then ' ' || g else '' end,
       'Producer and DJ.', g % 15 = 0, case when g % 15 = 0 or g % 16 = 0 then 'mz-' || g end,
       now() - (floor(random() * 3000) || ' days')::interval
     from generate_series(1, $1::int) g order by g`,
    [c.artists],
  );
  const ngenres = GENRES.length;
  await tx.query(
    `insert into releases (title, catalog_number, upc, global_release_id, label_id, supplier_id, genre_id, release_type_id,
       street_date, release_date, new_release_date, pre_order_date, exclusive_date, exclusive_period,
       is_available_for_pre_order, default_pre_order_weeks, is_explicit, hype_eligible, hype_enabled, encode_status,
       is_dj_edit, is_ugc_remix, is_available_for_streaming, price_override, created_at)
     select x.title, upper(left(regexp_replace(l.name, '[^A-Za-z]', '', 'g'), 3)) || lpad(x.g::text, 6, '0'),
       lpad((190000000000 + x.g)::text, 13, '0'), 'A1' || lpad(x.g::text, 16, '0'),
       l.id, l.supplier_id, x.genre, x.rtype, x.d, x.d, x.d, x.d - 21, x.d + 14,
       (${exclusiveDaysSql})[1 + x.g % ${EXCLUSIVE_DAYS.length}], l.is_available_for_pre_order, l.default_pre_order_weeks,
       x.g % 11 = 0, l.hype_eligible, l.hype_eligible and x.g % 2 = 0,
       case when x.g % 50 = 0 then ${encode('TRANSCODING')} when x.g % 77 = 0 then ${encode('ERROR')} when x.g % 89 = 0 then ${encode('Not Converted')}
            when x.g % 97 = 0 then ${encode('Pending Audio Encode')} else ${encode('CONVERTED')} end,
       false, false, x.g % 13 <> 0, case when x.g % 17 = 0 then 1.99 end, x.d - 30
     from (select g, 1 + floor(random() * $2)::int lid, 1 + floor(random() * ${ngenres})::int genre,
             1 + floor(random() * 5)::int rtype, current_date - floor(random() * 3650)::int + 60 d,
             ${pick(TITLE_WORDS)} || case when random() < 0.6 then ' ' || ${pick(TITLE_WORDS)} else '' end
               || case when random() < 0.5 then ' EP' else '' end title
           from generate_series(1, $1::int) g) x
     join labels l on l.id = x.lid order by x.g`,
    [c.releases, c.labels],
  );
  await tx.query(
    `insert into release_artists (release_id, artist_id, position)
     select id, 1 + floor(random() * $1)::int, 1 from releases order by id`,
    [c.artists],
  );
  await tx.query(
    `insert into release_artists (release_id, artist_id, position)
     select id, 1 + floor(random() * $1)::int, 2 from releases where id % 5 = 0 order by id on conflict do nothing`,
    [c.artists],
  );
  await tx.query(
    `insert into tracks (release_id, label_id, supplier_id, position, title, mix_name, isrc, bpm, key_id, genre_id,
       sub_genre_id, copyright_holder, label_track_id, guid, encode_status, encoded_at, publish_date, release_date,
       exclusive_date, free_download_start_date, free_download_end_date, is_available_for_streaming, is_hype,
       hype_eligible, artist_names, enabled, hidden, created_at)
     select r.id, r.label_id, r.supplier_id, p.pos,
       case when p.pos = 1 then r.title else ${pick(TITLE_WORDS)} || case when random() < 0.5 then ' ' || ${pick(TITLE_WORDS)} else '' end end,
       ${pick(MIX_NAMES)},
       'QZ' || upper(substr(md5(r.id::text), 1, 3)) || to_char(r.release_date, 'YY') || lpad(((r.id * 5 + p.pos) % 100000)::text, 5, '0'),
       case when r.genre_id in (12, 13) then 170 + floor(random() * 6)::int else 95 + floor(random() * 40)::int end,
       1 + floor(random() * 24)::int, r.genre_id, sg.mn + floor(random() * sg.cnt)::int,
       '℗ ' || extract(year from r.release_date)::int || ' ' || l.name, 'LT' || (r.id * 5 + p.pos),
       md5($1::text || ':' || r.id || ':' || p.pos)::uuid, e.status,
       r.created_at + interval '1 hour', r.release_date, r.release_date, r.exclusive_date,
       case when (r.id + p.pos) % 97 = 0 then r.release_date end, case when (r.id + p.pos) % 97 = 0 then r.release_date + 7 end,
       r.is_available_for_streaming, r.hype_enabled, r.hype_eligible, a.name,
       -- Spec §4: only CONVERTED tracks are shown (tracks_shown_converted_check).
       e.status = ${encode('CONVERTED')}, e.status <> ${encode('CONVERTED')}, r.created_at
     from releases r
     cross join generate_series(1, 5) p(pos)
     cross join lateral (select case when r.encode_status <> ${encode('CONVERTED')} then r.encode_status
            when random() < 0.01 then ${encode('Pending Audio Encode')} when random() < 0.01 then ${encode('Not Converted')}
            else ${encode('CONVERTED')} end || left(p.pos::text, 0) as status) e
     join labels l on l.id = r.label_id
     join release_artists ra on ra.release_id = r.id and ra.position = 1
     join artists a on a.id = ra.artist_id
     join (select genre_id, min(id) mn, count(*)::int cnt from sub_genres group by genre_id) sg on sg.genre_id = r.genre_id
     order by r.id, p.pos`,
    [c.releases],
  );
  await tx.query(`insert into track_artists (track_id, artist_id, role, position)
    select t.id, ra.artist_id, 'artist', ra.position from tracks t join release_artists ra on ra.release_id = t.release_id`);
  await tx.query(
    `insert into track_artists (track_id, artist_id, role, position)
     select id, 1 + floor(random() * $1)::int, 'remixer', 1 from tracks where mix_name = 'Remix' order by id
     on conflict do nothing`,
    [c.artists],
  );
  // DJ edits and UGC remixes point at a parent track of another release: whole DJ-edit and
  // UGC-remix releases (each track an edit of the track at its position on the release
  // before), and single edits on other releases. Tracks and releases belong to no brand:
  // the DJ store finds them with its dj_edits and ugc_remixes filters (spec §6).
  await tx.query(`update tracks t set is_dj_edit = t.release_id % 50 = 25, is_ugc_remix = t.release_id % 50 = 35, parent_track_id = p.id
    from tracks p where t.release_id % 50 in (25, 35) and p.release_id = t.release_id - 1 and p.position = t.position`);
  await tx.query(`update tracks set is_dj_edit = true, parent_track_id = id - 3 where id % 101 = 0 and not is_ugc_remix and not is_dj_edit`);
  await tx.query(`update tracks set is_ugc_remix = true, parent_track_id = id - 4 where id % 103 = 0 and not is_dj_edit`);
  await tx.query(`update releases r set is_dj_edit = true where exists (select 1 from tracks t where t.release_id = r.id and t.is_dj_edit)`);
  await tx.query(`update releases r set is_ugc_remix = true where exists (select 1 from tracks t where t.release_id = r.id and t.is_ugc_remix)`);
  await tx.query(`insert into track_songwriters (track_id, name, songwriter_type_id)
    select t.id, a.name, 1 + t.id % 4 from tracks t join artists a on a.name = t.artist_names and a.id = (select artist_id from release_artists where release_id = t.release_id and position = 1)
    where t.id <= 2000`);
  await tx.query(`insert into track_publishers (track_id, name)
    select t.id, l.name || ' Publishing' from tracks t join labels l on l.id = t.label_id where t.id <= 2000`);
  await tx.query(`insert into track_publish_dates (track_id, country_id, commercial_model_id, publish_at, pre_order_at)
    select t.id, c.id, 1, t.publish_date::timestamptz + interval '6 hours', t.publish_date::timestamptz - interval '14 days'
    from tracks t cross join countries c where t.id <= 200 and c.id <= 3`);
  await tx.query(`insert into notes (entity, entity_id, body, author_id)
    select 'tracks', id, 'Checked ISRC against the label sheet.', 1 from tracks where id % 500 = 1`);
}

async function brandContent(tx: Queryable, r: Rng) {
  for (const brand of ['brand:dance', 'brand:dj']) {
    for (let i = 1; i <= 30; i++) {
      const genre = r.int(1, GENRES.length);
      const [p] = await tx.query<{ id: number }>(
        `insert into playlists (brand, name, playlist_type_id, status, is_curated, curated_genre_id, is_public, genre_id, owner_id)
         values ($1, $2, $3, $4, $5, $6, $7, $6, $8) returning id`,
        [brand, `${r.pick(TITLE_WORDS)} ${r.pick(['Essentials', 'Weekly', 'Warm Up', 'Peak Hour', 'Classics'])}`,
          r.int(1, 4), r.pick(['published', 'draft', 'archived']), i % 2 === 0, genre, r.bool(0.8), 1],
      );
      await tx.query(
        `insert into playlist_tracks (playlist_id, track_id, position)
         select $1, id, row_number() over (order by id) from tracks where genre_id = $2 order by id limit 20`,
        [p.id, genre],
      );
      const [ch] = await tx.query<{ id: number }>(
        `insert into charts (brand, title, description, owner_id, dj_name, genre_id, partner_exclusive, playlist_id, enabled, publish_date)
         values ($1, $2, 'Top picks this month', $3, $4, $5, $6, $7, $8, current_date - $9::int) returning id`,
        [brand, `${r.pick(TITLE_WORDS)} Chart ${i}`.slice(0, 45), 9 + i, `DJ ${r.pick(LAST_NAMES)}`, genre, r.bool(0.1),
          i % 3 === 0 ? p.id : null, r.bool(0.9), r.int(0, 400)],
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
        [brand, r.pick(pageTypes), `page-${i}`, `${r.pick(TITLE_WORDS)} ${r.pick(['Week', 'Sale', 'Spotlight', 'Picks'])}`,
          r.bool(0.8), r.int(1, 60), r.bool(0.85)],
      );
      for (const [slot, n] of [['header', 10], ['left', 6], ['right', 4]] as const) {
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
        [brand, `${r.pick(TITLE_WORDS)} Live ${i}`, i % 3 === 0, i % 3 === 1, r.int(-48, 240), r.int(1, GENRES.length),
          r.int(1, HOST_VENDORS.length), r.int(1, TRACKLIST_VENDORS.length)],
      );
      await tx.query(
        `insert into live_stream_stages (live_stream_id, name, number) select $1, 'Stage ' || g, g from generate_series(1, $2::int) g`,
        [ls.id, r.int(1, 5)],
      );
    }
  }
}

async function commerce(tx: Queryable, r: Rng, c: SeedCounts) {
  const firstCustomer = SANDBOX_ACCOUNTS.length + 1;
  for (let i = 1; i <= 40; i++) {
    const pct = r.bool();
    await tx.query(
      `insert into coupons (brand, code, discount_type_id, discount_amount, discount_percentage, max_usage, min_order,
         user_ids, enabled, start_date, end_date)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, current_date - $10::int, current_date + $11::int)`,
      [i % 2 ? 'brand:dance' : 'brand:dj', `SAVE${String(i).padStart(3, '0')}${r.pick(['SPRING', 'DJ', 'BASS', 'VIP'])}`,
        pct ? 2 : 1, pct ? null : r.int(1, 20), pct ? r.int(5, 50) : null, r.int(10, 1000),
        JSON.stringify({ USD: 10, GBP: 8, EUR: 9, AUD: 15, BRL: 50, MXN: 200 }),
        i % 4 === 0 ? [firstCustomer + i, firstCustomer + i + 1] : [], r.bool(0.8), r.int(0, 90), r.int(-10, 120)],
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
     from orders o cross join generate_series(1, 1 + o_items(o.id)) k order by o.id, k`
      .replace('o_items(o.id)', '(o.id % 3)'),
    [c.tracks],
  );
  await tx.query(`insert into refunds (order_item_id, amount, created_at) select id, price, refunded_at from order_items where refunded_at is not null`);
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

async function deliveries(tx: Queryable, r: Rng, c: SeedCounts) {
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

async function sales(tx: Queryable, c: SeedCounts) {
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
async function follows(tx: Queryable, c: SeedCounts) {
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

/**
 * The service agreement: the sandbox supplier has accepted the version in force (so it
 * reaches the console at sign-in); AGREEMENT_PENDING_ACCOUNT, a supplier user added last
 * (the other users' ids stay as they were), has not.
 */
async function agreement(tx: Queryable, pendingHash: string) {
  await tx.query(
    `insert into service_agreement_acceptances (supplier_id, user_id, version, ip)
     select supplier_id, id, $1, '127.0.0.1' from users where role = 'user:supplier' and username = any($2::text[])`,
    [SERVICE_AGREEMENT.version, SANDBOX_ACCOUNTS.filter((a) => a.role === 'user:supplier').map((a) => a.username)],
  );
  await insertAccount(tx, AGREEMENT_PENDING_ACCOUNT, pendingHash);
}

async function insertAccount(tx: Queryable, a: SandboxAccount, hash: string) {
  const [first, last] = a.displayName.split(' ');
  await tx.query(
    `insert into users (username, email, password_hash, display_name, first_name, last_name, app, role, brands,
       supplier_id, label_id, register_ip, country_id, dj_name, dj_slug, dj_profile_enabled)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, '127.0.0.1', 1, $12, $13, $14)`,
    [a.username, `${a.username}@sandbox.example`, hash, a.displayName, first, last, a.app, a.role, [...a.brands],
      a.supplierId ?? null, a.labelId ?? null, a.djName ?? null, a.djName ? `sandbox-${a.username}` : null, a.djName !== undefined],
  );
}
