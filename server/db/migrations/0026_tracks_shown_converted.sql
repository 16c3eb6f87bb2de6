ALTER TABLE "tracks" ADD COLUMN "show_when_converted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Spec §4 (issue 27): every track that is not CONVERTED is hidden and disabled; one that was shown is shown again once an encode converts it.
UPDATE "tracks" SET "show_when_converted" = ("enabled" and not "hidden"), "hidden" = true, "enabled" = false, "version" = "version" + 1
  WHERE "encode_status" <> 'CONVERTED' and (not "hidden" or "enabled");--> statement-breakpoint
ALTER TABLE "tracks" ADD CONSTRAINT "tracks_shown_converted_check" CHECK ("tracks"."encode_status" = 'CONVERTED' or ("tracks"."hidden" and not "tracks"."enabled"));
