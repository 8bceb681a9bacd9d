ALTER TABLE "stats_days" ADD COLUMN "credited_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The overview's revenue counts an order's total on the day it is paid; a credit note takes its amount off on
-- the later of the day it was issued and the day its order was paid, and never from an order not paid (which
-- the revenue never counted).
CREATE FUNCTION "stats_days_count_credit"(amount bigint, issued timestamptz, paid timestamptz, sign integer)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE d date;
BEGIN
  IF paid IS NULL THEN RETURN; END IF;
  d := (greatest(issued, paid) AT TIME ZONE 'UTC')::date;
  IF "stats_day_kept"(d) THEN
    UPDATE "stats_days" SET "credited_cents" = "credited_cents" + sign * amount WHERE "day" = d;
  END IF;
END $$;
--> statement-breakpoint
-- An order counted in or out (migration 0020) takes its credit notes with it: their day moves with its payment.
CREATE OR REPLACE FUNCTION "stats_days_count_order"(o "orders", sign integer) RETURNS void LANGUAGE plpgsql AS $$
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
    PERFORM "stats_days_count_credit"(n."amount_cents", n."issued_at", o."paid_at", sign)
    FROM "credit_notes" n WHERE n."order_id" = o."id";
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION "stats_days_credit_note_written"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM "stats_days_count_credit"(OLD."amount_cents", OLD."issued_at", o."paid_at", -1)
    FROM "orders" o WHERE o."id" = OLD."order_id";
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM "stats_days_count_credit"(NEW."amount_cents", NEW."issued_at", o."paid_at", 1)
    FROM "orders" o WHERE o."id" = NEW."order_id";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "credit_notes_stats_days" AFTER INSERT OR UPDATE OR DELETE ON "credit_notes"
FOR EACH ROW EXECUTE FUNCTION "stats_days_credit_note_written"();
--> statement-breakpoint
CREATE TRIGGER "credit_notes_stats_days_truncated" AFTER TRUNCATE ON "credit_notes"
FOR EACH STATEMENT EXECUTE FUNCTION "stats_days_forget"();
--> statement-breakpoint
-- The days kept before this migration take off the credit notes already issued.
UPDATE "stats_days" s SET "credited_cents" = c."cents" FROM (
  SELECT (greatest(n."issued_at", o."paid_at") AT TIME ZONE 'UTC')::date AS "day", sum(n."amount_cents") AS "cents"
  FROM "credit_notes" n JOIN "orders" o ON o."id" = n."order_id"
  WHERE o."paid_at" IS NOT NULL
  GROUP BY 1
) c WHERE s."day" = c."day";
