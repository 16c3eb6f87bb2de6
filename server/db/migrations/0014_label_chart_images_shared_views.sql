CREATE TABLE "shared_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"brand" text NOT NULL,
	"role" text NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"columns" text[],
	"order_by" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "labels" ADD COLUMN "image_key" text;--> statement-breakpoint
ALTER TABLE "charts" ADD COLUMN "image_key" text;--> statement-breakpoint
ALTER TABLE "shared_views" ADD CONSTRAINT "shared_views_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shared_views_role_idx" ON "shared_views" USING btree ("brand","role","type");--> statement-breakpoint
CREATE INDEX "shared_views_default_idx" ON "shared_views" USING btree ("brand","role","type") WHERE "shared_views"."is_default";