CREATE TABLE "banking" (
	"id" serial PRIMARY KEY NOT NULL,
	"supplier_id" integer NOT NULL,
	"bank_name" varchar(45),
	"name_on_account" varchar(45),
	"routing_number" varchar(45),
	"account_number" varchar(255),
	"sort_code" varchar(45),
	"swift" varchar(100),
	"iban" varchar(100),
	"paypal_email" varchar(255),
	"tax_id" varchar(45),
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"supplier_id" integer,
	"label_id" integer,
	"contact_type_id" integer,
	"first_name" text,
	"last_name" text,
	"email" text,
	"username" text,
	"phone" text,
	"phone_ext" text,
	"address1" text,
	"address2" text,
	"city" text,
	"postal_code" text,
	"state_id" integer,
	"country_id" integer,
	"fax" text,
	"website" text,
	"is_primary" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" serial PRIMARY KEY NOT NULL,
	"supplier_id" integer,
	"label_id" integer,
	"contract_type_id" integer NOT NULL,
	"commercial_model_id" integer,
	"start_date" date NOT NULL,
	"end_date" date,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" char(2) NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "countries_code_key" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "currencies" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" char(3) NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "currencies_code_key" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "genres" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "genres_name_key" UNIQUE("name"),
	CONSTRAINT "genres_slug_key" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "label_managers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "labels" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"supplier_id" integer NOT NULL,
	"bio" text,
	"image_url" text,
	"hype_trial_start" date,
	"hype_trial_end" date,
	"is_available_for_pre_order" boolean DEFAULT false NOT NULL,
	"default_pre_order_weeks" integer DEFAULT 0 NOT NULL,
	"hype_eligible" boolean DEFAULT false NOT NULL,
	"hype_active" boolean DEFAULT false NOT NULL,
	"label_manager_id" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"claimed" boolean DEFAULT true NOT NULL,
	"temp_username" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "labels_default_pre_order_weeks_check" CHECK ("labels"."default_pre_order_weeks" between 0 and 4),
	CONSTRAINT "labels_check" CHECK ("labels"."hype_trial_start" is null or "labels"."hype_trial_end" is null or "labels"."hype_trial_start" <= "labels"."hype_trial_end")
);
--> statement-breakpoint
CREATE TABLE "musical_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"camelot" text,
	CONSTRAINT "musical_keys_name_key" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "reference_items" (
	"list" text NOT NULL,
	"id" integer NOT NULL,
	"name" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "reference_items_pkey" PRIMARY KEY("list","id")
);
--> statement-breakpoint
CREATE TABLE "states" (
	"id" serial PRIMARY KEY NOT NULL,
	"country_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sub_genres" (
	"id" serial PRIMARY KEY NOT NULL,
	"genre_id" integer NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "sub_genres_genre_id_name_key" UNIQUE("genre_id","name")
);
--> statement-breakpoint
CREATE TABLE "supplier_genre_mappings" (
	"id" serial PRIMARY KEY NOT NULL,
	"supplier_id" integer NOT NULL,
	"source_genre" text NOT NULL,
	"genre_id" integer,
	"restricted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplier_label_mappings" (
	"id" serial PRIMARY KEY NOT NULL,
	"supplier_id" integer NOT NULL,
	"source_label" text NOT NULL,
	"label_id" integer,
	"blacklisted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"ingester_key" text,
	"ddex_party_id" text,
	"auto_create_labels" boolean DEFAULT false NOT NULL,
	"vendor_code" text,
	"pposp_enrolled" boolean DEFAULT false NOT NULL,
	"default_exclusive_period" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "suppliers_ddex_party_id_check" CHECK ("suppliers"."ddex_party_id" is null or "suppliers"."ddex_party_id" ~ '^PADPIDA[0-9]{10}[A-Z0-9]?$'),
	CONSTRAINT "suppliers_default_exclusive_period_check" CHECK ("suppliers"."default_exclusive_period" in (14, 28, 56))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"display_name" text,
	"first_name" text,
	"last_name" text,
	"app" text,
	"role" text,
	"brands" text[] DEFAULT '{}' NOT NULL,
	"features" text[] DEFAULT '{}' NOT NULL,
	"supplier_id" integer,
	"label_id" integer,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login" timestamp with time zone,
	"register_ip" text,
	"country_id" integer,
	"dj_name" text,
	"dj_slug" text,
	"dj_profile_enabled" boolean DEFAULT false NOT NULL,
	"dj_is_indexed" boolean DEFAULT false NOT NULL,
	"is_indexed" boolean DEFAULT true NOT NULL,
	"decline_transactions" boolean DEFAULT false NOT NULL,
	"bypass_fraud_checks" boolean DEFAULT false NOT NULL,
	"billing_disabled" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "users_username_key" UNIQUE("username"),
	CONSTRAINT "users_dj_slug_key" UNIQUE("dj_slug"),
	CONSTRAINT "users_app_check" CHECK ("users"."app" in ('app:control', 'app:baseware'))
);
--> statement-breakpoint
CREATE TABLE "artists" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"bio" text,
	"image_url" text,
	"muzooka_sync" boolean DEFAULT false NOT NULL,
	"muzooka_id" text,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "artists_check" CHECK (not "artists"."muzooka_sync" or "artists"."muzooka_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"entity" text NOT NULL,
	"entity_id" integer NOT NULL,
	"body" text NOT NULL,
	"author_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "release_artists" (
	"release_id" integer NOT NULL,
	"artist_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "release_artists_pkey" PRIMARY KEY("release_id","artist_id")
);
--> statement-breakpoint
CREATE TABLE "releases" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(250) NOT NULL,
	"catalog_number" text,
	"upc" varchar(32),
	"global_release_id" varchar(18),
	"label_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"genre_id" integer,
	"release_type_id" integer,
	"street_date" date,
	"release_date" date,
	"new_release_date" date,
	"pre_order_date" date,
	"exclusive_date" date,
	"price_override" numeric(10, 2),
	"price_override_firm" boolean DEFAULT false NOT NULL,
	"exclusive_period" integer,
	"is_available_for_pre_order" boolean DEFAULT false NOT NULL,
	"default_pre_order_weeks" integer DEFAULT 0 NOT NULL,
	"is_explicit" boolean DEFAULT false NOT NULL,
	"hype_eligible" boolean DEFAULT false NOT NULL,
	"hype_enabled" boolean DEFAULT false NOT NULL,
	"encode_status" text DEFAULT 'CONVERTED' NOT NULL,
	"is_dj_edit" boolean DEFAULT false NOT NULL,
	"is_ugc_remix" boolean DEFAULT false NOT NULL,
	"is_available_for_streaming" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "releases_exclusive_period_check" CHECK ("releases"."exclusive_period" in (14, 28, 56)),
	CONSTRAINT "releases_default_pre_order_weeks_check" CHECK ("releases"."default_pre_order_weeks" between 0 and 4)
);
--> statement-breakpoint
CREATE TABLE "track_artists" (
	"track_id" integer NOT NULL,
	"artist_id" integer NOT NULL,
	"role" text DEFAULT 'artist' NOT NULL,
	"position" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "track_artists_pkey" PRIMARY KEY("track_id","artist_id","role"),
	CONSTRAINT "track_artists_role_check" CHECK ("track_artists"."role" in ('artist', 'remixer'))
);
--> statement-breakpoint
CREATE TABLE "track_publish_dates" (
	"track_id" integer NOT NULL,
	"country_id" integer NOT NULL,
	"commercial_model_id" integer DEFAULT 1 NOT NULL,
	"publish_at" timestamp with time zone NOT NULL,
	"pre_order_at" timestamp with time zone,
	"takedown_at" timestamp with time zone,
	CONSTRAINT "track_publish_dates_pkey" PRIMARY KEY("track_id","country_id","commercial_model_id"),
	CONSTRAINT "track_publish_dates_check" CHECK ("track_publish_dates"."pre_order_at" is null or "track_publish_dates"."pre_order_at" < "track_publish_dates"."publish_at"),
	CONSTRAINT "track_publish_dates_check1" CHECK ("track_publish_dates"."takedown_at" is null or "track_publish_dates"."takedown_at" > "track_publish_dates"."publish_at")
);
--> statement-breakpoint
CREATE TABLE "track_publishers" (
	"id" serial PRIMARY KEY NOT NULL,
	"track_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "track_songwriters" (
	"id" serial PRIMARY KEY NOT NULL,
	"track_id" integer NOT NULL,
	"name" text NOT NULL,
	"songwriter_type_id" integer
);
--> statement-breakpoint
CREATE TABLE "tracks" (
	"id" serial PRIMARY KEY NOT NULL,
	"release_id" integer NOT NULL,
	"label_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"position" integer DEFAULT 1 NOT NULL,
	"title" varchar(250) NOT NULL,
	"mix_name" varchar(128),
	"isrc" varchar(16),
	"bpm" integer,
	"key_id" integer,
	"genre_id" integer,
	"sub_genre_id" integer,
	"copyright_holder" varchar(1000),
	"label_track_id" text,
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"encode_status" text DEFAULT 'CONVERTED' NOT NULL,
	"encoded_at" timestamp with time zone,
	"publish_date" date,
	"release_date" date,
	"exclusive_date" date,
	"free_download_start_date" date,
	"free_download_end_date" date,
	"is_available_for_streaming" boolean DEFAULT true NOT NULL,
	"is_hype" boolean DEFAULT false NOT NULL,
	"hype_eligible" boolean DEFAULT false NOT NULL,
	"is_dj_edit" boolean DEFAULT false NOT NULL,
	"is_ugc_remix" boolean DEFAULT false NOT NULL,
	"parent_track_id" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"artist_names" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "tracks_bpm_check" CHECK ("tracks"."bpm" is null or "tracks"."bpm" between 20 and 999)
);
--> statement-breakpoint
CREATE TABLE "chart_tracks" (
	"chart_id" integer NOT NULL,
	"track_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "chart_tracks_pkey" PRIMARY KEY("chart_id","track_id")
);
--> statement-breakpoint
CREATE TABLE "charts" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"title" varchar(45) NOT NULL,
	"description" text,
	"image_url" text,
	"owner_id" integer,
	"dj_name" text,
	"genre_id" integer,
	"partner_exclusive" boolean DEFAULT false NOT NULL,
	"playlist_id" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"publish_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "link_partners" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"url" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_module_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"module_id" integer NOT NULL,
	"position" integer NOT NULL,
	"item_type_id" integer NOT NULL,
	"item_id" integer,
	"image_url" text,
	"url" text,
	"start_date" date,
	"end_date" date
);
--> statement-breakpoint
CREATE TABLE "page_modules" (
	"id" serial PRIMARY KEY NOT NULL,
	"page_id" integer NOT NULL,
	"name" varchar(250) NOT NULL,
	"module_type_id" integer NOT NULL,
	"slot" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"start_date" date,
	"end_date" date,
	"external_url" text,
	"available_worldwide" boolean DEFAULT true NOT NULL,
	"paginated" boolean DEFAULT false NOT NULL,
	"sponsored_item" text,
	"guest_pick" text,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "page_modules_slot_check" CHECK ("page_modules"."slot" in ('header', 'left', 'right')),
	CONSTRAINT "page_modules_check" CHECK ("page_modules"."start_date" is null or "page_modules"."end_date" is null or "page_modules"."start_date" < "page_modules"."end_date")
);
--> statement-breakpoint
CREATE TABLE "pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"page_type_id" integer NOT NULL,
	"slug" text NOT NULL,
	"name" varchar(255) NOT NULL,
	"show_primary_nav" boolean DEFAULT true NOT NULL,
	"start_date" date,
	"end_date" date,
	"description" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "pages_brand_slug_key" UNIQUE("brand","slug"),
	CONSTRAINT "pages_check" CHECK ("pages"."start_date" is null or "pages"."end_date" is null or "pages"."start_date" < "pages"."end_date")
);
--> statement-breakpoint
CREATE TABLE "playlist_tracks" (
	"playlist_id" integer NOT NULL,
	"track_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "playlist_tracks_pkey" PRIMARY KEY("playlist_id","track_id")
);
--> statement-breakpoint
CREATE TABLE "playlists" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"name" text NOT NULL,
	"playlist_type_id" integer,
	"status" text DEFAULT 'published' NOT NULL,
	"is_curated" boolean DEFAULT false NOT NULL,
	"curated_genre_id" integer,
	"is_public" boolean DEFAULT true NOT NULL,
	"genre_id" integer,
	"owner_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"code" text NOT NULL,
	"discount_type_id" integer NOT NULL,
	"discount_amount" numeric(10, 2),
	"discount_percentage" numeric(5, 2),
	"max_usage" integer,
	"min_order" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"user_ids" integer[] DEFAULT '{}' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"start_date" date,
	"end_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "coupons_code_key" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "credits" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"currency" char(3) NOT NULL,
	"reason_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hype_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"label_id" integer NOT NULL,
	"name" text NOT NULL,
	"price" numeric(10, 2) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"hype_active" boolean DEFAULT false NOT NULL,
	"start_date" date,
	"end_date" date,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "hype_offers_check" CHECK ("hype_offers"."start_date" is null or "hype_offers"."end_date" is null or "hype_offers"."start_date" <= "hype_offers"."end_date")
);
--> statement-breakpoint
CREATE TABLE "hype_purchases" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"user_id" integer NOT NULL,
	"label_id" integer NOT NULL,
	"offer_id" integer,
	"amount" numeric(10, 2) NOT NULL,
	"voided" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"key" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"request_hash" text NOT NULL,
	"status" integer NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"track_id" integer,
	"release_id" integer,
	"price" numeric(10, 2) NOT NULL,
	"availability" smallint DEFAULT 1 NOT NULL,
	"downloads_enabled" boolean DEFAULT true NOT NULL,
	"refunded_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "order_items_availability_check" CHECK ("order_items"."availability" in (0, 1, 2))
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"store" text NOT NULL,
	"user_id" integer NOT NULL,
	"status" text NOT NULL,
	"voided" boolean DEFAULT false NOT NULL,
	"purchaser_ip" text,
	"currency" char(3) DEFAULT 'USD' NOT NULL,
	"subtotal" numeric(10, 2) DEFAULT 0 NOT NULL,
	"tax" numeric(10, 2) DEFAULT 0 NOT NULL,
	"total" numeric(10, 2) DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('Open', 'Complete', 'Deleted'))
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_item_id" integer NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_order_item_id_key" UNIQUE("order_item_id")
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"release_id" integer,
	"title" text NOT NULL,
	"artist" text NOT NULL,
	"label_name" text NOT NULL,
	"label_id" integer,
	"genre_id" integer,
	"supplier_id" integer NOT NULL,
	"source_type_id" integer,
	"release_status" text NOT NULL,
	"album_action" text NOT NULL,
	"status_message" text,
	"xml_file_path" text,
	"ingested" boolean DEFAULT false NOT NULL,
	"delivered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "deliveries_album_action_check" CHECK ("deliveries"."album_action" in ('insert', 'update', 'delete', 'purge'))
);
--> statement-breakpoint
CREATE TABLE "host_vendors" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"state" text DEFAULT 'PENDING' NOT NULL,
	"child_job_id" integer,
	"owner_id" integer,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_state_check" CHECK ("jobs"."state" in ('PENDING', 'RUNNING', 'DONE', 'ERROR'))
);
--> statement-breakpoint
CREATE TABLE "live_stream_stages" (
	"id" serial PRIMARY KEY NOT NULL,
	"live_stream_id" integer NOT NULL,
	"name" text NOT NULL,
	"number" integer NOT NULL,
	CONSTRAINT "live_stream_stages_live_stream_id_number_key" UNIQUE("live_stream_id","number"),
	CONSTRAINT "live_stream_stages_number_check" CHECK ("live_stream_stages"."number" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "live_streams" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"is_auto_enabled" boolean DEFAULT false NOT NULL,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"genre_id" integer,
	"host_vendor_id" integer,
	"tracklist_vendor_id" integer,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "live_streams_check" CHECK ("live_streams"."start_at" is null or "live_streams"."end_at" is null or "live_streams"."start_at" < "live_streams"."end_at")
);
--> statement-breakpoint
CREATE TABLE "oauth_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"client_id" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"code_challenge" text NOT NULL,
	"scope" text NOT NULL,
	"family_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "oauth_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer NOT NULL,
	"client_id" text NOT NULL,
	"family_id" text NOT NULL,
	"scope" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"rotated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oauth_tokens_kind_check" CHECK ("oauth_tokens"."kind" in ('access', 'refresh'))
);
--> statement-breakpoint
CREATE TABLE "row_counts" (
	"tbl" text PRIMARY KEY NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"sale_date" date NOT NULL,
	"supplier_id" integer NOT NULL,
	"label_id" integer NOT NULL,
	"release_id" integer,
	"track_id" integer,
	"store" text NOT NULL,
	"sale_type_id" integer NOT NULL,
	"country_id" integer,
	"quantity" integer NOT NULL,
	"gross" numeric(12, 2) NOT NULL,
	"net" numeric(12, 2) NOT NULL,
	"currency" char(3) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statements" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"supplier_id" integer,
	"label_id" integer,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"currency" char(3) NOT NULL,
	"carried_forward" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracklist_vendors" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "banking" ADD CONSTRAINT "banking_supplier_id_fkey" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_supplier_id_fkey" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_label_id_fkey" FOREIGN KEY ("label_id") REFERENCES "public"."labels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_state_id_fkey" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_country_id_fkey" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_supplier_id_fkey" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_label_id_fkey" FOREIGN KEY ("label_id") REFERENCES "public"."labels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labels" ADD CONSTRAINT "labels_supplier_id_fkey" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labels" ADD CONSTRAINT "labels_label_manager_id_fkey" FOREIGN KEY ("label_manager_id") REFERENCES "public"."label_managers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "states" ADD CONSTRAINT "states_country_id_fkey" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_genres" ADD CONSTRAINT "sub_genres_genre_id_fkey" FOREIGN KEY ("genre_id") REFERENCES "public"."genres"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_genre_mappings" ADD CONSTRAINT "supplier_genre_mappings_supplier_id_fkey" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_genre_mappings" ADD CONSTRAINT "supplier_genre_mappings_genre_id_fkey" FOREIGN KEY ("genre_id") REFERENCES "public"."genres"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_label_mappings" ADD CONSTRAINT "supplier_label_mappings_supplier_id_fkey" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_label_mappings" ADD CONSTRAINT "supplier_label_mappings_label_id_fkey" FOREIGN KEY ("label_id") REFERENCES "public"."labels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_supplier_id_fkey" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_label_id_fkey" FOREIGN KEY ("label_id") REFERENCES "public"."labels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_country_id_fkey" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artists" ADD CONSTRAINT "artists_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_artists" ADD CONSTRAINT "release_artists_release_id_fkey" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_artists" ADD CONSTRAINT "release_artists_artist_id_fkey" FOREIGN KEY ("artist_id") REFERENCES "public"."artists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "releases" ADD CONSTRAINT "releases_label_id_fkey" FOREIGN KEY ("label_id") REFERENCES "public"."labels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "releases" ADD CONSTRAINT "releases_supplier_id_fkey" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "releases" ADD CONSTRAINT "releases_genre_id_fkey" FOREIGN KEY ("genre_id") REFERENCES "public"."genres"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_artists" ADD CONSTRAINT "track_artists_track_id_fkey" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_artists" ADD CONSTRAINT "track_artists_artist_id_fkey" FOREIGN KEY ("artist_id") REFERENCES "public"."artists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_publish_dates" ADD CONSTRAINT "track_publish_dates_track_id_fkey" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_publish_dates" ADD CONSTRAINT "track_publish_dates_country_id_fkey" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_publishers" ADD CONSTRAINT "track_publishers_track_id_fkey" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_songwriters" ADD CONSTRAINT "track_songwriters_track_id_fkey" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracks" ADD CONSTRAINT "tracks_release_id_fkey" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracks" ADD CONSTRAINT "tracks_label_id_fkey" FOREIGN KEY ("label_id") REFERENCES "public"."labels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracks" ADD CONSTRAINT "tracks_supplier_id_fkey" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracks" ADD CONSTRAINT "tracks_key_id_fkey" FOREIGN KEY ("key_id") REFERENCES "public"."musical_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracks" ADD CONSTRAINT "tracks_genre_id_fkey" FOREIGN KEY ("genre_id") REFERENCES "public"."genres"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracks" ADD CONSTRAINT "tracks_sub_genre_id_fkey" FOREIGN KEY ("sub_genre_id") REFERENCES "public"."sub_genres"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracks" ADD CONSTRAINT "tracks_parent_track_id_fkey" FOREIGN KEY ("parent_track_id") REFERENCES "public"."tracks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chart_tracks" ADD CONSTRAINT "chart_tracks_chart_id_fkey" FOREIGN KEY ("chart_id") REFERENCES "public"."charts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chart_tracks" ADD CONSTRAINT "chart_tracks_track_id_fkey" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charts" ADD CONSTRAINT "charts_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charts" ADD CONSTRAINT "charts_genre_id_fkey" FOREIGN KEY ("genre_id") REFERENCES "public"."genres"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charts" ADD CONSTRAINT "charts_playlist_id_fkey" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_module_items" ADD CONSTRAINT "page_module_items_module_id_fkey" FOREIGN KEY ("module_id") REFERENCES "public"."page_modules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_modules" ADD CONSTRAINT "page_modules_page_id_fkey" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_tracks" ADD CONSTRAINT "playlist_tracks_playlist_id_fkey" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_tracks" ADD CONSTRAINT "playlist_tracks_track_id_fkey" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlists" ADD CONSTRAINT "playlists_curated_genre_id_fkey" FOREIGN KEY ("curated_genre_id") REFERENCES "public"."genres"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlists" ADD CONSTRAINT "playlists_genre_id_fkey" FOREIGN KEY ("genre_id") REFERENCES "public"."genres"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlists" ADD CONSTRAINT "playlists_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credits" ADD CONSTRAINT "credits_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hype_offers" ADD CONSTRAINT "hype_offers_label_id_fkey" FOREIGN KEY ("label_id") REFERENCES "public"."labels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hype_purchases" ADD CONSTRAINT "hype_purchases_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hype_purchases" ADD CONSTRAINT "hype_purchases_label_id_fkey" FOREIGN KEY ("label_id") REFERENCES "public"."labels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hype_purchases" ADD CONSTRAINT "hype_purchases_offer_id_fkey" FOREIGN KEY ("offer_id") REFERENCES "public"."hype_offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_track_id_fkey" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_release_id_fkey" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_item_id_fkey" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_release_id_fkey" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_label_id_fkey" FOREIGN KEY ("label_id") REFERENCES "public"."labels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_genre_id_fkey" FOREIGN KEY ("genre_id") REFERENCES "public"."genres"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_supplier_id_fkey" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_child_job_id_fkey" FOREIGN KEY ("child_job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_stream_stages" ADD CONSTRAINT "live_stream_stages_live_stream_id_fkey" FOREIGN KEY ("live_stream_id") REFERENCES "public"."live_streams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_streams" ADD CONSTRAINT "live_streams_genre_id_fkey" FOREIGN KEY ("genre_id") REFERENCES "public"."genres"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_streams" ADD CONSTRAINT "live_streams_host_vendor_id_fkey" FOREIGN KEY ("host_vendor_id") REFERENCES "public"."host_vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_streams" ADD CONSTRAINT "live_streams_tracklist_vendor_id_fkey" FOREIGN KEY ("tracklist_vendor_id") REFERENCES "public"."tracklist_vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_codes" ADD CONSTRAINT "oauth_codes_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_tokens" ADD CONSTRAINT "oauth_tokens_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_lines" ADD CONSTRAINT "sales_lines_supplier_id_fkey" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_lines" ADD CONSTRAINT "sales_lines_label_id_fkey" FOREIGN KEY ("label_id") REFERENCES "public"."labels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_lines" ADD CONSTRAINT "sales_lines_release_id_fkey" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_lines" ADD CONSTRAINT "sales_lines_track_id_fkey" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_lines" ADD CONSTRAINT "sales_lines_country_id_fkey" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statements" ADD CONSTRAINT "statements_supplier_id_fkey" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statements" ADD CONSTRAINT "statements_label_id_fkey" FOREIGN KEY ("label_id") REFERENCES "public"."labels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "labels_name_trgm" ON "labels" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "labels_supplier" ON "labels" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "labels_name" ON "labels" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "users_username_trgm" ON "users" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_registered" ON "users" USING btree ("registered_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "users_dj_name" ON "users" USING btree ("dj_name","id") WHERE dj_name is not null;--> statement-breakpoint
CREATE INDEX "users_dj_name_trgm" ON "users" USING gin ("dj_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_username" ON "users" USING btree ("username");--> statement-breakpoint
CREATE INDEX "artists_name_trgm" ON "artists" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "artists_name" ON "artists" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "artists_muzooka" ON "artists" USING btree ("muzooka_id") WHERE muzooka_id is not null;--> statement-breakpoint
CREATE INDEX "notes_entity" ON "notes" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "release_artists_artist" ON "release_artists" USING btree ("artist_id");--> statement-breakpoint
CREATE INDEX "releases_title_trgm" ON "releases" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "releases_release_date" ON "releases" USING btree ("release_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "releases_upc" ON "releases" USING btree ("upc");--> statement-breakpoint
CREATE INDEX "releases_catalog_number" ON "releases" USING btree ("catalog_number");--> statement-breakpoint
CREATE INDEX "releases_supplier_release_date" ON "releases" USING btree ("supplier_id","release_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "releases_label_release_date" ON "releases" USING btree ("label_id","release_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "track_artists_artist" ON "track_artists" USING btree ("artist_id");--> statement-breakpoint
CREATE INDEX "tracks_title_trgm" ON "tracks" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tracks_artist_names_trgm" ON "tracks" USING gin ("artist_names" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tracks_genre_release_date" ON "tracks" USING btree ("genre_id","release_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tracks_release_date" ON "tracks" USING btree ("release_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tracks_release" ON "tracks" USING btree ("release_id","position");--> statement-breakpoint
CREATE INDEX "tracks_isrc" ON "tracks" USING btree ("isrc");--> statement-breakpoint
CREATE INDEX "tracks_guid" ON "tracks" USING btree ("guid");--> statement-breakpoint
CREATE INDEX "tracks_supplier_release_date" ON "tracks" USING btree ("supplier_id","release_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tracks_label_release_date" ON "tracks" USING btree ("label_id","release_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tracks_genre_title_trgm" ON "tracks" USING gin ("genre_id","title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "order_items_order" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_user" ON "orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "orders_created" ON "orders" USING btree ("brand","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "deliveries_delivered" ON "deliveries" USING btree ("delivered_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "deliveries_supplier" ON "deliveries" USING btree ("supplier_id","id");--> statement-breakpoint
CREATE INDEX "deliveries_release_status" ON "deliveries" USING btree ("release_status","delivered_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "oauth_tokens_family" ON "oauth_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "sales_lines_brand_date" ON "sales_lines" USING btree ("brand","sale_date");--> statement-breakpoint
CREATE INDEX "sales_lines_supplier" ON "sales_lines" USING btree ("supplier_id","sale_date");--> statement-breakpoint
CREATE INDEX "sales_lines_label" ON "sales_lines" USING btree ("label_id","sale_date");