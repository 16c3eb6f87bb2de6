ALTER TABLE "releases" ADD COLUMN "price_tier" text;--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "price_tier" text;