-- Custom migration: exact row counts of the large tables kept by statement-level
-- triggers, so an unfiltered list's envelope count does not scan a million rows.
-- The row_counts table itself is in the Drizzle schema (schema/operations.ts).
create function row_counts_ins() returns trigger language plpgsql as $$
begin
  update row_counts set n = n + (select count(*) from new_rows) where tbl = TG_TABLE_NAME;
  return null;
end $$;--> statement-breakpoint
create function row_counts_del() returns trigger language plpgsql as $$
begin
  update row_counts set n = n - (select count(*) from old_rows) where tbl = TG_TABLE_NAME;
  return null;
end $$;--> statement-breakpoint
create function row_counts_trunc() returns trigger language plpgsql as $$
begin
  update row_counts set n = 0 where tbl = TG_TABLE_NAME;
  return null;
end $$;--> statement-breakpoint
insert into row_counts (tbl, n) select 'tracks', count(*) from tracks;--> statement-breakpoint
create trigger tracks_count_ins after insert on tracks referencing new table as new_rows for each statement execute function row_counts_ins();--> statement-breakpoint
create trigger tracks_count_del after delete on tracks referencing old table as old_rows for each statement execute function row_counts_del();--> statement-breakpoint
create trigger tracks_count_trunc after truncate on tracks for each statement execute function row_counts_trunc();--> statement-breakpoint
insert into row_counts (tbl, n) select 'releases', count(*) from releases;--> statement-breakpoint
create trigger releases_count_ins after insert on releases referencing new table as new_rows for each statement execute function row_counts_ins();--> statement-breakpoint
create trigger releases_count_del after delete on releases referencing old table as old_rows for each statement execute function row_counts_del();--> statement-breakpoint
create trigger releases_count_trunc after truncate on releases for each statement execute function row_counts_trunc();--> statement-breakpoint
insert into row_counts (tbl, n) select 'artists', count(*) from artists;--> statement-breakpoint
create trigger artists_count_ins after insert on artists referencing new table as new_rows for each statement execute function row_counts_ins();--> statement-breakpoint
create trigger artists_count_del after delete on artists referencing old table as old_rows for each statement execute function row_counts_del();--> statement-breakpoint
create trigger artists_count_trunc after truncate on artists for each statement execute function row_counts_trunc();--> statement-breakpoint
insert into row_counts (tbl, n) select 'labels', count(*) from labels;--> statement-breakpoint
create trigger labels_count_ins after insert on labels referencing new table as new_rows for each statement execute function row_counts_ins();--> statement-breakpoint
create trigger labels_count_del after delete on labels referencing old table as old_rows for each statement execute function row_counts_del();--> statement-breakpoint
create trigger labels_count_trunc after truncate on labels for each statement execute function row_counts_trunc();--> statement-breakpoint
insert into row_counts (tbl, n) select 'users', count(*) from users;--> statement-breakpoint
create trigger users_count_ins after insert on users referencing new table as new_rows for each statement execute function row_counts_ins();--> statement-breakpoint
create trigger users_count_del after delete on users referencing old table as old_rows for each statement execute function row_counts_del();--> statement-breakpoint
create trigger users_count_trunc after truncate on users for each statement execute function row_counts_trunc();--> statement-breakpoint
insert into row_counts (tbl, n) select 'deliveries', count(*) from deliveries;--> statement-breakpoint
create trigger deliveries_count_ins after insert on deliveries referencing new table as new_rows for each statement execute function row_counts_ins();--> statement-breakpoint
create trigger deliveries_count_del after delete on deliveries referencing old table as old_rows for each statement execute function row_counts_del();--> statement-breakpoint
create trigger deliveries_count_trunc after truncate on deliveries for each statement execute function row_counts_trunc();
