CREATE INDEX "sales_lines_track" ON "sales_lines" USING btree ("track_id");--> statement-breakpoint
-- Added by hand: sales_daily keeps each sale under its track's current genre, as the raw lines
-- joined with tracks say: when tracks change genre, their lines' sums move from the old genre's
-- rows to the new genre's (rows left at zero lines go). Statement-level with transition tables
-- (PostgreSQL allows no column list with them): an edit that changes no genre reads no lines.
create function sales_daily_regenre() returns trigger language plpgsql as $$
declare
  changed integer[];
begin
  select array_agg(n.id) into changed
  from new_tracks n join old_tracks o on o.id = n.id
  where coalesce(o.genre_id, 0) <> coalesce(n.genre_id, 0);
  if changed is null then return null; end if;
  create temporary table if not exists sales_daily_moved (
    sale_date date, brand text, supplier_id integer, label_id integer, store text, sale_type_id integer,
    old_genre integer, new_genre integer, currency char(3), lines bigint, quantity bigint, gross numeric(14, 2), net numeric(14, 2)
  ) on commit drop;
  delete from sales_daily_moved;
  insert into sales_daily_moved
  select s.sale_date, s.brand, s.supplier_id, s.label_id, s.store, s.sale_type_id, coalesce(o.genre_id, 0), coalesce(n.genre_id, 0), s.currency,
         count(*), sum(s.quantity), sum(s.gross), sum(s.net)
  from sales_lines s
  join new_tracks n on n.id = s.track_id
  join old_tracks o on o.id = s.track_id
  where s.track_id = any(changed)
  group by 1, 2, 3, 4, 5, 6, 7, 8, 9;
  update sales_daily d
  set lines = d.lines - m.lines, quantity = d.quantity - m.quantity, gross = d.gross - m.gross, net = d.net - m.net
  from (select sale_date, brand, supplier_id, label_id, store, sale_type_id, old_genre, currency,
               sum(lines) as lines, sum(quantity) as quantity, sum(gross) as gross, sum(net) as net
        from sales_daily_moved group by 1, 2, 3, 4, 5, 6, 7, 8) m
  where (d.sale_date, d.brand, d.supplier_id, d.label_id, d.store, d.sale_type_id, d.genre_id, d.currency)
      = (m.sale_date, m.brand, m.supplier_id, m.label_id, m.store, m.sale_type_id, m.old_genre, m.currency);
  delete from sales_daily d using sales_daily_moved m
  where d.lines <= 0
    and (d.sale_date, d.brand, d.supplier_id, d.label_id, d.store, d.sale_type_id, d.genre_id, d.currency)
      = (m.sale_date, m.brand, m.supplier_id, m.label_id, m.store, m.sale_type_id, m.old_genre, m.currency);
  insert into sales_daily as d (sale_date, brand, supplier_id, label_id, store, sale_type_id, genre_id, currency, lines, quantity, gross, net)
  select sale_date, brand, supplier_id, label_id, store, sale_type_id, new_genre, currency, sum(lines), sum(quantity), sum(gross), sum(net)
  from sales_daily_moved group by 1, 2, 3, 4, 5, 6, 7, 8
  on conflict (sale_date, brand, supplier_id, label_id, store, sale_type_id, genre_id, currency) do update
  set lines = d.lines + excluded.lines, quantity = d.quantity + excluded.quantity,
      gross = d.gross + excluded.gross, net = d.net + excluded.net;
  return null;
end $$;--> statement-breakpoint
create trigger tracks_sales_daily_genre after update on tracks referencing old table as old_tracks new table as new_tracks for each statement execute function sales_daily_regenre();
