CREATE TABLE "sales_days" (
	"sale_date" date NOT NULL,
	"brand" text NOT NULL,
	"store" text NOT NULL,
	"sale_type_id" integer NOT NULL,
	"genre_id" integer NOT NULL,
	"currency" char(3) NOT NULL,
	"lines" bigint NOT NULL,
	"quantity" bigint NOT NULL,
	"gross" numeric(14, 2) NOT NULL,
	"net" numeric(14, 2) NOT NULL,
	CONSTRAINT "sales_days_pkey" PRIMARY KEY("sale_date","brand","store","sale_type_id","genre_id","currency")
);
--> statement-breakpoint
CREATE TABLE "sales_months" (
	"sale_date" date NOT NULL,
	"brand" text NOT NULL,
	"store" text NOT NULL,
	"sale_type_id" integer NOT NULL,
	"genre_id" integer NOT NULL,
	"currency" char(3) NOT NULL,
	"lines" bigint NOT NULL,
	"quantity" bigint NOT NULL,
	"gross" numeric(14, 2) NOT NULL,
	"net" numeric(14, 2) NOT NULL,
	CONSTRAINT "sales_months_pkey" PRIMARY KEY("sale_date","brand","store","sale_type_id","genre_id","currency")
);
--> statement-breakpoint
CREATE INDEX "sales_lines_date" ON "sales_lines" USING btree ("sale_date","id");--> statement-breakpoint
-- Added by hand: sales_days and sales_months follow sales_daily. Each statement that inserts,
-- updates or deletes sales_daily rows (the lines trigger, the genre trigger of 0019, the
-- rebuild) puts its change in sales_narrow_delta (added rows counted up, removed rows down);
-- sales_narrow_apply() adds it to both tables and drops the rows it left at zero lines (a
-- change that takes lines away, or removes a sales_daily row already at zero, names them).
create function sales_narrow_apply() returns void language plpgsql as $$
begin
  insert into sales_days as d (sale_date, brand, store, sale_type_id, genre_id, currency, lines, quantity, gross, net)
  select sale_date, brand, store, sale_type_id, genre_id, currency, sum(lines), sum(quantity), sum(gross), sum(net)
  from sales_narrow_delta group by 1, 2, 3, 4, 5, 6
  having sum(lines) <> 0 or sum(quantity) <> 0 or sum(gross) <> 0 or sum(net) <> 0
  on conflict (sale_date, brand, store, sale_type_id, genre_id, currency) do update
  set lines = d.lines + excluded.lines, quantity = d.quantity + excluded.quantity, gross = d.gross + excluded.gross, net = d.net + excluded.net;
  insert into sales_months as d (sale_date, brand, store, sale_type_id, genre_id, currency, lines, quantity, gross, net)
  select date_trunc('month', sale_date)::date, brand, store, sale_type_id, genre_id, currency, sum(lines), sum(quantity), sum(gross), sum(net)
  from sales_narrow_delta group by 1, 2, 3, 4, 5, 6
  having sum(lines) <> 0 or sum(quantity) <> 0 or sum(gross) <> 0 or sum(net) <> 0
  on conflict (sale_date, brand, store, sale_type_id, genre_id, currency) do update
  set lines = d.lines + excluded.lines, quantity = d.quantity + excluded.quantity, gross = d.gross + excluded.gross, net = d.net + excluded.net;
  delete from sales_days d using (select distinct sale_date, brand, store, sale_type_id, genre_id, currency from sales_narrow_delta where lines <= 0) k
  where d.lines <= 0 and (d.sale_date, d.brand, d.store, d.sale_type_id, d.genre_id, d.currency) = (k.sale_date, k.brand, k.store, k.sale_type_id, k.genre_id, k.currency);
  delete from sales_months d using (select distinct date_trunc('month', sale_date)::date as sale_date, brand, store, sale_type_id, genre_id, currency from sales_narrow_delta where lines <= 0) k
  where d.lines <= 0 and (d.sale_date, d.brand, d.store, d.sale_type_id, d.genre_id, d.currency) = (k.sale_date, k.brand, k.store, k.sale_type_id, k.genre_id, k.currency);
  delete from sales_narrow_delta;
end $$;--> statement-breakpoint
create function sales_narrow_delta_table() returns void language plpgsql as $$
begin
  create temporary table if not exists sales_narrow_delta (
    sale_date date, brand text, store text, sale_type_id integer, genre_id integer, currency char(3),
    lines bigint, quantity bigint, gross numeric(14, 2), net numeric(14, 2)
  ) on commit drop;
end $$;--> statement-breakpoint
create function sales_daily_inserted() returns trigger language plpgsql as $$
begin
  perform sales_narrow_delta_table();
  insert into sales_narrow_delta select sale_date, brand, store, sale_type_id, genre_id, currency, lines, quantity, gross, net from new_rows;
  perform sales_narrow_apply();
  return null;
end $$;--> statement-breakpoint
create function sales_daily_updated() returns trigger language plpgsql as $$
begin
  perform sales_narrow_delta_table();
  insert into sales_narrow_delta
  select sale_date, brand, store, sale_type_id, genre_id, currency, lines, quantity, gross, net from new_rows
  union all
  select sale_date, brand, store, sale_type_id, genre_id, currency, -lines, -quantity, -gross, -net from old_rows;
  perform sales_narrow_apply();
  return null;
end $$;--> statement-breakpoint
create function sales_daily_deleted() returns trigger language plpgsql as $$
begin
  perform sales_narrow_delta_table();
  insert into sales_narrow_delta select sale_date, brand, store, sale_type_id, genre_id, currency, -lines, -quantity, -gross, -net from old_rows;
  perform sales_narrow_apply();
  return null;
end $$;--> statement-breakpoint
create trigger sales_daily_narrow_insert after insert on sales_daily referencing new table as new_rows for each statement execute function sales_daily_inserted();--> statement-breakpoint
create trigger sales_daily_narrow_update after update on sales_daily referencing old table as old_rows new table as new_rows for each statement execute function sales_daily_updated();--> statement-breakpoint
create trigger sales_daily_narrow_delete after delete on sales_daily referencing old table as old_rows for each statement execute function sales_daily_deleted();--> statement-breakpoint
-- The rebuild (after a bulk load without triggers, the seed) empties the three rollups and
-- fills sales_daily from the lines; its insert trigger fills the other two.
create or replace function sales_daily_rebuild() returns void language sql as $$
  truncate sales_daily, sales_days, sales_months;
  insert into sales_daily (sale_date, brand, supplier_id, label_id, store, sale_type_id, genre_id, currency, lines, quantity, gross, net)
  select s.sale_date, s.brand, s.supplier_id, s.label_id, s.store, s.sale_type_id, coalesce(t.genre_id, 0), s.currency,
         count(*), sum(s.quantity), sum(s.gross), sum(s.net)
  from sales_lines s left join tracks t on t.id = s.track_id
  group by 1, 2, 3, 4, 5, 6, 7, 8;
$$;--> statement-breakpoint
select sales_daily_rebuild();
