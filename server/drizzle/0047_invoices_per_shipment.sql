-- Invoices per shipment on account (docs/decisions/077-invoices-per-shipment.md).
CREATE TABLE "account_invoices" (
	"number" text PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"total_cents" bigint NOT NULL,
	"paid_cents" bigint DEFAULT 0 NOT NULL,
	"credited_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "account_invoices_figures" CHECK ("account_invoices"."total_cents" > 0 and "account_invoices"."paid_cents" >= 0 and "account_invoices"."credited_cents" >= 0 and "account_invoices"."paid_cents" + "account_invoices"."credited_cents" <= "account_invoices"."total_cents")
);
--> statement-breakpoint
ALTER TABLE "account_invoices" ADD CONSTRAINT "account_invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_invoices_by_order" ON "account_invoices" USING btree ("order_id","issued_at");--> statement-breakpoint
CREATE INDEX "account_invoices_owing" ON "account_invoices" USING btree ("company_id","due_at","total_cents","paid_cents","credited_cents") WHERE "account_invoices"."paid_cents" + "account_invoices"."credited_cents" < "account_invoices"."total_cents";--> statement-breakpoint
-- Each order on account invoiced before: one invoice for its total, with what was paid and credited of it.
INSERT INTO "account_invoices" ("number", "order_id", "company_id", "issued_at", "due_at", "total_cents", "paid_cents", "credited_cents")
	SELECT "invoice_number", "id", "company_id", "invoice_issued_at", "invoice_due_at", "total_cents", "amount_paid_cents", "credited_cents"
	FROM "orders"
	WHERE "payment_method" = 'invoice' AND "invoice_number" IS NOT NULL AND "invoice_issued_at" IS NOT NULL
		AND "invoice_due_at" IS NOT NULL AND "company_id" IS NOT NULL AND "total_cents" > 0;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoiced_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "orders" SET "invoiced_cents" = "total_cents" WHERE "id" IN (SELECT "order_id" FROM "account_invoices");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_invoiced_within_total" CHECK ("orders"."invoiced_cents" >= 0 and "orders"."invoiced_cents" <= "orders"."total_cents");--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "invoice_number" text;--> statement-breakpoint
UPDATE "credit_notes" SET "invoice_number" = "account_invoices"."number" FROM "account_invoices" WHERE "account_invoices"."order_id" = "credit_notes"."order_id";--> statement-breakpoint
ALTER TABLE "credit_notes" ALTER COLUMN "invoice_number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_invoice_number_account_invoices_number_fk" FOREIGN KEY ("invoice_number") REFERENCES "public"."account_invoices"("number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "invoice_number" text;--> statement-breakpoint
UPDATE "ledger_entries" SET "invoice_number" = "account_invoices"."number" FROM "account_invoices" WHERE "account_invoices"."order_id" = "ledger_entries"."order_id";--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_invoice_number_account_invoices_number_fk" FOREIGN KEY ("invoice_number") REFERENCES "public"."account_invoices"("number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_by_invoice" ON "ledger_entries" USING btree ("invoice_number");--> statement-breakpoint
-- One card payment may pay an order's invoices of several shipments: once per invoice.
DROP INDEX "ledger_entries_card_payment_once";--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_card_payment_once" ON "ledger_entries" USING btree ("reference","invoice_number") WHERE "ledger_entries"."kind" = 'card-payment';--> statement-breakpoint
-- Reminders a row per invoice and step; one of an order without an invoice reminded of nothing.
ALTER TABLE "invoice_reminders" ADD COLUMN "invoice_number" text;--> statement-breakpoint
UPDATE "invoice_reminders" SET "invoice_number" = "account_invoices"."number" FROM "account_invoices" WHERE "account_invoices"."order_id" = "invoice_reminders"."order_id";--> statement-breakpoint
DELETE FROM "invoice_reminders" WHERE "invoice_number" IS NULL;--> statement-breakpoint
ALTER TABLE "invoice_reminders" ALTER COLUMN "invoice_number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_reminders" DROP CONSTRAINT "invoice_reminders_order_id_orders_id_fk";--> statement-breakpoint
ALTER TABLE "invoice_reminders" DROP CONSTRAINT "invoice_reminders_order_id_step_pk";--> statement-breakpoint
ALTER TABLE "invoice_reminders" DROP COLUMN "order_id";--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_invoice_number_step_pk" PRIMARY KEY("invoice_number","step");--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_invoice_number_account_invoices_number_fk" FOREIGN KEY ("invoice_number") REFERENCES "public"."account_invoices"("number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Each shipment of an order invoiced whole is billed on its one invoice.
UPDATE "shipments" SET "invoice_number" = "account_invoices"."number", "invoice_issued_at" = "account_invoices"."issued_at",
	"invoice_due_at" = "account_invoices"."due_at", "invoice_cents" = "account_invoices"."total_cents"
	FROM "account_invoices" WHERE "account_invoices"."order_id" = "shipments"."order_id" AND "shipments"."invoice_number" IS NULL;
