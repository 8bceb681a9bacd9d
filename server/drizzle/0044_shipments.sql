-- Shipments in parts (docs/decisions/069-shipments-in-parts.md): an order ships in one or more shipments, each from one
-- warehouse, and `fulfilment_status` gains `partially-shipped`. The generated `status` lists every pair of facts, so
-- it is dropped and added again (PostgreSQL 15 has no SET EXPRESSION), as in 0035: the overview's trigger that reads
-- it goes first, and the indexes that read it are made again below. No row is partially shipped yet, so every word
-- stays what it was.
DROP TRIGGER "orders_stats_days_changed" ON "orders";--> statement-breakpoint
CREATE TABLE "shipment_lines" (
	"shipment_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "shipment_lines_shipment_id_position_pk" PRIMARY KEY("shipment_id","position"),
	CONSTRAINT "shipment_lines_quantity_positive" CHECK ("shipment_lines"."quantity" > 0)
);--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"carrier" text NOT NULL,
	"tracking_number" text NOT NULL,
	"tracking_url" text,
	"by" text NOT NULL,
	"shipped_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"invoice_number" text,
	"invoice_issued_at" timestamp with time zone,
	"invoice_due_at" timestamp with time zone,
	"invoice_cents" bigint,
	CONSTRAINT "shipments_number_in_order" UNIQUE("order_id","number"),
	CONSTRAINT "shipments_number_positive" CHECK ("shipments"."number" > 0),
	CONSTRAINT "shipments_invoice_whole" CHECK (("shipments"."invoice_number" is null) = ("shipments"."invoice_issued_at" is null) and ("shipments"."invoice_number" is null) = ("shipments"."invoice_cents" is null))
);--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_facts_agree";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_card_paid_before_shipping";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "status",
  ADD COLUMN "status" text GENERATED ALWAYS AS (case when ("orders"."fulfilment_status", "orders"."payment_status") in (('awaiting-approval', 'unpaid'), ('awaiting-approval', 'partially-paid'), ('awaiting-approval', 'paid'), ('awaiting-approval', 'partially-refunded'), ('awaiting-approval', 'refunded')) then 'awaiting-approval' when ("orders"."fulfilment_status", "orders"."payment_status") in (('open', 'unpaid'), ('open', 'partially-paid'), ('partially-shipped', 'unpaid'), ('partially-shipped', 'partially-paid')) then 'unpaid' when ("orders"."fulfilment_status", "orders"."payment_status") in (('open', 'paid'), ('open', 'partially-refunded'), ('partially-shipped', 'paid'), ('partially-shipped', 'partially-refunded')) then 'paid' when ("orders"."fulfilment_status", "orders"."payment_status") in (('shipped', 'unpaid'), ('shipped', 'partially-paid'), ('shipped', 'paid'), ('shipped', 'partially-refunded')) then 'shipped' when ("orders"."fulfilment_status", "orders"."payment_status") in (('delivered', 'unpaid'), ('delivered', 'partially-paid'), ('delivered', 'paid'), ('delivered', 'partially-refunded')) then 'delivered' when ("orders"."fulfilment_status", "orders"."payment_status") in (('cancelled', 'unpaid'), ('cancelled', 'partially-paid'), ('cancelled', 'paid'), ('cancelled', 'partially-refunded')) then 'cancelled' when ("orders"."fulfilment_status", "orders"."payment_status") in (('open', 'refunded'), ('partially-shipped', 'refunded'), ('shipped', 'refunded'), ('delivered', 'refunded'), ('cancelled', 'refunded')) then 'refunded' end) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD CONSTRAINT "shipment_lines_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipments_by_warehouse" ON "shipments" USING btree ("warehouse_id","shipped_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_facts_agree" CHECK (("orders"."fulfilment_status", "orders"."payment_status") in (('awaiting-approval', 'unpaid'), ('open', 'unpaid'), ('open', 'partially-paid'), ('open', 'paid'), ('open', 'partially-refunded'), ('partially-shipped', 'unpaid'), ('partially-shipped', 'partially-paid'), ('partially-shipped', 'paid'), ('partially-shipped', 'partially-refunded'), ('shipped', 'unpaid'), ('shipped', 'partially-paid'), ('shipped', 'paid'), ('shipped', 'partially-refunded'), ('shipped', 'refunded'), ('delivered', 'unpaid'), ('delivered', 'partially-paid'), ('delivered', 'paid'), ('delivered', 'partially-refunded'), ('delivered', 'refunded'), ('cancelled', 'unpaid'), ('cancelled', 'refunded')));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_card_paid_before_shipping" CHECK ("orders"."payment_method" <> 'card' or not ("orders"."fulfilment_status" in ('partially-shipped', 'shipped', 'delivered')) or "orders"."payment_status" in ('paid', 'partially-refunded', 'refunded'));--> statement-breakpoint
CREATE INDEX "orders_by_status" ON "orders" USING btree ("status","created_at","payment_method");--> statement-breakpoint
CREATE INDEX "orders_by_paid_at_cover" ON "orders" USING btree ("paid_at","status","total_cents","id") WHERE "orders"."paid_at" is not null;--> statement-breakpoint
CREATE INDEX "orders_by_created_at_status" ON "orders" USING btree ("created_at","status");--> statement-breakpoint
CREATE INDEX "orders_owing_on_account" ON "orders" USING btree ("company_id","invoice_due_at","total_cents","amount_paid_cents","credited_cents") WHERE payment_method = 'invoice' and status not in ('cancelled', 'refunded') and payment_status <> 'paid' and amount_paid_cents + credited_cents < total_cents;--> statement-breakpoint
CREATE TRIGGER "orders_stats_days_changed"
AFTER UPDATE OF "fulfilment_status", "payment_status", "created_at", "paid_at", "total_cents" ON "orders"
FOR EACH ROW WHEN (
  OLD."status" IS DISTINCT FROM NEW."status" OR OLD."created_at" IS DISTINCT FROM NEW."created_at"
  OR OLD."paid_at" IS DISTINCT FROM NEW."paid_at" OR OLD."total_cents" IS DISTINCT FROM NEW."total_cents"
) EXECUTE FUNCTION "stats_days_order_written"();