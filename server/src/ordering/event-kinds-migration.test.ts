import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationsFolder, openPglite } from "../db/client.js";
import { migrationsBefore } from "../test/migrations.js";

const COMPANY = "50000000-0000-4000-8000-000000000001";
const ON_ACCOUNT = "60000000-0000-4000-8000-000000000001";
const CARD = "60000000-0000-4000-8000-000000000002";
const REJECTED = "60000000-0000-4000-8000-000000000003";

/** The order columns every row below shares: a $1,000.00 order of one line. */
const ORDER_COLUMNS = `product_id, product_name, unit_price_cents, quantity, subtotal_cents, total_cents, user_email,
  user_name, phone, address`;
const ORDER_VALUES = `'30000000-0000-4000-8000-0000000000a1', 'Claw Hammer', 1000, 100, 100000, 100000, 'b@x.test',
  'Buyer', '5550100000', '1 Road'`;

/**
 * Migration 0039 on a history written before it (decision 062): each entry is named by what happened, read from what
 * it says (the notes payments and credit notes wrote, else the status reached and the one before), and the entries
 * that moved money say how much, how and by what reference, so the order's money movements list them.
 */
describe("migration 0039: history entries named by what happened", () => {
  let client: PGlite;
  let folder: string;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), "forgeline-migration-"));
    const before = await migrationsBefore(folder, "0039");
    client = await openPglite();
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: before });
    await client.query(
      `INSERT INTO companies (id, name, created_by, net_days, credit_limit_cents) VALUES ($1, 'Kept Co', 'o@x.test', 30, 1000000)`,
      [COMPANY],
    );
    await client.query(
      `INSERT INTO orders (id, ${ORDER_COLUMNS}, company_id, fulfilment_status, payment_status, payment_method, net_days,
         amount_paid_cents, credited_cents, invoice_number, invoice_issued_at, invoice_due_at)
       VALUES ($1, ${ORDER_VALUES}, $2, 'shipped', 'partially-paid', 'invoice', 30, 55000, 10000, 'INV-1',
         '2026-02-10T09:00:00Z', '2026-03-12T09:00:00Z')`,
      [ON_ACCOUNT, COMPANY],
    );
    await client.query(
      `INSERT INTO orders (id, ${ORDER_COLUMNS}, fulfilment_status, payment_status, transaction_id)
       VALUES ($1, ${ORDER_VALUES}, 'cancelled', 'refunded', 'pi_card'),
              ($2, ${ORDER_VALUES}, 'cancelled', 'unpaid', null)`,
      [CARD, REJECTED],
    );
    await client.query(
      `INSERT INTO payments_received (company_id, amount_cents, received_at, reference, recorded_by)
       VALUES ($1, 40000, '2026-03-03', 'TRF-1', 'a@x.test')`,
      [COMPANY],
    );
    await client.query(
      `INSERT INTO credit_notes (number, order_id, amount_cents, off_balance_cents, to_credit_cents, issued_by)
       VALUES ('CN-000001', $1, 10000, 10000, 0, 'a@x.test')`,
      [ON_ACCOUNT],
    );
    const history: [string, string, string | null][] = [
      [ON_ACCOUNT, "unpaid", "Placed"],
      [ON_ACCOUNT, "shipped", "UPS 1Z1"],
      [ON_ACCOUNT, "shipped", "$400.00 received: TRF-1"],
      [ON_ACCOUNT, "shipped", "$100.00 received: Credit to INV-1"],
      [ON_ACCOUNT, "shipped", "$1,050.00 paid by card: pi_balance"],
      [ON_ACCOUNT, "shipped", "Credit note CN-000001: $100.00 off invoice INV-1"],
      [CARD, "awaiting-approval", "Placed. Over the limit"],
      [CARD, "unpaid", "Approved"],
      [CARD, "paid", "Payment pi_card"],
      [CARD, "refunded", "Pieces returned to stock"],
      [REJECTED, "awaiting-approval", "Placed. Over the limit"],
      [REJECTED, "cancelled", "Not this month"],
    ];
    for (const [step, [orderId, status, note]] of history.entries()) {
      await client.query(
        `INSERT INTO order_events (order_id, status, by, note, created_at) VALUES ($1, $2, 'b@x.test', $3, $4)`,
        [orderId, status, note, new Date(Date.parse("2026-02-01T10:00:00Z") + step * 3_600_000).toISOString()],
      );
    }
    await migrate(db, { migrationsFolder });
  });
  afterAll(async () => {
    await client.close();
    await rm(folder, { recursive: true, force: true });
  });

  it("names each entry, and says the money of those that moved some", async () => {
    const { rows } = await client.query<Record<string, unknown>>(
      `SELECT order_id, kind, amount_cents::int AS amount_cents, paid_with, reference, received_on::text AS received_on
       FROM order_events ORDER BY created_at`,
    );
    const none = { amount_cents: null, paid_with: null, reference: null, received_on: null };
    expect(rows).toEqual([
      { order_id: ON_ACCOUNT, kind: "placed", ...none },
      { order_id: ON_ACCOUNT, kind: "shipped", ...none },
      {
        order_id: ON_ACCOUNT,
        kind: "payment-received",
        amount_cents: 40000,
        paid_with: "transfer",
        reference: "TRF-1",
        received_on: "2026-03-03",
      },
      {
        order_id: ON_ACCOUNT,
        kind: "payment-received",
        amount_cents: 10000,
        paid_with: "credit",
        reference: "Credit to INV-1",
        received_on: null,
      },
      {
        order_id: ON_ACCOUNT,
        kind: "payment-received",
        amount_cents: 105000,
        paid_with: "card",
        reference: "pi_balance",
        received_on: null,
      },
      { order_id: ON_ACCOUNT, kind: "credit-note", ...none, amount_cents: 10000, reference: "CN-000001" },
      { order_id: CARD, kind: "placed", ...none },
      { order_id: CARD, kind: "approved", ...none },
      { order_id: CARD, kind: "paid", ...none, amount_cents: 100000, paid_with: "card", reference: "pi_card" },
      { order_id: CARD, kind: "refunded", ...none, amount_cents: 100000, paid_with: "card", reference: "pi_card" },
      { order_id: REJECTED, kind: "placed", ...none },
      { order_id: REJECTED, kind: "rejected", ...none },
    ]);
  });

  it("takes no entry without a kind from now on", async () => {
    await expect(
      client.query(`INSERT INTO order_events (order_id, status, by) VALUES ($1, 'shipped', 'b@x.test')`, [CARD]),
    ).rejects.toThrow(/kind/);
  });
});
