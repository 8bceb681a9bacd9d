CREATE TABLE "invoice_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_invoice_number_unique" UNIQUE("invoice_number");--> statement-breakpoint
-- Orders paid before invoices existed get their numbers now, in the order they were paid, year by year.
WITH "numbered" AS (
  SELECT "id", extract(year FROM coalesce("paid_at", "created_at"))::int AS "year",
    row_number() OVER (PARTITION BY extract(year FROM coalesce("paid_at", "created_at")) ORDER BY coalesce("paid_at", "created_at"), "id") AS "n"
  FROM "orders" WHERE "status" IN ('paid', 'shipped', 'delivered', 'refunded')
)
UPDATE "orders" SET "invoice_number" = 'INV-' || "numbered"."year" || '-' || lpad("numbered"."n"::text, 6, '0')
FROM "numbered" WHERE "orders"."id" = "numbered"."id";--> statement-breakpoint
INSERT INTO "invoice_counters" ("year", "last")
SELECT extract(year FROM coalesce("paid_at", "created_at"))::int, count(*) FROM "orders"
WHERE "invoice_number" IS NOT NULL GROUP BY 1;
