DROP INDEX "orders_by_paid_at";--> statement-breakpoint
CREATE INDEX "orders_by_paid_at_cover" ON "orders" USING btree ("paid_at","status","total_cents","id") WHERE "orders"."paid_at" is not null;--> statement-breakpoint
CREATE INDEX "orders_by_created_at_status" ON "orders" USING btree ("created_at","status");