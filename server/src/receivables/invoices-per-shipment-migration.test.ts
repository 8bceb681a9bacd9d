import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OldDatabase, oldDatabases, type Run } from "../test/migrations.js";
import { NEEDS_POSTGRES } from "../test/postgres.js";

const COMPANY = "50000000-0000-4000-8000-000000000047";
const ORDER = "60000000-0000-4000-8000-000000000047";
const UNSHIPPED = "60000000-0000-4000-8000-000000000048";
const WAREHOUSE = "80000000-0000-4000-8000-000000000047";

/**
 * An order on account invoiced whole before migration 0047: $1,000, $200 paid, a $100 credit note, a reminder sent,
 * its shipment; and another placed, not shipped yet.
 */
async function writeOldOrders(run: Run) {
  await run(
    `INSERT INTO companies (id, name, created_by, net_days, credit_limit_cents) VALUES ($1, 'Old Co', 'o@x.test', 30, 1000000)`,
    [COMPANY],
  );
  for (const [id, shipped] of [
    [ORDER, true],
    [UNSHIPPED, false],
  ] as const) {
    await run(
      `INSERT INTO orders (id, product_id, product_name, unit_price_cents, quantity, subtotal_cents, total_cents,
         amount_paid_cents, credited_cents, company_id, company_name, user_email, user_name, phone, address,
         fulfilment_status, payment_status, payment_method, net_days, invoice_number, invoice_issued_at, invoice_due_at)
       VALUES ($1, '30000000-0000-4000-8000-0000000000a1', 'Claw Hammer', 1000, 100, 100000, 100000, $3, $4, $2,
         'Old Co', 'b@x.test', 'Buyer', '5550100000', '1 Road', $5, $6, 'invoice', 30, $7, $8, $9)`,
      [
        id,
        COMPANY,
        shipped ? 20000 : 0,
        shipped ? 10000 : 0,
        shipped ? "shipped" : "open",
        shipped ? "partially-paid" : "unpaid",
        shipped ? "INV-2026-000001" : null,
        shipped ? "2026-02-10T09:00:00Z" : null,
        shipped ? "2026-03-12T09:00:00Z" : null,
      ],
    );
  }
  await run(`INSERT INTO warehouses (id, code, name, address) VALUES ($1, 'OLD', 'Old depot', '1 Depot Lane')`, [
    WAREHOUSE,
  ]);
  await run(
    `INSERT INTO shipments (order_id, number, warehouse_id, carrier, tracking_number, by, shipped_at)
     VALUES ($1, 1, $2, 'DHL', '1', 'a@x.test', '2026-02-10T09:00:00Z')`,
    [ORDER, WAREHOUSE],
  );
  await run(
    `INSERT INTO credit_notes (number, order_id, amount_cents, off_balance_cents, to_credit_cents, reason, issued_by)
     VALUES ('CN-000001', $1, 10000, 10000, 0, 'Damaged', 'a@x.test')`,
    [ORDER],
  );
  await run(
    `INSERT INTO ledger_entries (company_id, order_id, kind, owed_cents, credit_cents, reference, at) VALUES
       ($1, $2, 'invoice', 100000, 0, 'INV-2026-000001', '2026-02-10T09:00:00Z'),
       ($1, $2, 'card-payment', -20000, 0, 'pi_test_1', '2026-02-20T09:00:00Z'),
       ($1, $2, 'credit-note', -10000, 0, 'CN-000001', '2026-02-21T09:00:00Z')`,
    [COMPANY, ORDER],
  );
  await run(`INSERT INTO invoice_reminders (order_id, step, sent) VALUES ($1, 'before-due', true)`, [ORDER]);
}

const DATABASES = oldDatabases();

/**
 * Migration 0047 (docs/decisions/077-invoices-per-shipment.md) on orders invoiced whole before it, on PGlite and on
 * PostgreSQL: each becomes one invoice on account for its total with what was paid and credited of it, named by its
 * ledger entries, credit notes, reminders and shipments; an order not shipped has none.
 */
describe.each(DATABASES)("migration 0047 on %s: invoices per shipment", (_kind, make) => {
  let database: OldDatabase;

  beforeAll(async () => {
    database = await make("0047");
    await writeOldOrders(database.run);
    await database.migrate();
  });
  afterAll(async () => {
    await database.close();
  });

  it("makes each order invoiced whole one invoice, named wherever its order was", async () => {
    const { run } = database;
    const invoices = await run(
      `SELECT number, order_id, company_id, due_at = '2026-03-12T09:00:00Z'::timestamptz AS due,
         total_cents::int AS total, paid_cents::int AS paid, credited_cents::int AS credited FROM account_invoices`,
    );
    expect(invoices).toEqual([
      {
        number: "INV-2026-000001",
        order_id: ORDER,
        company_id: COMPANY,
        due: true,
        total: 100000,
        paid: 20000,
        credited: 10000,
      },
    ]);
    const orders = await run("SELECT id, invoiced_cents::int AS invoiced FROM orders ORDER BY id");
    expect(orders).toEqual([
      { id: ORDER, invoiced: 100000 },
      { id: UNSHIPPED, invoiced: 0 },
    ]);
    expect(await run("SELECT DISTINCT invoice_number FROM ledger_entries")).toEqual([
      { invoice_number: "INV-2026-000001" },
    ]);
    expect(await run("SELECT invoice_number FROM credit_notes")).toEqual([{ invoice_number: "INV-2026-000001" }]);
    expect(await run("SELECT invoice_number, step FROM invoice_reminders")).toEqual([
      { invoice_number: "INV-2026-000001", step: "before-due" },
    ]);
    expect(await run("SELECT invoice_number, invoice_cents::int AS cents FROM shipments")).toEqual([
      { invoice_number: "INV-2026-000001", cents: 100000 },
    ]);
  });

  it("holds an invoice's figures within what it bills, and a reminder step once per invoice", async () => {
    const { run } = database;
    await expect(run("UPDATE account_invoices SET paid_cents = 95000")).rejects.toThrow(/account_invoices_figures/);
    await expect(
      run(`INSERT INTO invoice_reminders (invoice_number, step, sent) VALUES ('INV-2026-000001', 'before-due', true)`),
    ).rejects.toThrow(/duplicate|unique/i);
  });
});

if (DATABASES.length === 1) describe.skip(`migration 0047 on PostgreSQL: ${NEEDS_POSTGRES}`, () => {});
