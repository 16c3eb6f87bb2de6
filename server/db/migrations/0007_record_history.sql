CREATE TABLE "record_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entity" text NOT NULL,
	"entity_id" integer NOT NULL,
	"user_id" integer,
	"action" text NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "suppliers" DROP CONSTRAINT "suppliers_default_exclusive_period_check";--> statement-breakpoint
ALTER TABLE "releases" DROP CONSTRAINT "releases_exclusive_period_check";--> statement-breakpoint
ALTER TABLE "record_history" ADD CONSTRAINT "record_history_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "record_history_entity" ON "record_history" USING btree ("entity","entity_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_default_exclusive_period_check" CHECK ("suppliers"."default_exclusive_period" in (0, 14, 28, 56));--> statement-breakpoint
ALTER TABLE "releases" ADD CONSTRAINT "releases_exclusive_period_check" CHECK ("releases"."exclusive_period" in (0, 14, 28, 56));