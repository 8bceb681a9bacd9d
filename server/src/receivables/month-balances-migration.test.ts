import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OldDatabase, oldDatabases, type Run } from "../test/migrations.js";
import { NEEDS_POSTGRES } from "../test/postgres.js";

const COMPANY = "50000000-0000-4000-8000-000000000001";
const OTHER = "50000000-0000-4000-8000-000000000002";
const ORDER = "60000000-0000-4000-8000-000000000001";
const PAYMENT = "70000000-0000-4000-8000-000000000001";
/** The months the checks open a statement at, from before the first entry to after the last. */
const MONTHS = ["2026-01-01", "2026-02-01", "2026-03-01", "2026-04-01", "2026-05-01", "2026-06-01", "2026-07-01"];

/** A company's ledger as written before migration 0036: entries over three months, each kind of change. */
async function writeOldLedger(run: Run) {
  for (const [id, name] of [
    [COMPANY, "Kept Co"],
    [OTHER, "Other Co"],
  ]) {
    await run(
      `INSERT INTO companies (id, name, created_by, net_days, credit_limit_cents) VALUES ($1, $2, 'o@x.test', 30, 1000000)`,
      [id, name],
    );
  }
  await run(
    `INSERT INTO orders (id, product_id, product_name, unit_price_cents, quantity, subtotal_cents, total_cents,
       company_id, company_name, user_email, user_name, phone, address, fulfilment_status, payment_status,
       payment_method, net_days, invoice_number, invoice_issued_at, invoice_due_at)
     VALUES ($1, '30000000-0000-4000-8000-0000000000a1', 'Claw Hammer', 1000, 100, 100000, 100000, $2, 'Kept Co',
       'b@x.test', 'Buyer', '5550100000', '1 Road', 'shipped', 'unpaid', 'invoice', 30, 'INV-1',
       '2026-02-10T09:00:00Z', '2026-03-12T09:00:00Z')`,
    [ORDER, COMPANY],
  );
  await run(
    `INSERT INTO payments_received (id, company_id, amount_cents, received_at, reference, recorded_by)
     VALUES ($1, $2, 40000, '2026-03-03', 'TRF-1', 'a@x.test')`,
    [PAYMENT, COMPANY],
  );
  const entry = (kind: string, owed: number, credit: number, at: string, company = COMPANY) =>
    run(
      `INSERT INTO ledger_entries (company_id, order_id, payment_id, kind, owed_cents, credit_cents, reference, at)
       VALUES ($1, $2, $3, $4, $5, $6, $4, $7)`,
      [company, kind === "payment" ? null : ORDER, kind === "payment" ? PAYMENT : null, kind, owed, credit, at],
    );
  await entry("invoice", 100000, 0, "2026-02-10T09:00:00Z");
  await entry("payment", 0, 40000, "2026-03-03T00:00:00Z");
  await entry("allocation", -40000, -40000, "2026-03-03T10:00:00Z");
  await entry("credit-note", -10000, 5000, "2026-04-20T23:59:59Z");
  // Another company's entry, which none of this company's months counts.
  await entry("invoice", 100000, 0, "2026-03-15T00:00:00Z", OTHER);
}

/** What the statement reads as a month's opening balance (the latest month kept before it) against a recount. */
async function expectOpeningsRecounted(run: Run) {
  for (const month of MONTHS) {
    const [found] = await run(
      `SELECT coalesce((SELECT owed_cents FROM ledger_month_balances WHERE company_id = $1 AND month < $2
         ORDER BY month DESC LIMIT 1), 0)::bigint AS kept,
       (SELECT coalesce(sum(owed_cents - credit_cents), 0) FROM ledger_entries
         WHERE company_id = $1 AND at < $2::date::timestamp AT TIME ZONE 'UTC')::bigint AS recount`,
      [COMPANY, month],
    );
    expect({ month, kept: Number(found?.kept) }).toEqual({ month, kept: Number(found?.recount) });
  }
}

const DATABASES = oldDatabases();

/**
 * Migration 0036 (docs/decisions/059-statement-opening-balance-kept.md) on a ledger written before it, on PGlite and
 * on PostgreSQL: each month's closing balance is backfilled; then the triggers keep it as entries are added (one
 * dated back into a month kept, one into a month before any), corrected and removed.
 */
describe.each(DATABASES)("migration 0036 on %s: each month's closing balance kept", (_kind, make) => {
  let database: OldDatabase;

  beforeAll(async () => {
    database = await make("0036");
    await writeOldLedger(database.run);
    await database.migrate();
  });
  afterAll(async () => {
    await database.close();
  });

  it("backfills the months that moved, each closing with every entry up to its end", async () => {
    const kept = await database.run(
      "SELECT company_id, month::text AS month, owed_cents::bigint AS owed FROM ledger_month_balances ORDER BY 1, 2",
    );
    expect(kept.map((row) => [row.company_id, row.month, Number(row.owed)])).toEqual([
      [COMPANY, "2026-02-01", 100000],
      [COMPANY, "2026-03-01", 60000],
      [COMPANY, "2026-04-01", 45000],
      [OTHER, "2026-03-01", 100000],
    ]);
    await expectOpeningsRecounted(database.run);
  });

  it("keeps them as entries are added, dated back, corrected and removed", async () => {
    const { run } = database;
    // Received in February, recorded now: February and every month after it move.
    await run(
      `INSERT INTO ledger_entries (company_id, payment_id, kind, credit_cents, reference, at)
       VALUES ($1, $2, 'payment', 2500, 'TRF-2', '2026-02-27T00:00:00Z')`,
      [COMPANY, PAYMENT],
    );
    await expectOpeningsRecounted(run);
    // Into a month before any kept, and one after: each starts from the month before it.
    await run(
      `INSERT INTO ledger_entries (company_id, payment_id, kind, credit_cents, reference, at)
       VALUES ($1, $2, 'payment', 700, 'TRF-3', '2026-01-05T00:00:00Z'), ($1, $2, 'payment', 300, 'TRF-4', '2026-06-30T23:00:00Z')`,
      [COMPANY, PAYMENT],
    );
    await expectOpeningsRecounted(run);
    // A date corrected by hand moves the change from one month to another.
    await run("UPDATE ledger_entries SET at = '2026-05-02T00:00:00Z' WHERE reference = 'credit-note'");
    await expectOpeningsRecounted(run);
    await run("DELETE FROM ledger_entries WHERE reference IN ('TRF-3', 'TRF-2')");
    await expectOpeningsRecounted(run);
    const [other] = await run("SELECT owed_cents::bigint AS owed FROM ledger_month_balances WHERE company_id = $1", [
      OTHER,
    ]);
    expect(Number(other?.owed)).toBe(100000);
  });
});

if (DATABASES.length === 1) describe.skip(`migration 0036 on PostgreSQL: ${NEEDS_POSTGRES}`, () => {});
