CREATE TABLE "payment_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"intent_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_intent_id_payment_intents_id_fk" FOREIGN KEY ("intent_id") REFERENCES "public"."payment_intents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Before this index, every Pay opened a new intent: keep each order's newest open one, cancel the others.
UPDATE "payment_intents" SET "status" = 'canceled' WHERE "status" = 'open' AND "id" NOT IN (SELECT DISTINCT ON ("order_id") "id" FROM "payment_intents" WHERE "status" = 'open' ORDER BY "order_id", "created_at" DESC);--> statement-breakpoint
CREATE UNIQUE INDEX "payment_intents_one_open_per_order" ON "payment_intents" USING btree ("order_id") WHERE "payment_intents"."status" = 'open';