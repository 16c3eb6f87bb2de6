CREATE TABLE "ftp_user_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"ftp_user_id" integer NOT NULL,
	"algorithm" text NOT NULL,
	"key_data" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"fingerprint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ftp_user_keys_user_key" UNIQUE("ftp_user_id","key_data")
);
--> statement-breakpoint
CREATE TABLE "ftp_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"supplier_id" integer NOT NULL,
	"username" text NOT NULL,
	"password_hash" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "ftp_users_username_key" UNIQUE("username")
);
--> statement-breakpoint
ALTER TABLE "ftp_user_keys" ADD CONSTRAINT "ftp_user_keys_ftp_user_id_fkey" FOREIGN KEY ("ftp_user_id") REFERENCES "public"."ftp_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ftp_users" ADD CONSTRAINT "ftp_users_supplier_id_fkey" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ftp_users_supplier" ON "ftp_users" USING btree ("supplier_id");