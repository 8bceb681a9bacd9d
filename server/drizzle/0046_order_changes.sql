ALTER TABLE "order_events" DROP CONSTRAINT "order_events_kind";--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "promoted" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_kind" CHECK ("order_events"."kind" in ('placed', 'approved', 'rejected', 'cancelled', 'paid', 'payment-received', 'shipped', 'delivered', 'refunded', 'credit-note', 'changed'));