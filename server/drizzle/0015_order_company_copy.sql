ALTER TABLE "orders" ADD COLUMN "company_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "company_tax_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_exempt" boolean DEFAULT false NOT NULL;