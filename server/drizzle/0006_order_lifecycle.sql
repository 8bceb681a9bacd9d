CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"target" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"status" text NOT NULL,
	"by" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "orders_one_unpaid_per_product";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "status" text DEFAULT 'unpaid' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_url" text;--> statement-breakpoint
-- Orders from before the lifecycle: paid ones are `paid`, the others `unpaid`; each gets its history so far.
UPDATE "orders" SET "status" = 'paid' WHERE "paid";--> statement-breakpoint
INSERT INTO "order_events" ("order_id", "status", "by", "note", "created_at") SELECT "id", 'unpaid', "user_email", 'Placed', "created_at" FROM "orders";--> statement-breakpoint
INSERT INTO "order_events" ("order_id", "status", "by", "note", "created_at") SELECT "id", 'paid', "user_email", 'Payment ' || coalesce("transaction_id", 'unknown'), coalesce("paid_at", "created_at") FROM "orders" WHERE "paid";--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_newest_first" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "order_events_by_order" ON "order_events" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_by_status" ON "orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_unpaid_per_product" ON "orders" USING btree ("user_email","product_id") WHERE "orders"."status" = 'unpaid';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_paid_while_money_held" CHECK ("orders"."paid" = ("orders"."status" in ('paid', 'shipped', 'delivered')));