CREATE TABLE "ledger_month_balances" (
	"company_id" uuid NOT NULL,
	"month" date NOT NULL,
	"owed_cents" bigint NOT NULL,
	CONSTRAINT "ledger_month_balances_company_id_month_pk" PRIMARY KEY("company_id","month"),
	CONSTRAINT "ledger_month_balances_first_day" CHECK (extract(day from "ledger_month_balances"."month") = 1)
);
--> statement-breakpoint
ALTER TABLE "ledger_month_balances" ADD CONSTRAINT "ledger_month_balances_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- What each company owed at the end of each UTC month, kept as the ledger is written
-- (docs/decisions/059-statement-opening-balance-kept.md). TG_ARGV[0] is 1 for the entries a statement wrote (the
-- transition table "entries" holds them), -1 for those it took away. A month the entries moved that has no row yet
-- starts from the month before it as kept so far; then each month kept of those companies takes the change of the
-- entries up to its end, so an entry dated back moves every month after it too. Every writer of a company's ledger
-- holds its money lock (receivables/queries/credit-balance.ts), so one company's months are moved by one
-- transaction at a time.
CREATE FUNCTION "ledger_month_balances_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH "moves" AS (
    SELECT "company_id", date_trunc('month', "at" AT TIME ZONE 'UTC')::date AS "month"
    FROM "entries" GROUP BY 1, 2 HAVING sum("owed_cents" - "credit_cents") <> 0
  )
  INSERT INTO "ledger_month_balances" ("company_id", "month", "owed_cents")
  SELECT m."company_id", m."month", coalesce((
    SELECT k."owed_cents" FROM "ledger_month_balances" k
    WHERE k."company_id" = m."company_id" AND k."month" < m."month" ORDER BY k."month" DESC LIMIT 1), 0)
  FROM "moves" m
  ON CONFLICT DO NOTHING;
  WITH "moves" AS (
    SELECT "company_id", date_trunc('month', "at" AT TIME ZONE 'UTC')::date AS "month",
           TG_ARGV[0]::bigint * sum("owed_cents" - "credit_cents") AS "change"
    FROM "entries" GROUP BY 1, 2
  )
  UPDATE "ledger_month_balances" k SET "owed_cents" = k."owed_cents" + s."change"
  FROM (
    SELECT kept."company_id", kept."month", sum(m."change") AS "change"
    FROM "ledger_month_balances" kept JOIN "moves" m ON m."company_id" = kept."company_id" AND m."month" <= kept."month"
    GROUP BY 1, 2
  ) s
  WHERE k."company_id" = s."company_id" AND k."month" = s."month" AND s."change" <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A trigger with transition tables fires on one event: the ledger is only added to, but an entry corrected by hand
-- (its date, its amount) or removed moves the months too.
CREATE TRIGGER "ledger_entries_added_months" AFTER INSERT ON "ledger_entries"
REFERENCING NEW TABLE AS "entries" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_month_balances_follow"('1');
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_updated_months_from" AFTER UPDATE ON "ledger_entries"
REFERENCING OLD TABLE AS "entries" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_month_balances_follow"('-1');
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_updated_months_to" AFTER UPDATE ON "ledger_entries"
REFERENCING NEW TABLE AS "entries" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_month_balances_follow"('1');
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_removed_months" AFTER DELETE ON "ledger_entries"
REFERENCING OLD TABLE AS "entries" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_month_balances_follow"('-1');
--> statement-breakpoint
-- The months of the ledger written so far, each closing with every entry up to its end. After the triggers: making
-- them waits for the writes under way and holds off new ones until this commits, so no entry is missed or counted
-- twice.
INSERT INTO "ledger_month_balances" ("company_id", "month", "owed_cents")
SELECT "company_id", "month", sum("change") OVER (PARTITION BY "company_id" ORDER BY "month")
FROM (
  SELECT "company_id", date_trunc('month', "at" AT TIME ZONE 'UTC')::date AS "month",
         sum("owed_cents" - "credit_cents") AS "change"
  FROM "ledger_entries" GROUP BY 1, 2 HAVING sum("owed_cents" - "credit_cents") <> 0
) "months";
