-- Credit notes (docs/BUYING-ON-ACCOUNT.md, 'Credit notes'): their own gapless numbers, what each order was credited,
-- and the receivables' index counting it in what is owed.
CREATE TABLE "credit_note_counter" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "credit_note_counter_one_row" CHECK ("credit_note_counter"."id")
);
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"number" text PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"off_balance_cents" bigint NOT NULL,
	"to_credit_cents" bigint NOT NULL,
	"issued_by" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_notes_split" CHECK ("credit_notes"."amount_cents" > 0 and "credit_notes"."off_balance_cents" >= 0 and "credit_notes"."to_credit_cents" >= 0 and "credit_notes"."off_balance_cents" + "credit_notes"."to_credit_cents" = "credit_notes"."amount_cents")
);
--> statement-breakpoint
DROP INDEX "orders_owing_on_account";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "credited_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_notes_by_order" ON "credit_notes" USING btree ("order_id","issued_at");--> statement-breakpoint
CREATE INDEX "orders_owing_on_account" ON "orders" USING btree ("company_id","invoice_due_at","total_cents","amount_paid_cents","credited_cents") WHERE payment_method = 'invoice' and status not in ('cancelled', 'refunded') and payment_status <> 'paid' and amount_paid_cents + credited_cents < total_cents;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_credited_within_total" CHECK ("orders"."credited_cents" >= 0 and "orders"."amount_paid_cents" + "orders"."credited_cents" <= "orders"."total_cents");