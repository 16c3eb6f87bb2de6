CREATE TABLE "track_countries_allowed" (
	"track_id" integer NOT NULL,
	"country_id" integer NOT NULL,
	CONSTRAINT "track_countries_allowed_pkey" PRIMARY KEY("track_id","country_id")
);
--> statement-breakpoint
ALTER TABLE "countries" ADD COLUMN "region" text;--> statement-breakpoint
-- Added by hand: databases seeded before this migration hold the countries of server/db/reference.ts; give each its region before the column becomes NOT NULL.
UPDATE "countries" SET "region" = v."region" FROM (VALUES ('US', 'North America'), ('GB', 'Europe'), ('DE', 'Europe'), ('FR', 'Europe'), ('NL', 'Europe'), ('ES', 'Europe'), ('IT', 'Europe'), ('CA', 'North America'), ('AU', 'Oceania'), ('BR', 'South America'), ('MX', 'North America'), ('JP', 'Asia'), ('SE', 'Europe'), ('BE', 'Europe'), ('ZA', 'Africa')) AS v("code", "region") WHERE "countries"."code" = v."code";--> statement-breakpoint
ALTER TABLE "countries" ALTER COLUMN "region" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "track_countries_allowed" ADD CONSTRAINT "track_countries_allowed_track_id_fkey" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_countries_allowed" ADD CONSTRAINT "track_countries_allowed_country_id_fkey" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "countries" ADD CONSTRAINT "countries_region_check" CHECK ("countries"."region" in ('Africa', 'Asia', 'Europe', 'North America', 'Oceania', 'South America'));