-- The old statements table held seeded quarterly sums only; the statements job rebuilds them (server/jobs/statements.ts).
DROP TABLE "statements" CASCADE;--> statement-breakpoint
CREATE TABLE "statement_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"statement_id" integer NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"quantity" integer,
	"amount" numeric(14, 2) NOT NULL,
	CONSTRAINT "statement_lines_position_key" UNIQUE("statement_id","position"),
	CONSTRAINT "statement_lines_kind_check" CHECK ("statement_lines"."kind" in ('carried_in', 'sales', 'correction', 'tax_withheld'))
);
--> statement-breakpoint
CREATE TABLE "statements" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"supplier_id" integer,
	"label_id" integer,
	"currency" char(3) NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"opening_balance" numeric(14, 2) NOT NULL,
	"sales" numeric(14, 2) NOT NULL,
	"corrections" numeric(14, 2) NOT NULL,
	"tax_withheld" numeric(14, 2) NOT NULL,
	"balance" numeric(14, 2) NOT NULL,
	"paid" numeric(14, 2) NOT NULL,
	"carried_forward" boolean NOT NULL,
	"tax_remit_by" date NOT NULL,
	"through_line_id" bigint NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statements_party_check" CHECK (("statements"."supplier_id" is null) <> ("statements"."label_id" is null)),
	CONSTRAINT "statements_period_check" CHECK ("statements"."period_start" <= "statements"."period_end")
);
--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_statement_id_fkey" FOREIGN KEY ("statement_id") REFERENCES "public"."statements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statements" ADD CONSTRAINT "statements_supplier_id_fkey" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statements" ADD CONSTRAINT "statements_label_id_fkey" FOREIGN KEY ("label_id") REFERENCES "public"."labels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "statements_supplier_period" ON "statements" USING btree ("supplier_id","brand","currency","period_start") WHERE supplier_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "statements_label_period" ON "statements" USING btree ("label_id","brand","currency","period_start") WHERE label_id is not null;--> statement-breakpoint
CREATE FUNCTION "statements_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'issued statements never change (% on %)', TG_OP, TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER "statements_immutable" BEFORE UPDATE OR DELETE ON "statements" FOR EACH ROW EXECUTE FUNCTION "statements_immutable"();--> statement-breakpoint
CREATE TRIGGER "statement_lines_immutable" BEFORE UPDATE OR DELETE ON "statement_lines" FOR EACH ROW EXECUTE FUNCTION "statements_immutable"();