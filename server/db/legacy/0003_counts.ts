/**
 * Exact row counts of the large tables kept by statement-level triggers, so an
 * unfiltered list's envelope count does not scan a million rows; plus the indexes
 * behind the default sorts of the large lists and the owner-scoped lists.
 */
const COUNTED = ['tracks', 'releases', 'artists', 'labels', 'users', 'deliveries'];

export default /* sql */ `
create table row_counts (tbl text primary key, n bigint not null);

create function row_counts_ins() returns trigger language plpgsql as $$
begin
  update row_counts set n = n + (select count(*) from new_rows) where tbl = TG_TABLE_NAME;
  return null;
end $$;
create function row_counts_del() returns trigger language plpgsql as $$
begin
  update row_counts set n = n - (select count(*) from old_rows) where tbl = TG_TABLE_NAME;
  return null;
end $$;
create function row_counts_trunc() returns trigger language plpgsql as $$
begin
  update row_counts set n = 0 where tbl = TG_TABLE_NAME;
  return null;
end $$;

${COUNTED.map(
  (t) => `
insert into row_counts (tbl, n) select '${t}', count(*) from ${t};
create trigger ${t}_count_ins after insert on ${t} referencing new table as new_rows for each statement execute function row_counts_ins();
create trigger ${t}_count_del after delete on ${t} referencing old table as old_rows for each statement execute function row_counts_del();
create trigger ${t}_count_trunc after truncate on ${t} for each statement execute function row_counts_trunc();
`,
).join('')}

drop index tracks_supplier;
drop index tracks_label;
create index tracks_supplier_release_date on tracks (supplier_id, release_date desc, id desc);
create index tracks_label_release_date on tracks (label_id, release_date desc, id desc);
drop index releases_supplier;
drop index releases_label;
create index releases_supplier_release_date on releases (supplier_id, release_date desc, id desc);
create index releases_label_release_date on releases (label_id, release_date desc, id desc);
create index artists_name on artists (name, id);
create index artists_muzooka on artists (muzooka_id) where muzooka_id is not null;
create index labels_name on labels (name, id);
create index users_registered on users (registered_at desc, id desc);
create index users_dj_name on users (dj_name, id) where dj_name is not null;
create index users_dj_name_trgm on users using gin (dj_name gin_trgm_ops);
create index users_username on users (username);
create index deliveries_release_status on deliveries (release_status, delivered_at desc, id desc);
`;
