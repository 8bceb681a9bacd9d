import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationsFolder, openPglite } from "../db/client.js";
import { migrationsBefore } from "../test/migrations.js";

const COMPANY = "50000000-0000-4000-8000-000000000003";
const ORDER = "60000000-0000-4000-8000-000000000003";

/**
 * Migration 0040 (docs/BUYING-ON-ACCOUNT.md, 'Credit notes'): a credit note issued before reasons were asked for
 * reads "Not recorded", and from then on the database asks every new one for its reason.
 */
describe("migration 0040: credit notes carry a reason", () => {
  let folder: string;
  let client: Awaited<ReturnType<typeof openPglite>>;
  const run = async (text: string, values?: unknown[]) =>
    (await client.query<Record<string, unknown>>(text, values)).rows;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), "forgeline-migration-"));
    client = await openPglite();
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: await migrationsBefore(folder, "0040") });
    await run(
      `INSERT INTO companies (id, name, created_by, net_days, credit_limit_cents) VALUES ($1, 'Old Co', 'o@x.test', 30, 1000000)`,
      [COMPANY],
    );
    await run(
      `INSERT INTO orders (id, product_id, product_name, unit_price_cents, quantity, subtotal_cents, total_cents,
         credited_cents, company_id, company_name, user_email, user_name, phone, address, fulfilment_status,
         payment_status, payment_method, net_days, invoice_number, invoice_issued_at, invoice_due_at)
       VALUES ($1, '30000000-0000-4000-8000-0000000000a1', 'Claw Hammer', 1000, 100, 100000, 100000, 10000, $2,
         'Old Co', 'b@x.test', 'Buyer', '5550100000', '1 Road', 'shipped', 'unpaid', 'invoice', 30, 'INV-OLD-1',
         '2026-02-10T09:00:00Z', '2026-03-12T09:00:00Z')`,
      [ORDER, COMPANY],
    );
    await run(
      `INSERT INTO credit_notes (number, order_id, amount_cents, off_balance_cents, to_credit_cents, issued_by)
       VALUES ('CN-900001', $1, 10000, 10000, 0, 'a@x.test')`,
      [ORDER],
    );
    await migrate(db, { migrationsFolder });
  });
  afterAll(async () => {
    await client.close();
    await rm(folder, { recursive: true, force: true });
  });

  it("backfills the notes issued before with Not recorded, and asks every new one for its reason", async () => {
    expect(await run("SELECT number, reason FROM credit_notes")).toEqual([
      { number: "CN-900001", reason: "Not recorded" },
    ]);
    await expect(
      run(
        `INSERT INTO credit_notes (number, order_id, amount_cents, off_balance_cents, to_credit_cents, issued_by)
         VALUES ('CN-900002', $1, 100, 100, 0, 'a@x.test')`,
        [ORDER],
      ),
    ).rejects.toThrow(/reason/);
  });
});
