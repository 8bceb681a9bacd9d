CREATE TABLE "cart_lines" (
	"user_email" text NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_lines_user_email_product_id_pk" PRIMARY KEY("user_email","product_id"),
	CONSTRAINT "cart_lines_quantity_positive" CHECK ("cart_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"product_id" uuid NOT NULL,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"quantity" integer NOT NULL,
	"list_unit_cents" bigint NOT NULL,
	"unit_cents" bigint NOT NULL,
	"price_source" text NOT NULL,
	"discount_cents" bigint NOT NULL,
	"total_cents" bigint NOT NULL,
	CONSTRAINT "order_lines_order_id_position_pk" PRIMARY KEY("order_id","position"),
	CONSTRAINT "order_lines_quantity_positive" CHECK ("order_lines"."quantity" > 0),
	CONSTRAINT "order_lines_total" CHECK ("order_lines"."total_cents" = "order_lines"."unit_cents" * "order_lines"."quantity")
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"percent" integer NOT NULL,
	"first_order" boolean DEFAULT false NOT NULL,
	"min_pieces" integer,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_percent" CHECK ("promotions"."percent" between 1 and 90)
);
--> statement-breakpoint
DROP INDEX "orders_one_unpaid_per_product";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "unit_price_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "total_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payment_intents" ALTER COLUMN "amount_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payment_refunds" ALTER COLUMN "amount_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "line_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "subtotal_cents" bigint;--> statement-breakpoint
-- Every order so far held one tool at its list price: its subtotal is its total.
UPDATE "orders" SET "subtotal_cents" = "total_cents";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "subtotal_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promotion_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promotion_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promotion_percent" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promotion_first_order" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_rate_milli" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "po_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "company_id" uuid;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sku" text;--> statement-breakpoint
-- A SKU for every existing tool: its name in capitals and dashes, and the start of its id to keep it unique.
UPDATE "products" SET "sku" = coalesce(nullif(trim(both '-' from left(trim(both '-' from upper(regexp_replace("name", '[^A-Za-z0-9]+', '-', 'g'))), 23)), ''), 'SKU') || '-' || upper(left(replace("id"::text, '-', ''), 8));--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "sku" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "quantity_min" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "quantity_max" integer DEFAULT 200 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "quantity_step" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tiers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_lines_by_product" ON "order_lines" USING btree ("product_id");--> statement-breakpoint
-- Every existing order becomes an order of one line, as it was placed.
INSERT INTO "order_lines" ("order_id", "position", "product_id", "sku", "name", "quantity", "list_unit_cents", "unit_cents", "price_source", "discount_cents", "total_cents")
SELECT o."id", 0, o."product_id", coalesce(p."sku", 'UNKNOWN'), o."product_name", o."quantity", o."unit_price_cents", o."unit_price_cents", 'list', 0, o."unit_price_cents" * o."quantity"
FROM "orders" o LEFT JOIN "products" p ON p."id" = o."product_id";--> statement-breakpoint
CREATE UNIQUE INDEX "products_sku" ON "products" USING btree ("sku");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_total_adds_up" CHECK ("orders"."total_cents" = "orders"."subtotal_cents" - "orders"."discount_cents" + "orders"."tax_cents");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_total_not_negative" CHECK ("orders"."total_cents" >= 0 and "orders"."discount_cents" >= 0 and "orders"."tax_cents" >= 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_quantity_rule" CHECK ("products"."quantity_min" >= 1 and "products"."quantity_max" >= "products"."quantity_min" and "products"."quantity_step" >= 1 and ("products"."quantity_max" - "products"."quantity_min") % "products"."quantity_step" = 0);