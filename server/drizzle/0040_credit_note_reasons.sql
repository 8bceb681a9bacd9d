-- Credit notes carry a reason (docs/BUYING-ON-ACCOUNT.md, 'Credit notes'); those issued before read "Not recorded".
ALTER TABLE "credit_notes" ADD COLUMN "reason" text DEFAULT 'Not recorded' NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_notes" ALTER COLUMN "reason" DROP DEFAULT;
