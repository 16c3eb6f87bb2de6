/** The seed's reference lists and catalogue: artists, releases, tracks. */
import type { Queryable } from '../db/client';
import { COUNTRIES, CURRENCIES, GENRES, KEYS, REFERENCE_LISTS, STATES } from '../db/reference';
import {
  ARTIST_WORDS,
  FIRST_NAMES,
  HOST_VENDORS,
  LABEL_MANAGERS,
  LAST_NAMES,
  LINK_PARTNERS,
  MIX_NAMES,
  TITLE_WORDS,
  TRACKLIST_VENDORS,
} from './words';
import { encode, exclusiveDaysSql, pick, EXCLUSIVE_DAYS } from './sql';
import type { SeedCounts } from './seed';

export async function reference(tx: Queryable) {
  for (const [list, names] of Object.entries(REFERENCE_LISTS)) {
    if (!names.length) continue;
    await tx.query('insert into reference_items (list, id, name) select $1, i, n from unnest($2::text[]) with ordinality as x(n, i)', [
      list,
      names,
    ]);
  }
  for (const [name, subs] of GENRES) {
    const slug = name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
    const [g] = await tx.query<{ id: number }>('insert into genres (name, slug) values ($1, $2) returning id', [name, slug]);
    await tx.query('insert into sub_genres (genre_id, name) select $1, unnest($2::text[])', [g.id, subs]);
  }
  await tx.query('insert into musical_keys (name, camelot) select * from unnest($1::text[], $2::text[])', [
    KEYS.map((k) => k[0]),
    KEYS.map((k) => k[1]),
  ]);
  await tx.query('insert into countries (code, name, region) select * from unnest($1::text[], $2::text[], $3::text[])', [
    COUNTRIES.map((c) => c[0]),
    COUNTRIES.map((c) => c[1]),
    COUNTRIES.map((c) => c[2]),
  ]);
  await tx.query(
    `insert into states (country_id, code, name)
     select c.id, s.code, s.name from unnest($1::text[], $2::text[], $3::text[]) as s(cc, code, name)
     join countries c on c.code = s.cc`,
    [STATES.map((s) => s[0]), STATES.map((s) => s[1]), STATES.map((s) => s[2])],
  );
  await tx.query('insert into currencies (code, name) select * from unnest($1::text[], $2::text[])', [
    CURRENCIES.map((c) => c[0]),
    CURRENCIES.map((c) => c[1]),
  ]);
  await tx.query('insert into host_vendors (name) select unnest($1::text[])', [HOST_VENDORS]);
  await tx.query('insert into tracklist_vendors (name) select unnest($1::text[])', [TRACKLIST_VENDORS]);
  await tx.query('insert into link_partners (name, url) select n, $2 || lower(n) from unnest($1::text[]) n', [
    LINK_PARTNERS,
    'https://partners.example/',
  ]);
  await tx.query('insert into label_managers (name) select unnest($1::text[])', [LABEL_MANAGERS]);
}

export async function catalogue(tx: Queryable, c: SeedCounts) {
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
  await tx.query(
    `update tracks set is_dj_edit = true, parent_track_id = id - 3 where id % 101 = 0 and not is_ugc_remix and not is_dj_edit`,
  );
  await tx.query(`update tracks set is_ugc_remix = true, parent_track_id = id - 4 where id % 103 = 0 and not is_dj_edit`);
  await tx.query(
    `update releases r set is_dj_edit = true where exists (select 1 from tracks t where t.release_id = r.id and t.is_dj_edit)`,
  );
  await tx.query(
    `update releases r set is_ugc_remix = true where exists (select 1 from tracks t where t.release_id = r.id and t.is_ugc_remix)`,
  );
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
