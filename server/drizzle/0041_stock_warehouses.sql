CREATE TABLE "stock_levels" (
	"product_id" uuid NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"on_hand" integer DEFAULT 0 NOT NULL,
	"allocated" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stock_levels_product_id_warehouse_id_pk" PRIMARY KEY("product_id","warehouse_id"),
	CONSTRAINT "stock_levels_not_negative" CHECK ("stock_levels"."on_hand" >= 0 and "stock_levels"."allocated" >= 0),
	CONSTRAINT "stock_levels_allocated_on_hand" CHECK ("stock_levels"."allocated" <= "stock_levels"."on_hand")
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"on_hand_change" integer NOT NULL,
	"allocated_change" integer NOT NULL,
	"order_id" uuid,
	"reason" text,
	"by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_kind" CHECK ("stock_movements"."kind" in ('received', 'allocated', 'released', 'shipped', 'adjusted', 'returned')),
	CONSTRAINT "stock_movements_signs" CHECK (case "stock_movements"."kind"
        when 'received' then "stock_movements"."on_hand_change" > 0 and "stock_movements"."allocated_change" = 0
        when 'returned' then "stock_movements"."on_hand_change" > 0 and "stock_movements"."allocated_change" = 0
        when 'adjusted' then "stock_movements"."on_hand_change" <> 0 and "stock_movements"."allocated_change" = 0 and "stock_movements"."reason" is not null
        when 'allocated' then "stock_movements"."on_hand_change" = 0 and "stock_movements"."allocated_change" > 0
        when 'released' then "stock_movements"."on_hand_change" = 0 and "stock_movements"."allocated_change" < 0
        when 'shipped' then "stock_movements"."on_hand_change" < 0 and "stock_movements"."allocated_change" = "stock_movements"."on_hand_change"
        else false end)
);
--> statement-breakpoint
CREATE TABLE "warehouses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_movements_by_order" ON "stock_movements" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "stock_movements_by_level" ON "stock_movements" USING btree ("product_id","warehouse_id");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouses_code" ON "warehouses" USING btree ("code");--> statement-breakpoint
CREATE INDEX "warehouses_order" ON "warehouses" USING btree ("created_at","id");--> statement-breakpoint
-- The first warehouse, and today's stock of every tool moved into it: on hand what it had, nothing allocated (what
-- paid orders took is gone from the count already), with the receipt that puts it there in the ledger.
INSERT INTO "warehouses" ("code", "name", "address") VALUES ('MAIN', 'Main warehouse', 'The shop''s own address');--> statement-breakpoint
INSERT INTO "stock_levels" ("product_id", "warehouse_id", "on_hand", "allocated")
  SELECT p."id", w."id", p."quantity", 0 FROM "products" p CROSS JOIN "warehouses" w WHERE w."code" = 'MAIN';--> statement-breakpoint
INSERT INTO "stock_movements" ("product_id", "warehouse_id", "kind", "on_hand_change", "allocated_change", "reason", "by")
  SELECT p."id", w."id", 'received', p."quantity", 0, 'Stock counted before warehouses', 'system'
    FROM "products" p CROSS JOIN "warehouses" w WHERE w."code" = 'MAIN' AND p."quantity" > 0;
