import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import {
  derivedStatus,
  type FulfilmentStatus,
  MONEY_HELD_PAYMENTS,
  PAYMENT_METHODS,
  type PaymentMethod,
  type PaymentStatus,
  POSSIBLE_FACTS,
  SENT_ORDER_STATUSES,
} from "@forgeline/contract";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, migrationsFolder, openPglite } from "../db/client.js";
import { migrationsBefore } from "../test/migrations.js";
import { withHistory } from "./queries/wire.js";
import { orders } from "./tables.js";

const TOOL = "30000000-0000-4000-8000-0000000000a1";
const PLACED = "2026-03-02T09:00:00.000Z";

interface OldOrder {
  id: string;
  fulfilment: FulfilmentStatus;
  payment: PaymentStatus;
  method: PaymentMethod;
}

/**
 * An order in every pair of facts the contract allowed when 0035 ran, on account and by card: a card order leaves the
 * shop only once paid (orders_card_paid_before_shipping), so the pairs of a card shipped unpaid are left out, and
 * shipping in part came later (migration 0044).
 */
const OLD_ORDERS: OldOrder[] = PAYMENT_METHODS.flatMap((method) =>
  POSSIBLE_FACTS.filter(
    ({ fulfilment, payment }) =>
      fulfilment !== "partially-shipped" &&
      (method === "invoice" ||
        !SENT_ORDER_STATUSES.some((sent) => sent === fulfilment) ||
        !["unpaid", "partially-paid"].includes(payment)),
  ).map(({ fulfilment, payment }) => ({ fulfilment, payment, method })),
).map((order, n) => ({ ...order, id: `90000000-0000-4000-8000-${String(n).padStart(12, "0")}` }));

const derived = ({ fulfilment, payment }: OldOrder) => ({
  status: derivedStatus(fulfilment, payment),
  paid: MONEY_HELD_PAYMENTS.includes(payment),
});

/**
 * Migration 0035 on a database made the old way (docs/decisions/053-status-derived.md): `status` and `paid`, written
 * beside the two facts until then, become generated from them. Every order keeps both, the app reads them as it
 * did, and the indexes and the overview's trigger that read `status` are there again.
 */
describe("migration 0035: status and paid derived from the two facts", () => {
  let client: PGlite;
  let folder: string;
  let db: Database;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), "forgeline-migration-"));
    const before = await migrationsBefore(folder, "0035");
    client = await openPglite();
    const pglite = drizzle({ client });
    await migrate(pglite, { migrationsFolder: before });
    // A day the overview keeps, so that its trigger counts the orders placed on it by status.
    await client.query(`INSERT INTO stats_days (day, paid_cents, refunded_cents) VALUES ($1, 0, 0)`, [
      PLACED.slice(0, 10),
    ]);
    for (const order of OLD_ORDERS) {
      const { status, paid } = derived(order);
      await client.query(
        `INSERT INTO orders (id, product_id, product_name, unit_price_cents, quantity, subtotal_cents, total_cents,
           user_email, user_name, phone, address, fulfilment_status, payment_status, payment_method, net_days,
           status, paid, created_at)
         VALUES ($1, $2, 'Claw Hammer', 1000, 150, 150000, 150000, 'old@example.com', 'Old', '5550100000',
           '1 Road', $3, $4, $5, $6, $7, $8, $9)`,
        [
          order.id,
          TOOL,
          order.fulfilment,
          order.payment,
          order.method,
          order.method === "invoice" ? 30 : null,
          status,
          paid,
          PLACED,
        ],
      );
    }
    await migrate(pglite, { migrationsFolder });
    db = pglite as unknown as Database;
  });
  afterAll(async () => {
    await client.close();
    await rm(folder, { recursive: true, force: true });
  });

  it("keeps every order's status and paid flag, as the contract derives them from its facts", async () => {
    const { rows } = await client.query<{ id: string; status: string; paid: boolean }>(
      "SELECT id, status, paid FROM orders",
    );
    const byId = new Map(rows.map(({ id, ...row }) => [id, row]));
    for (const order of OLD_ORDERS)
      expect({ ...order, ...byId.get(order.id) }).toEqual({ ...order, ...derived(order) });
    expect(rows).toHaveLength(OLD_ORDERS.length);
    // Every status and both flags are among them.
    expect(new Set(rows.map((row) => row.status)).size).toBe(7);
    expect(new Set(rows.map((row) => row.paid))).toEqual(new Set([true, false]));
  });

  it("reads each order through the app as before", async () => {
    const records = await withHistory(db, await db.select().from(orders));
    const byId = new Map(records.map((record) => [record._id, record]));
    for (const order of OLD_ORDERS) {
      const record = byId.get(order.id);
      expect({ ...order, status: record?.status, paid: record?.paid }).toEqual({ ...order, ...derived(order) });
    }
  });

  it("refuses a status or paid flag written by hand", async () => {
    const [order] = OLD_ORDERS;
    await expect(client.query(`UPDATE orders SET status = 'paid' WHERE id = '${order?.id}'`)).rejects.toThrow(
      /column "status" can only be updated to DEFAULT/,
    );
    await expect(client.query(`UPDATE orders SET paid = true WHERE id = '${order?.id}'`)).rejects.toThrow(
      /column "paid" can only be updated to DEFAULT/,
    );
  });

  it("makes again the indexes that read the status, and the overview counts the status a step derives", async () => {
    const { rows: indexes } = await client.query<{ indexname: string }>(
      "SELECT indexname FROM pg_indexes WHERE tablename = 'orders'",
    );
    expect(indexes.map((row) => row.indexname)).toEqual(
      expect.arrayContaining([
        "orders_by_status",
        "orders_by_paid_at_cover",
        "orders_by_created_at_status",
        "orders_owing_on_account",
      ]),
    );
    const counted = async () => {
      const { rows } = await client.query<{ status: string; orders: number }>(
        "SELECT status, orders FROM stats_day_statuses WHERE day = $1",
        [PLACED.slice(0, 10)],
      );
      return Object.fromEntries(rows.map((row) => [row.status, row.orders]));
    };
    const before = await counted();
    const unpaid = OLD_ORDERS.find(({ fulfilment, payment }) => fulfilment === "open" && payment === "unpaid");
    await client.query(`UPDATE orders SET payment_status = 'paid' WHERE id = $1`, [unpaid?.id]);
    expect(await counted()).toEqual({
      ...before,
      unpaid: (before.unpaid ?? 0) - 1,
      paid: (before.paid ?? 0) + 1,
    });
  });
});
