ALTER TABLE "order_lines" ADD COLUMN "shipped_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "waiting_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_preference" text DEFAULT 'as-available' NOT NULL;--> statement-breakpoint
-- An order that shipped before shipments existed shipped every piece of every line.
UPDATE "order_lines" SET "shipped_quantity" = "order_lines"."quantity" FROM "orders" WHERE "orders"."id" = "order_lines"."order_id" AND "orders"."fulfilment_status" IN ('shipped', 'delivered');--> statement-breakpoint
CREATE INDEX "order_lines_waiting" ON "order_lines" USING btree ("product_id") WHERE "order_lines"."waiting_quantity" > 0;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_fulfilment_within_quantity" CHECK ("order_lines"."shipped_quantity" >= 0 and "order_lines"."waiting_quantity" >= 0 and "order_lines"."shipped_quantity" + "order_lines"."waiting_quantity" <= "order_lines"."quantity");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shipping_preference" CHECK ("orders"."shipping_preference" in ('as-available', 'complete'));