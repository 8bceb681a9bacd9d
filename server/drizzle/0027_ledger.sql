CREATE TABLE "company_credits" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"credit_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "company_credits_not_negative" CHECK ("company_credits"."credit_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"order_id" uuid,
	"payment_id" uuid,
	"kind" text NOT NULL,
	"owed_cents" bigint DEFAULT 0 NOT NULL,
	"credit_cents" bigint DEFAULT 0 NOT NULL,
	"reference" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_kind" CHECK ("ledger_entries"."kind" in ('invoice', 'payment', 'allocation', 'card-payment', 'credit-note')),
	CONSTRAINT "ledger_entries_signs" CHECK (case "ledger_entries"."kind"
        when 'invoice' then "ledger_entries"."owed_cents" > 0 and "ledger_entries"."credit_cents" = 0 and "ledger_entries"."order_id" is not null
        when 'payment' then "ledger_entries"."owed_cents" = 0 and "ledger_entries"."credit_cents" > 0 and "ledger_entries"."payment_id" is not null
        when 'allocation' then "ledger_entries"."owed_cents" < 0 and "ledger_entries"."credit_cents" = "ledger_entries"."owed_cents" and "ledger_entries"."order_id" is not null
        when 'card-payment' then "ledger_entries"."owed_cents" < 0 and "ledger_entries"."credit_cents" = 0 and "ledger_entries"."order_id" is not null
        else "ledger_entries"."owed_cents" <= 0 and "ledger_entries"."credit_cents" >= 0 and "ledger_entries"."credit_cents" - "ledger_entries"."owed_cents" > 0 and "ledger_entries"."order_id" is not null
      end)
);
--> statement-breakpoint
CREATE TABLE "payments_received" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"received_at" date NOT NULL,
	"reference" text NOT NULL,
	"recorded_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_received_reference" UNIQUE("company_id","reference"),
	CONSTRAINT "payments_received_positive" CHECK ("payments_received"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "company_credits" ADD CONSTRAINT "company_credits_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payment_id_payments_received_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments_received"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments_received" ADD CONSTRAINT "payments_received_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_by_company" ON "ledger_entries" USING btree ("company_id","at");--> statement-breakpoint
CREATE INDEX "ledger_entries_by_order" ON "ledger_entries" USING btree ("order_id");--> statement-breakpoint
-- Invoices on account issued before the ledger (nothing was paid against them yet: there was no way to).
INSERT INTO "ledger_entries" ("company_id", "order_id", "kind", "owed_cents", "reference", "at")
SELECT "company_id", "id", 'invoice', "total_cents", "invoice_number", "invoice_issued_at"
FROM "orders"
WHERE "payment_method" = 'invoice' AND "invoice_number" IS NOT NULL AND "company_id" IS NOT NULL;
