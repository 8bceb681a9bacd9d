CREATE TABLE "quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_email" text NOT NULL,
	"company_id" uuid,
	"status" text DEFAULT 'requested' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"shop_note" text,
	"lines" jsonb NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"sent_by" text,
	"decided_at" timestamp with time zone,
	"order_id" uuid,
	"total_cents" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_status" CHECK ("quotes"."status" in ('requested', 'sent', 'accepted', 'declined', 'expired'))
);
--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quotes_by_buyer" ON "quotes" USING btree ("user_email");--> statement-breakpoint
CREATE INDEX "quotes_by_company" ON "quotes" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "quotes_by_status" ON "quotes" USING btree ("status","created_at");