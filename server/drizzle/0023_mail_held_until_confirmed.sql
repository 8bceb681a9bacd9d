DROP INDEX "mail_outbox_due";--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "mail_outbox_held" ON "mail_outbox" USING btree ("to") WHERE "mail_outbox"."held_at" is not null;--> statement-breakpoint
CREATE INDEX "mail_outbox_due" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "mail_outbox"."sent_at" is null and "mail_outbox"."held_at" is null;