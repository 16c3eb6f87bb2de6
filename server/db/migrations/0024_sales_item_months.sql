CREATE TABLE "sales_item_months" (
	"sale_date" date NOT NULL,
	"brand" text NOT NULL,
	"kind" text NOT NULL,
	"item_id" integer NOT NULL,
	"quantity" bigint NOT NULL,
	CONSTRAINT "sales_item_months_pkey" PRIMARY KEY("sale_date","brand","kind","item_id")
);
--> statement-breakpoint
CREATE INDEX "sales_item_months_top" ON "sales_item_months" USING btree ("sale_date","brand","kind","quantity" DESC NULLS LAST,"item_id");--> statement-breakpoint
-- Added by hand: the trigger that keeps sales_item_months with the lines (append-only), the
-- rebuild (after a bulk load without triggers, the seed) filling it with the other rollups,
-- and its rows for the lines already there.
create function sales_item_months_add() returns trigger language plpgsql as $$
begin
  insert into sales_item_months as m (sale_date, brand, kind, item_id, quantity)
  select date_trunc('month', n.sale_date)::date, n.brand, k.kind, k.item_id, sum(n.quantity)
  from new_lines n cross join lateral (values ('release', n.release_id), ('track', n.track_id)) k(kind, item_id)
  where k.item_id is not null
  group by 1, 2, 3, 4
  on conflict (sale_date, brand, kind, item_id) do update set quantity = m.quantity + excluded.quantity;
  return null;
end $$;--> statement-breakpoint
create trigger sales_lines_item_months after insert on sales_lines referencing new table as new_lines for each statement execute function sales_item_months_add();--> statement-breakpoint
create function sales_item_months_fill() returns void language sql as $$
  insert into sales_item_months (sale_date, brand, kind, item_id, quantity)
  select date_trunc('month', s.sale_date)::date, s.brand, k.kind, k.item_id, sum(s.quantity)
  from sales_lines s cross join lateral (values ('release', s.release_id), ('track', s.track_id)) k(kind, item_id)
  where k.item_id is not null
  group by 1, 2, 3, 4;
$$;--> statement-breakpoint
create or replace function sales_daily_rebuild() returns void language sql as $$
  truncate sales_daily, sales_days, sales_months, sales_item_months;
  insert into sales_daily (sale_date, brand, supplier_id, label_id, store, sale_type_id, genre_id, currency, lines, quantity, gross, net)
  select s.sale_date, s.brand, s.supplier_id, s.label_id, s.store, s.sale_type_id, coalesce(t.genre_id, 0), s.currency,
         count(*), sum(s.quantity), sum(s.gross), sum(s.net)
  from sales_lines s left join tracks t on t.id = s.track_id
  group by 1, 2, 3, 4, 5, 6, 7, 8;
  select sales_item_months_fill();
$$;--> statement-breakpoint
select sales_item_months_fill();
