CREATE TABLE "idempotency_keys" (
	"account" text NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"owner" integer,
	"status" integer,
	"headers" jsonb,
	"body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_account_key_pk" PRIMARY KEY("account","key")
);
--> statement-breakpoint
CREATE INDEX "idempotency_keys_created" ON "idempotency_keys" USING btree ("created_at");