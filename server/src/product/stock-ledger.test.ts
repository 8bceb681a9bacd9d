import type { Order, Product } from "@forgeline/contract";
import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.js";
import { orderLines, orders } from "../ordering/tables.js";
import { signUp, type TestAccount } from "../test/accounts.js";
import { emptyPostgresDatabase, NEEDS_POSTGRES } from "../test/postgres.js";
import { expectLevelsToBeTheLedger } from "../test/stock.js";
import { stockSteps } from "../test/stock-steps.js";
import { createTestApp } from "../test/test-app.js";

describe("the stock ledger", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: TestAccount;
  let buyer: TestAccount;
  let steps: ReturnType<typeof stockSteps>;
  let places: string[];

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signUp(ctx.app, { admin: true });
    buyer = await signUp(ctx.app);
    steps = stockSteps(ctx.app, admin);
    const east = await steps.addWarehouse("EAST");
    places = [(await steps.warehouses())[0]?._id ?? "", east];
  });
  afterAll(() => ctx.close());

  it("random histories of receipts, recounts, payments, shipments, changes and refunds: the kept levels are a recount of the ledger", async () => {
    const step = fc.oneof(
      fc.record({ kind: fc.constant("receive" as const), place: fc.nat(1), pieces: fc.integer({ min: 1, max: 300 }) }),
      fc.record({ kind: fc.constant("recount" as const), place: fc.nat(1), pieces: fc.integer({ min: 0, max: 600 }) }),
      fc.record({ kind: fc.constant("pay" as const), pieces: fc.integer({ min: 100, max: 200 }) }),
      fc.record({ kind: fc.constant("ship" as const), pick: fc.nat() }),
      // A shipment of part of an order from one warehouse (docs/STOCK.md, 'Shipments'): refused (409) above what the
      // order holds there.
      {
        weight: 2,
        arbitrary: fc.record({
          kind: fc.constant("shipPart" as const),
          pick: fc.nat(),
          place: fc.nat(1),
          pieces: fc.integer({ min: 1, max: 120 }),
        }),
      },
      fc.record({ kind: fc.constant("refund" as const), pick: fc.nat(), restock: fc.boolean() }),
      // A change of a paid order, shipped in part or not (docs/decisions/079-changing-an-order-shipped-in-part.md):
      // its line of the tool kept as it is, a line of another tool added, changed or removed (0); what it holds of the
      // tool not shipped is given back and taken again, its shipped pieces never.
      {
        weight: 2,
        arbitrary: fc.record({
          kind: fc.constant("change" as const),
          pick: fc.nat(),
          pieces: fc.oneof(fc.constant(0), fc.integer({ min: 100, max: 200 })),
        }),
      },
    );
    // Each history begins with a paid order (200 pieces received first), so the steps after have one to act on.
    const begun = fc
      .tuple(fc.integer({ min: 100, max: 200 }), fc.array(step, { minLength: 1, maxLength: 8 }))
      .map(([pieces, rest]) => [
        { kind: "receive" as const, place: 0, pieces: 200 },
        { kind: "pay" as const, pieces },
        ...rest,
      ]);
    await fc.assert(
      fc.asyncProperty(begun, async (history) => {
        const tool: Product = await steps.looseTool(100);
        const other: Product = await steps.looseTool(1000);
        const paid: Order[] = [];
        for (const one of history) {
          if (one.kind === "receive") {
            await steps.receive(tool._id, places[one.place] ?? "", one.pieces);
          } else if (one.kind === "recount") {
            const body = { productId: tool._id, warehouseId: places[one.place], quantity: one.pieces };
            const recounted = await steps.move({ ...body, kind: "adjusted", reason: "Counted" });
            expect([201, 409]).toContain(recounted.statusCode);
          } else if (one.kind === "pay") {
            const available = (await steps.levels(tool._id)).quantity;
            const placed = await steps.call("POST", "/api/ordering", buyer, {
              orderId: tool._id,
              quantity: one.pieces,
              phone: "5550100000",
              address: "1 Yard Road",
            });
            expect(placed.statusCode).toBe(one.pieces > available ? 400 : 201);
            if (placed.statusCode !== 201) continue;
            const order = (await steps.call("GET", `/api/ordering/${placed.json().insertedId}`, buyer)).json<Order>();
            expect((await steps.pay(buyer, order)).statusCode).toBe(200);
            paid.push(order);
          } else if (one.kind === "change") {
            const order = paid[one.pick % Math.max(paid.length, 1)];
            if (!order) continue;
            const now = (await steps.call("GET", `/api/ordering/${order._id}`, buyer)).json<Order>();
            const lines = [
              { productId: tool._id, quantity: now.lines[0]?.quantity ?? 0 },
              { productId: other._id, quantity: one.pieces },
            ];
            const seen = await steps.call("POST", `/api/ordering/${order._id}/changes/preview`, buyer, { lines });
            // 400: a change of nothing; 409: shipped whole or refunded, or nothing left to ship.
            expect([200, 400, 409]).toContain(seen.statusCode);
            if (seen.statusCode === 200) {
              const { revision, after } = seen.json<{ revision: number; after: { total: number } }>();
              const applied = await steps.call("POST", `/api/ordering/${order._id}/changes`, buyer, {
                lines,
                revision,
                expectedTotal: after.total,
              });
              expect(applied.statusCode, applied.body).toBe(200);
              // Costing more, it owes the difference: paid at once, so it ships (and counts as paid) as before.
              if (applied.json<Order>().paymentStatus === "partially-paid") {
                const opened = await steps.call("POST", `/api/payments/${order._id}/balance-intent`, buyer);
                expect(opened.statusCode, opened.body).toBe(200);
                expect((await steps.confirm(buyer, opened.json().clientSecret)).statusCode).toBe(200);
              }
            }
          } else {
            const order = paid[one.pick % Math.max(paid.length, 1)];
            if (!order) continue;
            const tracking = { carrier: "DHL", trackingNumber: "1" };
            const answer =
              one.kind === "ship"
                ? await steps.call("POST", `/api/admin/orders/${order._id}/ship`, admin, tracking)
                : one.kind === "shipPart"
                  ? await steps.call("POST", `/api/admin/orders/${order._id}/shipments`, admin, {
                      ...tracking,
                      warehouseId: places[one.place],
                      lines: [{ productId: tool._id, quantity: one.pieces }],
                    })
                  : await steps.call("POST", `/api/admin/orders/${order._id}/refund`, admin, { restock: one.restock });
            expect([200, 409]).toContain(answer.statusCode);
          }
          await expectLevelsToBeTheLedger(ctx.db, tool._id);
          await expectLevelsToBeTheLedger(ctx.db, other._id);
        }
        // What is allocated is what the paid orders not yet shipped whole or refunded hold (one changed to cost more
        // owes its difference, its pieces held): their pieces of the tool not shipped.
        const held = await ctx.db
          .select({ pieces: sql<string>`coalesce(sum(${orderLines.quantity} - ${orderLines.shippedQuantity}), 0)` })
          .from(orders)
          .innerJoin(orderLines, sql`${orderLines.orderId} = ${orders.id}`)
          .where(
            sql`${orderLines.productId} = ${tool._id} and ${orders.fulfilmentStatus} in ('open', 'partially-shipped') and ${orders.paymentStatus} in ('paid', 'partially-paid')`,
          );
        const allocated = Object.values((await steps.levels(tool._id)).byCode).reduce(
          (sum, level) => sum + level.allocated,
          0,
        );
        expect(allocated).toBe(Number(held[0]?.pieces));
      }),
      { numRuns: 10 },
    );
  }, 300_000);
});

