ALTER TABLE "products" ADD COLUMN "backorders_allowed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "backorders_expected_at" date;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "backorders_lead_days" integer;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_backorders_lead_days" CHECK ("products"."backorders_lead_days" is null or "products"."backorders_lead_days" between 1 and 365);