import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import {
  derivedStatus,
  FULFILMENT_STATUSES,
  type FulfilmentStatus,
  MONEY_HELD_PAYMENTS,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  type PaymentStatus,
  POSSIBLE_FACTS,
} from "@forgeline/contract";
import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, migrationsFolder, openPglite } from "../db/client.js";
import { migrationsBefore } from "../test/migrations.js";
import { createTestDatabase } from "../test/test-app.js";
import { orders } from "./tables.js";

const TOOL = "30000000-0000-4000-8000-0000000000a1";
const PLACED = "2026-03-02T09:00:00.000Z";
const PAID_AT = "2026-03-02T10:00:00.000Z";

/** An order from before the two facts, in one of the old statuses, with the history that took it there. */
interface OldOrder {
  id: string;
  status: string;
  history: string[];
}
const old = (n: number, status: string, history: string[]): OldOrder => ({
  id: `80000000-0000-4000-8000-00000000000${n}`,
  status,
  history,
});
const OLD_ORDERS = {
  awaitingApproval: old(1, "awaiting-approval", ["awaiting-approval"]),
  unpaid: old(2, "unpaid", ["unpaid"]),
  paid: old(3, "paid", ["unpaid", "paid"]),
  shipped: old(4, "shipped", ["unpaid", "paid", "shipped"]),
  delivered: old(5, "delivered", ["unpaid", "paid", "shipped", "delivered"]),
  cancelled: old(6, "cancelled", ["unpaid", "cancelled"]),
  refundedUnshipped: old(7, "refunded", ["unpaid", "paid", "refunded"]),
  refundedShipped: old(8, "refunded", ["unpaid", "paid", "shipped", "refunded"]),
  refundedDelivered: old(9, "refunded", ["unpaid", "paid", "shipped", "delivered", "refunded"]),
};

/** Whether the shop had taken the money of an order in this old status (its invoice was issued then). */
const wasPaid = ({ history }: OldOrder) => history.includes("paid");

/**
 * Migration 0026 on a database made the old way (docs/BUYING-ON-ACCOUNT.md, 'Two facts'): every order was a card
 * order, and its one status splits into where the goods are and where the money is; a refunded order's goods are
 * where its history last put them.
 */
describe("migration 0026: an order in every old status gets its two facts", () => {
  let client: PGlite;
  let folder: string;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), "forgeline-migration-"));
    const before = await migrationsBefore(folder, "0026");
    client = await openPglite();
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: before });
    for (const [n, order] of Object.values(OLD_ORDERS).entries()) {
      const paid = wasPaid(order);
      const holdsMoney = ["paid", "shipped", "delivered"].includes(order.status);
      await client.query(
        `INSERT INTO orders (id, product_id, product_name, unit_price_cents, quantity, subtotal_cents, total_cents,
           user_email, user_name, phone, address, status, paid, transaction_id, paid_at, invoice_number, created_at)
         VALUES ($1, $2, 'Claw Hammer', 1000, 150, 150000, 150000, 'old@example.com', 'Old', '5550100000',
           '1 Road', $3, $4, $5, $6, $7, $8)`,
        [
          order.id,
          TOOL,
          order.status,
          holdsMoney,
          paid ? `pi_${n}` : null,
          paid ? PAID_AT : null,
          paid ? `INV-2026-00000${n}` : null,
          PLACED,
        ],
      );
      for (const [step, status] of order.history.entries()) {
        await client.query(
          `INSERT INTO order_events (order_id, status, by, created_at) VALUES ($1, $2, 'old@example.com', $3)`,
          [order.id, status, new Date(Date.parse(PLACED) + step * 3_600_000).toISOString()],
        );
      }
    }
    await migrate(db, { migrationsFolder });
  });
  afterAll(async () => {
    await client.close();
    await rm(folder, { recursive: true, force: true });
  });

  it("splits each status into fulfilment and payment, keeps the status, and dates the invoices it had", async () => {
    const { rows } = await client.query<Record<string, unknown>>(
      `SELECT id, status, fulfilment_status, payment_status, payment_method, net_days, paid,
         amount_paid_cents::int AS amount_paid_cents, invoice_issued_at, invoice_due_at
       FROM orders ORDER BY id`,
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    const expected: Record<keyof typeof OLD_ORDERS, [string, string, number]> = {
      awaitingApproval: ["awaiting-approval", "unpaid", 0],
      unpaid: ["open", "unpaid", 0],
      paid: ["open", "paid", 150000],
      shipped: ["shipped", "paid", 150000],
      delivered: ["delivered", "paid", 150000],
      cancelled: ["cancelled", "unpaid", 0],
      // Refunded before it shipped: its pieces never left, so it is cancelled as well as refunded.
      refundedUnshipped: ["cancelled", "refunded", 0],
      refundedShipped: ["shipped", "refunded", 0],
      refundedDelivered: ["delivered", "refunded", 0],
    };
    for (const [name, [fulfilment, payment, amountPaid]] of Object.entries(expected)) {
      const order = OLD_ORDERS[name as keyof typeof OLD_ORDERS];
      expect({ name, ...byId.get(order.id) }).toEqual({
        name,
        id: order.id,
        status: order.status,
        fulfilment_status: fulfilment,
        payment_status: payment,
        payment_method: "card",
        net_days: null,
        paid: ["paid", "shipped", "delivered"].includes(order.status),
        amount_paid_cents: amountPaid,
        // A card order's invoice was issued when it was paid; it is due at once, so it has no due date.
        invoice_issued_at: wasPaid(order) ? new Date(PAID_AT) : null,
        invoice_due_at: null,
      });
    }
    expect(rows).toHaveLength(Object.keys(OLD_ORDERS).length);
  });

  it("leaves each order's history as it was", async () => {
    const { rows } = await client.query<{ order_id: string; status: string }>(
      "SELECT order_id, status FROM order_events ORDER BY order_id, created_at",
    );
    for (const order of Object.values(OLD_ORDERS)) {
      expect(rows.filter((row) => row.order_id === order.id).map((row) => row.status)).toEqual(order.history);
    }
  });
});

