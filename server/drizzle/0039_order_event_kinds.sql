-- Each history entry names what happened (decision 062). The rows before this one are named from what they say:
-- the notes payments and credit notes wrote, else the status reached and the one before it.
ALTER TABLE "order_events" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "amount_cents" bigint;--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "paid_with" text;--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "received_on" date;--> statement-breakpoint
WITH "named" AS (
  SELECT "id", "status", "note",
    lag("status") OVER (PARTITION BY "order_id" ORDER BY "created_at", "id") AS "before"
  FROM "order_events"
)
UPDATE "order_events" SET "kind" = CASE
    WHEN "named"."note" LIKE 'Credit note CN-%' THEN 'credit-note'
    WHEN "named"."note" ~ '^\$[0-9,]+\.[0-9]{2} (received|paid by card): ' THEN 'payment-received'
    WHEN "named"."before" IS NULL OR "named"."status" = 'awaiting-approval' THEN 'placed'
    WHEN "named"."status" = 'unpaid' THEN 'approved'
    WHEN "named"."status" = 'cancelled' AND "named"."before" = 'awaiting-approval' THEN 'rejected'
    ELSE "named"."status"
  END
FROM "named" WHERE "named"."id" = "order_events"."id";--> statement-breakpoint
-- Money received on account: "$5,000.00 received: ACME-TRF-7781", "$5,500.00 paid by card: pi_…", or the company's
-- credit put against an invoice as it was issued ("… received: Credit to INV-2026-000001").
UPDATE "order_events" SET
  "amount_cents" = replace(replace(substring("note" from '^\$([0-9,]+\.[0-9]{2}) '), ',', ''), '.', '')::bigint,
  "reference" = substring("note" from ': (.*)$'),
  "paid_with" = CASE
    WHEN "note" ~ '^\$[0-9,.]+ paid by card: ' THEN 'card'
    WHEN "note" ~ '^\$[0-9,.]+ received: Credit to ' THEN 'credit'
    ELSE 'transfer'
  END
WHERE "kind" = 'payment-received';--> statement-breakpoint
UPDATE "order_events" SET "received_on" = "payments_received"."received_at"
FROM "orders", "payments_received"
WHERE "order_events"."kind" = 'payment-received' AND "order_events"."paid_with" = 'transfer'
  AND "orders"."id" = "order_events"."order_id"
  AND "payments_received"."company_id" = "orders"."company_id"
  AND "payments_received"."reference" = "order_events"."reference";--> statement-breakpoint
-- A card order's payment, and its refund: the whole total, by the card.
UPDATE "order_events" SET "amount_cents" = "orders"."total_cents", "paid_with" = 'card', "reference" = "orders"."transaction_id"
FROM "orders"
WHERE "orders"."id" = "order_events"."order_id" AND "orders"."payment_method" = 'card' AND "orders"."total_cents" > 0
  AND "order_events"."kind" IN ('paid', 'refunded');--> statement-breakpoint
UPDATE "order_events" SET "amount_cents" = "credit_notes"."amount_cents", "reference" = "credit_notes"."number"
FROM "credit_notes"
WHERE "order_events"."kind" = 'credit-note'
  AND "credit_notes"."number" = substring("order_events"."note" from '^Credit note (CN-[0-9]+)');--> statement-breakpoint
ALTER TABLE "order_events" ALTER COLUMN "kind" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_kind" CHECK ("order_events"."kind" in ('placed', 'approved', 'rejected', 'cancelled', 'paid', 'payment-received', 'shipped', 'delivered', 'refunded', 'credit-note'));--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_paid_with" CHECK ("order_events"."paid_with" is null or "order_events"."paid_with" in ('transfer', 'card', 'credit'));--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_amount" CHECK ("order_events"."amount_cents" is null or "order_events"."amount_cents" > 0);
