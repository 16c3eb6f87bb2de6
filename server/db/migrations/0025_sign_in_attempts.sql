CREATE TABLE "sign_in_attempts" (
	"service" text NOT NULL,
	"username" text NOT NULL,
	"address" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failure_ms" bigint DEFAULT 0 NOT NULL,
	"blocked_until_ms" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sign_in_attempts_service_username_address_pk" PRIMARY KEY("service","username","address")
);
--> statement-breakpoint
CREATE INDEX "sign_in_attempts_last_failure" ON "sign_in_attempts" USING btree ("last_failure_ms");