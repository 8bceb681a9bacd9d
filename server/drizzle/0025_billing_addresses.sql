ALTER TABLE "companies" ADD COLUMN "billing_address" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "billing_address" text;--> statement-breakpoint
-- The orders placed before billing addresses were billed to where they went: their invoices say so.
UPDATE "orders" SET "billing_address" = "address" WHERE "billing_address" IS NULL;
