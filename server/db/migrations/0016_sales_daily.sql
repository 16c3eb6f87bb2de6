CREATE TABLE "sales_daily" (
	"sale_date" date NOT NULL,
	"brand" text NOT NULL,
	"supplier_id" integer NOT NULL,
	"label_id" integer NOT NULL,
	"store" text NOT NULL,
	"sale_type_id" integer NOT NULL,
	"genre_id" integer NOT NULL,
	"currency" char(3) NOT NULL,
	"lines" bigint NOT NULL,
	"quantity" bigint NOT NULL,
	"gross" numeric(14, 2) NOT NULL,
	"net" numeric(14, 2) NOT NULL,
	CONSTRAINT "sales_daily_pkey" PRIMARY KEY("sale_date","brand","supplier_id","label_id","store","sale_type_id","genre_id","currency")
);
--> statement-breakpoint
CREATE INDEX "sales_daily_supplier" ON "sales_daily" USING btree ("supplier_id","sale_date");--> statement-breakpoint
CREATE INDEX "sales_daily_label" ON "sales_daily" USING btree ("label_id","sale_date");--> statement-breakpoint
-- Added by hand: the trigger that keeps sales_daily with the lines (append-only), and the
-- rollup of the lines already there.
create function sales_daily_add() returns trigger language plpgsql as $$
begin
  insert into sales_daily as d (sale_date, brand, supplier_id, label_id, store, sale_type_id, genre_id, currency, lines, quantity, gross, net)
  select n.sale_date, n.brand, n.supplier_id, n.label_id, n.store, n.sale_type_id, coalesce(t.genre_id, 0), n.currency,
         count(*), sum(n.quantity), sum(n.gross), sum(n.net)
  from new_lines n left join tracks t on t.id = n.track_id
  group by 1, 2, 3, 4, 5, 6, 7, 8
  on conflict (sale_date, brand, supplier_id, label_id, store, sale_type_id, genre_id, currency) do update
  set lines = d.lines + excluded.lines, quantity = d.quantity + excluded.quantity,
      gross = d.gross + excluded.gross, net = d.net + excluded.net;
  return null;
end $$;--> statement-breakpoint
create trigger sales_lines_daily after insert on sales_lines referencing new table as new_lines for each statement execute function sales_daily_add();--> statement-breakpoint
-- Rebuilds the whole rollup from the lines: here, and after a bulk load that ran without
-- triggers (the seed).
create function sales_daily_rebuild() returns void language sql as $$
  delete from sales_daily;
  insert into sales_daily (sale_date, brand, supplier_id, label_id, store, sale_type_id, genre_id, currency, lines, quantity, gross, net)
  select s.sale_date, s.brand, s.supplier_id, s.label_id, s.store, s.sale_type_id, coalesce(t.genre_id, 0), s.currency,
         count(*), sum(s.quantity), sum(s.gross), sum(s.net)
  from sales_lines s left join tracks t on t.id = s.track_id
  group by 1, 2, 3, 4, 5, 6, 7, 8;
$$;--> statement-breakpoint
select sales_daily_rebuild();