describe("the stock ledger with backorders", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: TestAccount;
  let buyer: TestAccount;
  let steps: ReturnType<typeof stockSteps>;
  let places: string[];

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signUp(ctx.app, { admin: true });
    buyer = await signUp(ctx.app);
    steps = stockSteps(ctx.app, admin);
    const east = await steps.addWarehouse("EAST");
    places = [(await steps.warehouses())[0]?._id ?? "", east];
  });
  afterAll(() => ctx.close());

  it("random histories where payments go above what is available and receipts fill the rest: still a recount", async () => {
    const step = fc.oneof(
      fc.record({ kind: fc.constant("receive" as const), place: fc.nat(1), pieces: fc.integer({ min: 1, max: 300 }) }),
      fc.record({ kind: fc.constant("recount" as const), place: fc.nat(1), pieces: fc.integer({ min: 0, max: 600 }) }),
      fc.record({ kind: fc.constant("pay" as const), pieces: fc.integer({ min: 100, max: 200 }) }),
      fc.record({ kind: fc.constant("ship" as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant("refund" as const), pick: fc.nat(), restock: fc.boolean() }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (history) => {
        const tool: Product = await steps.looseTool(100);
        const allowed = await steps.call("PATCH", `/api/product/${tool._id}`, admin, { backorders: { allowed: true } });
        expect(allowed.statusCode).toBe(200);
        const paid: Order[] = [];
        for (const one of history) {
          if (one.kind === "receive") {
            await steps.receive(tool._id, places[one.place] ?? "", one.pieces);
          } else if (one.kind === "recount") {
            const body = { productId: tool._id, warehouseId: places[one.place], quantity: one.pieces };
            const recounted = await steps.move({ ...body, kind: "adjusted", reason: "Counted" });
            expect([201, 409]).toContain(recounted.statusCode);
          } else if (one.kind === "pay") {
            // Above what is available or not, a tool that takes backorders is always sold.
            const order = await steps.placeOrder(buyer, tool, one.pieces);
            expect((await steps.pay(buyer, order)).statusCode).toBe(200);
            paid.push(order);
          } else {
            const order = paid[one.pick % Math.max(paid.length, 1)];
            if (!order) continue;
            const answer =
              one.kind === "ship"
                ? await steps.call("POST", `/api/admin/orders/${order._id}/ship`, admin, {
                    carrier: "DHL",
                    trackingNumber: "1",
                  })
                : await steps.call("POST", `/api/admin/orders/${order._id}/refund`, admin, { restock: one.restock });
            expect([200, 409]).toContain(answer.statusCode);
          }
          await expectLevelsToBeTheLedger(ctx.db, tool._id);
          // What is allocated is what the paid orders not yet shipped or refunded hold: their pieces less those
          // that wait and those that left in a shipment (an order shipped in part keeps the word "paid").
          const held = await ctx.db
            .select({
              pieces: sql<string>`coalesce(sum(${orderLines.quantity} - ${orderLines.shippedQuantity} - ${orderLines.waitingQuantity}), 0)`,
            })
            .from(orderLines)
            .innerJoin(orders, eq(orders.id, orderLines.orderId))
            .where(sql`${orderLines.productId} = ${tool._id} and ${orders.status} = 'paid'`);
          const { byCode } = await steps.levels(tool._id);
          const allocated = Object.values(byCode).reduce((sum, level) => sum + level.allocated, 0);
          expect(allocated).toBe(Number(held[0]?.pieces));
        }
      }),
      { numRuns: 10 },
    );
  }, 300_000);
});

