CREATE TABLE "service_agreement_acceptances" (
	"id" serial PRIMARY KEY NOT NULL,
	"supplier_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"version" text NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "service_agreement_acceptances" ADD CONSTRAINT "service_agreement_acceptances_supplier_id_fkey" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_agreement_acceptances" ADD CONSTRAINT "service_agreement_acceptances_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_agreement_acceptances_supplier_idx" ON "service_agreement_acceptances" USING btree ("supplier_id","version");