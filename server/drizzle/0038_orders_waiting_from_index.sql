-- The orders by status with their payment method, so the overview counts the orders waiting for the shop from the
-- index alone (docs/PERFORMANCE.md, 'Search and overview on the embedded database').
DROP INDEX "orders_by_status";--> statement-breakpoint
CREATE INDEX "orders_by_status" ON "orders" USING btree ("status","created_at","payment_method");