/**
 * Twenty buyers pay at once for 100 pieces each of the last 1 500, kept in two warehouses (900 and 600), through
 * `apps` (two instances on one PostgreSQL, or one on PGlite): exactly 15 are paid, the other 5 refused with 409,
 * and no count goes below zero.
 */
async function lastPiecesRace(apps: FastifyInstance[], db: Database) {
  const [first] = apps;
  if (!first) throw new Error("no app");
  const admin = await signUp(first, { admin: true });
  const steps = stockSteps(first, admin);
  const tool = await steps.looseTool(900);
  const east = await steps.addWarehouse(`E${Date.now() % 100000}`);
  await steps.receive(tool._id, east, 600);
  const buyers = await Promise.all(Array.from({ length: 20 }, () => signUp(first)));
  const secrets = await Promise.all(
    buyers.map(async (buyer) => steps.openIntent(buyer, await steps.placeOrder(buyer, tool, 100))),
  );
  const answers = await Promise.all(
    buyers.map((buyer, index) => steps.confirm(buyer, secrets[index] ?? "", apps[index % apps.length])),
  );
  const statuses = answers.map((answer) => answer.statusCode).sort();
  const refusals = answers.filter((answer) => answer.statusCode !== 200).map((answer) => answer.body);
  expect(
    statuses.filter((status) => status === 200),
    refusals.join("\n"),
  ).toHaveLength(15);
  expect(statuses.filter((status) => status !== 200)).toEqual([409, 409, 409, 409, 409]);
  expect(await steps.levels(tool._id)).toMatchObject({
    byCode: { MAIN: { onHand: 900, allocated: 900 } },
    quantity: 0,
  });
  await expectLevelsToBeTheLedger(db, tool._id);
}

describe("the last pieces, paid for at once", () => {
  it("on one instance: exactly those that fit are paid, every refusal a 409, none below zero", async () => {
    const ctx = await createTestApp();
    try {
      await lastPiecesRace([ctx.app], ctx.db);
    } finally {
      await ctx.close();
    }
  }, 120_000);

  const serverUrl = process.env.TEST_DATABASE_URL;
  it.skipIf(!serverUrl)(
    serverUrl ? "on two instances of one PostgreSQL: the same" : `on two instances: ${NEEDS_POSTGRES}`,
    async () => {
      const database = await emptyPostgresDatabase(serverUrl ?? "");
      const a = await createTestApp({ databaseUrl: database.url });
      const b = await createTestApp({ databaseUrl: database.url });
      try {
        await lastPiecesRace([a.app, b.app], a.db);
      } finally {
        await a.close();
        await b.close();
        await database.drop();
      }
    },
    120_000,
  );
});
