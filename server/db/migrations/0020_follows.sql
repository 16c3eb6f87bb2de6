CREATE TABLE "follows" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"user_id" integer NOT NULL,
	"artist_id" integer,
	"label_id" integer,
	"followed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follows_one_target" CHECK (("follows"."artist_id" is null) <> ("follows"."label_id" is null))
);
--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_artist_id_fkey" FOREIGN KEY ("artist_id") REFERENCES "public"."artists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_label_id_fkey" FOREIGN KEY ("label_id") REFERENCES "public"."labels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "follows_user_artist" ON "follows" USING btree ("user_id","brand","artist_id") WHERE artist_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "follows_user_label" ON "follows" USING btree ("user_id","brand","label_id") WHERE label_id is not null;--> statement-breakpoint
CREATE INDEX "follows_brand_time" ON "follows" USING btree ("brand","followed_at");--> statement-breakpoint
CREATE INDEX "follows_label_time" ON "follows" USING btree ("label_id","followed_at") WHERE label_id is not null;--> statement-breakpoint
CREATE INDEX "follows_artist" ON "follows" USING btree ("artist_id") WHERE artist_id is not null;