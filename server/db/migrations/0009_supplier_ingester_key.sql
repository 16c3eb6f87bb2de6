ALTER TABLE "suppliers" ADD COLUMN "ingester_key_hint" text;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "ingester_key_created_at" timestamp with time zone;--> statement-breakpoint
UPDATE "suppliers" SET "ingester_key_hint" = right("ingester_key", 4), "ingester_key" = rtrim(translate(encode(sha256(convert_to("ingester_key", 'UTF8')), 'base64'), '+/', '-_'), '=') WHERE "ingester_key" IS NOT NULL;
