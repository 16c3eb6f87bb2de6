-- Custom migration: tracks.artist_names (the track's artists' names, ", " between, in
-- position order, role artist) kept by statement-level triggers on track_artists and on
-- artist renames, so whatever writes the links (record edits, ingestion, the seed) leaves it
-- right. The `artist` filter searches it; the CSV export reads it instead of aggregating
-- the names of every row (server/api/lists/types.ts exportFields).
create function refresh_track_artist_names(ids integer[]) returns void language sql as $$
  update tracks t set artist_names = x.names
  from (
    select u.id, coalesce((select string_agg(a.name, ', ' order by ta.position)
      from track_artists ta join artists a on a.id = ta.artist_id
      where ta.track_id = u.id and ta.role = 'artist'), '') as names
    from unnest(ids) as u(id)
  ) x
  where t.id = x.id and t.artist_names is distinct from x.names
$$;--> statement-breakpoint
create function track_artist_names_ins() returns trigger language plpgsql as $$
begin
  perform refresh_track_artist_names(array(select distinct track_id from new_rows));
  return null;
end $$;--> statement-breakpoint
create function track_artist_names_del() returns trigger language plpgsql as $$
begin
  perform refresh_track_artist_names(array(select distinct track_id from old_rows));
  return null;
end $$;--> statement-breakpoint
create function track_artist_names_upd() returns trigger language plpgsql as $$
begin
  perform refresh_track_artist_names(array(select track_id from new_rows union select track_id from old_rows));
  return null;
end $$;--> statement-breakpoint
create function artist_rename_track_names() returns trigger language plpgsql as $$
begin
  perform refresh_track_artist_names(array(
    select distinct ta.track_id from new_rows n join old_rows o on o.id = n.id and o.name is distinct from n.name
    join track_artists ta on ta.artist_id = n.id and ta.role = 'artist'));
  return null;
end $$;--> statement-breakpoint
create trigger track_artists_names_ins after insert on track_artists referencing new table as new_rows for each statement execute function track_artist_names_ins();--> statement-breakpoint
create trigger track_artists_names_del after delete on track_artists referencing old table as old_rows for each statement execute function track_artist_names_del();--> statement-breakpoint
create trigger track_artists_names_upd after update on track_artists referencing old table as old_rows new table as new_rows for each statement execute function track_artist_names_upd();--> statement-breakpoint
create trigger artists_rename_track_names after update on artists referencing old table as old_rows new table as new_rows for each statement execute function artist_rename_track_names();--> statement-breakpoint
select refresh_track_artist_names(array(select id from tracks));
