ALTER TABLE "audio_files" ADD COLUMN "stored" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Added by hand: every write of an audio_files row after the seed's stores its file first (uploads, ingestion, encodes), so an update that does not set `stored` itself marks the row stored.
CREATE FUNCTION "audio_files_written"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."stored" IS NOT DISTINCT FROM OLD."stored" THEN NEW."stored" := true; END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "audio_files_written" BEFORE UPDATE ON "audio_files" FOR EACH ROW EXECUTE FUNCTION "audio_files_written"();
