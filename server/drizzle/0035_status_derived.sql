-- SPEC.md's `status` and `paid` become columns the database derives from the two facts
-- (docs/decisions/053-status-derived.md). PostgreSQL cannot turn a column into a generated one, so both are dropped
-- and added again, in one rewrite of the table that computes each row's from its facts: the values it held, which the
-- two checks dropped here kept equal to them. Dropping the columns drops the indexes that read them and the
-- overview's trigger on a change of status: all are made again below.
DROP TRIGGER "orders_stats_days_changed" ON "orders";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_paid_while_money_held";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_facts_agree";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "status", DROP COLUMN "paid",
  ADD COLUMN "status" text GENERATED ALWAYS AS (case when ("orders"."fulfilment_status", "orders"."payment_status") in (('awaiting-approval', 'unpaid'), ('awaiting-approval', 'partially-paid'), ('awaiting-approval', 'paid'), ('awaiting-approval', 'partially-refunded'), ('awaiting-approval', 'refunded')) then 'awaiting-approval' when ("orders"."fulfilment_status", "orders"."payment_status") in (('open', 'unpaid'), ('open', 'partially-paid')) then 'unpaid' when ("orders"."fulfilment_status", "orders"."payment_status") in (('open', 'paid'), ('open', 'partially-refunded')) then 'paid' when ("orders"."fulfilment_status", "orders"."payment_status") in (('shipped', 'unpaid'), ('shipped', 'partially-paid'), ('shipped', 'paid'), ('shipped', 'partially-refunded')) then 'shipped' when ("orders"."fulfilment_status", "orders"."payment_status") in (('delivered', 'unpaid'), ('delivered', 'partially-paid'), ('delivered', 'paid'), ('delivered', 'partially-refunded')) then 'delivered' when ("orders"."fulfilment_status", "orders"."payment_status") in (('cancelled', 'unpaid'), ('cancelled', 'partially-paid'), ('cancelled', 'paid'), ('cancelled', 'partially-refunded')) then 'cancelled' when ("orders"."fulfilment_status", "orders"."payment_status") in (('open', 'refunded'), ('shipped', 'refunded'), ('delivered', 'refunded'), ('cancelled', 'refunded')) then 'refunded' end) STORED NOT NULL,
  ADD COLUMN "paid" boolean GENERATED ALWAYS AS ("orders"."payment_status" in ('paid', 'partially-refunded')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_facts_agree" CHECK (("orders"."fulfilment_status", "orders"."payment_status") in (('awaiting-approval', 'unpaid'), ('open', 'unpaid'), ('open', 'partially-paid'), ('open', 'paid'), ('open', 'partially-refunded'), ('shipped', 'unpaid'), ('shipped', 'partially-paid'), ('shipped', 'paid'), ('shipped', 'partially-refunded'), ('shipped', 'refunded'), ('delivered', 'unpaid'), ('delivered', 'partially-paid'), ('delivered', 'paid'), ('delivered', 'partially-refunded'), ('delivered', 'refunded'), ('cancelled', 'unpaid'), ('cancelled', 'refunded')));--> statement-breakpoint
CREATE INDEX "orders_by_status" ON "orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "orders_by_paid_at_cover" ON "orders" USING btree ("paid_at","status","total_cents","id") WHERE "orders"."paid_at" is not null;--> statement-breakpoint
CREATE INDEX "orders_by_created_at_status" ON "orders" USING btree ("created_at","status");--> statement-breakpoint
CREATE INDEX "orders_owing_on_account" ON "orders" USING btree ("company_id","invoice_due_at","total_cents","amount_paid_cents","credited_cents") WHERE payment_method = 'invoice' and status not in ('cancelled', 'refunded') and payment_status <> 'paid' and amount_paid_cents + credited_cents < total_cents;--> statement-breakpoint
-- No write names the status now: its facts, which it is generated from, are what an update names.
CREATE TRIGGER "orders_stats_days_changed"
AFTER UPDATE OF "fulfilment_status", "payment_status", "created_at", "paid_at", "total_cents" ON "orders"
FOR EACH ROW WHEN (
  OLD."status" IS DISTINCT FROM NEW."status" OR OLD."created_at" IS DISTINCT FROM NEW."created_at"
  OR OLD."paid_at" IS DISTINCT FROM NEW."paid_at" OR OLD."total_cents" IS DISTINCT FROM NEW."total_cents"
) EXECUTE FUNCTION "stats_days_order_written"();