/**
 * The orders table's checks against the contract's tables (docs/BUYING-ON-ACCOUNT.md, 'Two facts'): the database
 * takes exactly the facts the contract allows, derives their status and paid flag itself and takes neither from a
 * write (docs/decisions/053-status-derived.md), and refuses a card order shipped unpaid and the net days of a card
 * order.
 */
describe("the orders table refuses what the contract refuses", () => {
  let database: DatabaseHandle;
  let id = "";

  beforeAll(async () => {
    database = await createTestDatabase();
    const [order] = await database.db
      .insert(orders)
      .values({
        productId: TOOL,
        productName: "Claw Hammer",
        unitPriceCents: 1000,
        quantity: 150,
        subtotalCents: 150000,
        totalCents: 150000,
        userEmail: "a@example.com",
        userName: "A",
        phone: "5550100000",
        address: "1 Road",
      })
      .returning();
    id = order?.id ?? "";
  });
  afterAll(() => database.close());

  type Facts = Partial<typeof orders.$inferInsert>;

  /** Answers the check (or generated column) that refused a write, or null when it was taken. */
  async function refusalOf(write: () => Promise<unknown>): Promise<string | null> {
    try {
      await write();
      return null;
    } catch (error) {
      const message = String((error as Error).cause ?? error);
      const check = /violates check constraint "(\w+)"/.exec(message)?.[1];
      const generated = /column "(\w+)" can only be updated to DEFAULT/.exec(message)?.[1];
      return check ?? (generated ? `generated ${generated}` : message);
    }
  }

  /** Sets the order's facts, answering the check that refused them, or null when they were taken. */
  const refusal = (facts: Facts) => refusalOf(() => database.db.update(orders).set(facts).where(eq(orders.id, id)));

  /** Writes a status or paid flag by hand, beside the facts the order holds. */
  const written = (column: "status" | "paid", value: string | boolean) =>
    refusalOf(() => database.db.execute(sql`update orders set ${sql.identifier(column)} = ${value} where id = ${id}`));

  /** On account, so that no card rule stands in the way of the facts alone. */
  const onAccount = (fulfilment: FulfilmentStatus, payment: PaymentStatus): Facts => ({
    paymentMethod: "invoice",
    netDays: 30,
    fulfilmentStatus: fulfilment,
    paymentStatus: payment,
  });

  it("takes every pair of facts the contract allows, with its derived status, and no other status", async () => {
    for (const { fulfilment, payment } of POSSIBLE_FACTS) {
      const derived = derivedStatus(fulfilment, payment);
      expect([fulfilment, payment, derived, await refusal(onAccount(fulfilment, payment))]).toEqual([
        fulfilment,
        payment,
        derived,
        null,
      ]);
      const [stored] = await database.db
        .select({ status: orders.status, paid: orders.paid })
        .from(orders)
        .where(eq(orders.id, id));
      expect([fulfilment, payment, stored]).toEqual([
        fulfilment,
        payment,
        { status: derived, paid: MONEY_HELD_PAYMENTS.includes(payment) },
      ]);
      // Not even the status it derives can be written: no write keeps it in step.
      for (const status of ORDER_STATUSES) expect(await written("status", status)).toBe("generated status");
      for (const paid of [true, false]) expect(await written("paid", paid)).toBe("generated paid");
    }
  });

  it("refuses every pair of facts the contract does not allow, whatever the status", async () => {
    const allowed = new Set(POSSIBLE_FACTS.map(({ fulfilment, payment }) => `${fulfilment}/${payment}`));
    const refused = FULFILMENT_STATUSES.flatMap((fulfilment) =>
      PAYMENT_STATUSES.filter((payment) => !allowed.has(`${fulfilment}/${payment}`)).map((payment) => ({
        fulfilment,
        payment,
      })),
    );
    // An order waiting for an owner or cancelled took no money, nor kept any; a refund of an open order cancels it.
    expect(refused).toContainEqual({ fulfilment: "awaiting-approval", payment: "paid" });
    expect(refused).toContainEqual({ fulfilment: "open", payment: "refunded" });
    for (const { fulfilment, payment } of refused) {
      expect(await refusal(onAccount(fulfilment, payment))).toBe("orders_facts_agree");
    }
  });

  it("refuses a card order shipped unpaid, net days on a card order, and an order on account without them", async () => {
    const card: Facts = { paymentMethod: "card", netDays: null, paymentStatus: "unpaid" };
    expect(await refusal({ ...card, fulfilmentStatus: "shipped" })).toBe("orders_card_paid_before_shipping");
    expect(await refusal({ ...card, fulfilmentStatus: "delivered" })).toBe("orders_card_paid_before_shipping");
    // Paid, a card order ships.
    expect(await refusal({ ...card, paymentStatus: "paid", fulfilmentStatus: "shipped" })).toBeNull();
    expect(await refusal({ ...onAccount("open", "unpaid"), paymentMethod: "card" })).toBe("orders_net_days_on_account");
    expect(await refusal({ ...onAccount("open", "unpaid"), netDays: null })).toBe("orders_net_days_on_account");
    expect(await refusal({ ...card, fulfilmentStatus: "open", invoiceDueAt: new Date(PAID_AT) })).toBe(
      "orders_due_on_account",
    );
    // Shipped unpaid on account is the rule, not a refusal.
    expect(await refusal(onAccount("shipped", "unpaid"))).toBeNull();
  });
});
