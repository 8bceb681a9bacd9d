CREATE TABLE "sales_by_day" (
	"day" date NOT NULL,
	"product_id" uuid NOT NULL,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"pieces" bigint NOT NULL,
	"cents" bigint NOT NULL,
	CONSTRAINT "sales_by_day_day_product_id_pk" PRIMARY KEY("day","product_id")
);
--> statement-breakpoint
-- The orders paid before this table existed: each line on the UTC day its order was paid.
INSERT INTO "sales_by_day" ("day", "product_id", "sku", "name", "pieces", "cents")
SELECT (o."paid_at" AT TIME ZONE 'UTC')::date, l."product_id", max(l."sku"), max(l."name"),
       sum(l."quantity"), sum(l."total_cents" - l."discount_cents")
FROM "order_lines" l JOIN "orders" o ON o."id" = l."order_id"
WHERE o."status" IN ('paid', 'shipped', 'delivered') AND o."paid_at" IS NOT NULL
GROUP BY 1, 2;
