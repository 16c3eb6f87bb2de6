CREATE TABLE "playlist_partners" (
	"playlist_id" integer NOT NULL,
	"partner_id" integer NOT NULL,
	CONSTRAINT "playlist_partners_pkey" PRIMARY KEY("playlist_id","partner_id")
);
--> statement-breakpoint
ALTER TABLE "playlist_partners" ADD CONSTRAINT "playlist_partners_playlist_id_fkey" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_partners" ADD CONSTRAINT "playlist_partners_partner_id_fkey" FOREIGN KEY ("partner_id") REFERENCES "public"."link_partners"("id") ON DELETE no action ON UPDATE no action;