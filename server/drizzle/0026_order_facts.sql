ALTER TABLE "orders" DROP CONSTRAINT "orders_paid_while_money_held";--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "net_days" integer;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "credit_limit_cents" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fulfilment_status" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_status" text DEFAULT 'unpaid' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_method" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "net_days" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "amount_paid_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_issued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_due_at" timestamp with time zone;--> statement-breakpoint
-- Every order so far was paid by card: its one status splits into where the goods are and where the money is.
-- A refunded order's goods are where its history last put them (shipped or delivered), or never left.
UPDATE "orders" SET
  "fulfilment_status" = CASE "status"
    WHEN 'awaiting-approval' THEN 'awaiting-approval'
    WHEN 'unpaid' THEN 'open'
    WHEN 'paid' THEN 'open'
    WHEN 'shipped' THEN 'shipped'
    WHEN 'delivered' THEN 'delivered'
    WHEN 'cancelled' THEN 'cancelled'
    ELSE CASE
      WHEN EXISTS (SELECT 1 FROM "order_events" e WHERE e."order_id" = "orders"."id" AND e."status" = 'delivered') THEN 'delivered'
      WHEN EXISTS (SELECT 1 FROM "order_events" e WHERE e."order_id" = "orders"."id" AND e."status" = 'shipped') THEN 'shipped'
      ELSE 'cancelled'
    END
  END,
  "payment_status" = CASE
    WHEN "status" IN ('paid', 'shipped', 'delivered') THEN 'paid'
    WHEN "status" = 'refunded' THEN 'refunded'
    ELSE 'unpaid'
  END,
  "amount_paid_cents" = CASE WHEN "status" IN ('paid', 'shipped', 'delivered') THEN "total_cents" ELSE 0 END,
  "invoice_issued_at" = CASE WHEN "invoice_number" IS NOT NULL THEN coalesce("paid_at", "created_at") END;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_terms_whole" CHECK (("companies"."net_days" is null) = ("companies"."credit_limit_cents" is null));--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_net_days" CHECK ("companies"."net_days" in (7, 15, 30, 45, 60, 90));--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_credit_limit" CHECK ("companies"."credit_limit_cents" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_facts_agree" CHECK (("orders"."fulfilment_status", "orders"."payment_status", "orders"."status") in (('awaiting-approval', 'unpaid', 'awaiting-approval'), ('open', 'unpaid', 'unpaid'), ('open', 'partially-paid', 'unpaid'), ('open', 'paid', 'paid'), ('open', 'partially-refunded', 'paid'), ('shipped', 'unpaid', 'shipped'), ('shipped', 'partially-paid', 'shipped'), ('shipped', 'paid', 'shipped'), ('shipped', 'partially-refunded', 'shipped'), ('shipped', 'refunded', 'refunded'), ('delivered', 'unpaid', 'delivered'), ('delivered', 'partially-paid', 'delivered'), ('delivered', 'paid', 'delivered'), ('delivered', 'partially-refunded', 'delivered'), ('delivered', 'refunded', 'refunded'), ('cancelled', 'unpaid', 'cancelled'), ('cancelled', 'refunded', 'refunded')));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method" CHECK ("orders"."payment_method" in ('card', 'invoice'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_card_paid_before_shipping" CHECK ("orders"."payment_method" <> 'card' or not ("orders"."fulfilment_status" in ('shipped', 'delivered')) or "orders"."payment_status" in ('paid', 'partially-refunded', 'refunded'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_net_days_on_account" CHECK (("orders"."payment_method" = 'invoice') = ("orders"."net_days" is not null));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_due_on_account" CHECK ("orders"."invoice_due_at" is null or "orders"."payment_method" = 'invoice');--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_amount_paid_within_total" CHECK ("orders"."amount_paid_cents" >= 0 and "orders"."amount_paid_cents" <= "orders"."total_cents");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_paid_while_money_held" CHECK ("orders"."paid" = ("orders"."payment_status" in ('paid', 'partially-refunded')));