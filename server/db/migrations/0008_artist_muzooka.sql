CREATE TABLE "artist_muzooka_mappings" (
	"id" serial PRIMARY KEY NOT NULL,
	"artist_id" integer NOT NULL,
	"muzooka_id" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "artist_muzooka_mappings_artist_profile" UNIQUE("artist_id","muzooka_id")
);
--> statement-breakpoint
ALTER TABLE "artists" ADD COLUMN "image_key" text;--> statement-breakpoint
ALTER TABLE "artist_muzooka_mappings" ADD CONSTRAINT "artist_muzooka_mappings_artist_id_fkey" FOREIGN KEY ("artist_id") REFERENCES "public"."artists"("id") ON DELETE no action ON UPDATE no action;