CREATE TABLE "media_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"size_bytes" integer NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_images_storage_key_key" UNIQUE("storage_key"),
	CONSTRAINT "media_images_check" CHECK ("media_images"."width" > 0 and "media_images"."height" > 0 and "media_images"."size_bytes" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_item_downloads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_item_id" integer NOT NULL,
	"format" text NOT NULL,
	"downloaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_item_downloads_format_check" CHECK ("order_item_downloads"."format" in ('flac', 'wav', 'aiff', 'mp3', 'aac-128', 'aac-256'))
);
--> statement-breakpoint
ALTER TABLE "media_images" ADD CONSTRAINT "media_images_uploaded_by_fkey" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item_downloads" ADD CONSTRAINT "order_item_downloads_order_item_id_fkey" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_item_downloads_item" ON "order_item_downloads" USING btree ("order_item_id","format");