CREATE TABLE "delivery_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"delivery_id" integer NOT NULL,
	"release_status" text NOT NULL,
	"status_message" text,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "batch_dir" text;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "ingest_job_id" integer;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "storage_prefix" text;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "files" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_events" ADD CONSTRAINT "delivery_events_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_events_delivery" ON "delivery_events" USING btree ("delivery_id","id");--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_ingest_job_xml" UNIQUE("ingest_job_id","xml_file_path");