CREATE TABLE "stats_day_statuses" (
	"day" date NOT NULL,
	"status" text NOT NULL,
	"orders" integer NOT NULL,
	CONSTRAINT "stats_day_statuses_day_status_pk" PRIMARY KEY("day","status")
);
--> statement-breakpoint
CREATE TABLE "stats_days" (
	"day" date PRIMARY KEY NOT NULL,
	"paid_cents" bigint NOT NULL,
	"refunded_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "payment_refunds_by_created_at" ON "payment_refunds" USING btree ("created_at");
--> statement-breakpoint
-- Whether the overview keeps the figures of this day (docs/decisions/029-budgets-on-the-embedded-database.md).
-- Every write below asks it after a shared hold on the overview's lock, which the counting of new days holds
-- alone: a write either finishes before a day is counted (and is counted with it) or starts after (and sees
-- the day kept). Shared holds never wait for each other, so the shop's writes do not queue behind one another.
CREATE FUNCTION "stats_day_kept"(d date) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(hashtext('stats-days'));
  RETURN EXISTS (SELECT 1 FROM "stats_days" WHERE "day" = d);
END $$;
--> statement-breakpoint
-- An order counted in (1) or out (-1) of the kept days: its status on the day it was placed, its total on
-- the day it was paid (revenue counts every order ever paid: a refund is taken off on its own day).
CREATE FUNCTION "stats_days_count_order"(o "orders", sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE d date;
BEGIN
  d := (o."created_at" AT TIME ZONE 'UTC')::date;
  IF "stats_day_kept"(d) THEN
    INSERT INTO "stats_day_statuses" ("day", "status", "orders") VALUES (d, o."status", sign)
    ON CONFLICT ("day", "status") DO UPDATE SET "orders" = "stats_day_statuses"."orders" + excluded."orders";
  END IF;
  IF o."paid_at" IS NOT NULL THEN
    d := (o."paid_at" AT TIME ZONE 'UTC')::date;
    IF "stats_day_kept"(d) THEN
      UPDATE "stats_days" SET "paid_cents" = "paid_cents" + sign * o."total_cents" WHERE "day" = d;
    END IF;
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION "stats_days_order_written"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM "stats_days_count_order"(OLD, -1); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM "stats_days_count_order"(NEW, 1); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_stats_days" AFTER INSERT OR DELETE ON "orders"
FOR EACH ROW EXECUTE FUNCTION "stats_days_order_written"();
--> statement-breakpoint
CREATE TRIGGER "orders_stats_days_changed" AFTER UPDATE OF "status", "created_at", "paid_at", "total_cents" ON "orders"
FOR EACH ROW WHEN (
  OLD."status" IS DISTINCT FROM NEW."status" OR OLD."created_at" IS DISTINCT FROM NEW."created_at"
  OR OLD."paid_at" IS DISTINCT FROM NEW."paid_at" OR OLD."total_cents" IS DISTINCT FROM NEW."total_cents"
) EXECUTE FUNCTION "stats_days_order_written"();
--> statement-breakpoint
-- Only the refunds of money counted as an order's payment take revenue off (payment's refundedCentsByDay).
CREATE FUNCTION "stats_days_refund_written"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE d date;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD."reason" IN ('order-refunded', 'order-cancelled') THEN
    d := (OLD."created_at" AT TIME ZONE 'UTC')::date;
    IF "stats_day_kept"(d) THEN
      UPDATE "stats_days" SET "refunded_cents" = "refunded_cents" - OLD."amount_cents" WHERE "day" = d;
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."reason" IN ('order-refunded', 'order-cancelled') THEN
    d := (NEW."created_at" AT TIME ZONE 'UTC')::date;
    IF "stats_day_kept"(d) THEN
      UPDATE "stats_days" SET "refunded_cents" = "refunded_cents" + NEW."amount_cents" WHERE "day" = d;
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "payment_refunds_stats_days" AFTER INSERT OR UPDATE OR DELETE ON "payment_refunds"
FOR EACH ROW EXECUTE FUNCTION "stats_days_refund_written"();
--> statement-breakpoint
-- TRUNCATE fires no row trigger: the kept days go with the rows they counted, to be counted again.
CREATE FUNCTION "stats_days_forget"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "stats_day_statuses";
  DELETE FROM "stats_days";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_stats_days_truncated" AFTER TRUNCATE ON "orders"
FOR EACH STATEMENT EXECUTE FUNCTION "stats_days_forget"();
--> statement-breakpoint
CREATE TRIGGER "payment_refunds_stats_days_truncated" AFTER TRUNCATE ON "payment_refunds"
FOR EACH STATEMENT EXECUTE FUNCTION "stats_days_forget"();
