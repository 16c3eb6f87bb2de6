ALTER TABLE "labels" ADD COLUMN "image_key" text;--> statement-breakpoint
ALTER TABLE "charts" ADD COLUMN "image_key" text;