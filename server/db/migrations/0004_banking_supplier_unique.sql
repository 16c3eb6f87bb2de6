-- Concurrent first saves could store several rows for one supplier: keep the newest (highest id) of each.
DELETE FROM "banking" AS "older" USING "banking" AS "newer" WHERE "newer"."supplier_id" = "older"."supplier_id" AND "newer"."id" > "older"."id";--> statement-breakpoint
ALTER TABLE "banking" ADD CONSTRAINT "banking_supplier_id_key" UNIQUE("supplier_id");
