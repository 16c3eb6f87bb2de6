CREATE TABLE "audio_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"track_id" integer NOT NULL,
	"format" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audio_files_track_id_format_key" UNIQUE("track_id","format"),
	CONSTRAINT "audio_files_format_check" CHECK ("audio_files"."format" in ('flac', 'wav', 'aiff', 'mp3', 'aac-128', 'aac-256', 'preview-mp3', 'preview-mp4')),
	CONSTRAINT "audio_files_size_bytes_check" CHECK ("audio_files"."size_bytes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "release_images" (
	"release_id" integer NOT NULL,
	"variant" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"size_bytes" integer NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "release_images_pkey" PRIMARY KEY("release_id","variant"),
	CONSTRAINT "release_images_variant_check" CHECK ("release_images"."variant" in ('original', 'default')),
	CONSTRAINT "release_images_check" CHECK ("release_images"."width" > 0 and "release_images"."height" > 0 and "release_images"."size_bytes" >= 0)
);
--> statement-breakpoint
ALTER TABLE "audio_files" ADD CONSTRAINT "audio_files_track_id_fkey" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_images" ADD CONSTRAINT "release_images_release_id_fkey" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_images" ADD CONSTRAINT "release_images_uploaded_by_fkey" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;