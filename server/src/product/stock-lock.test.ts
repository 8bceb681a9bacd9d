import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/client.js";
import { NEEDS_POSTGRES } from "../test/postgres.js";
import { signal } from "../test/signal.js";
import { createTestDatabase } from "../test/test-app.js";
import { addProducts } from "./queries/products.js";
import { receiveStock } from "./queries/stock-counts.js";
import { lockStockToTake } from "./queries/stock-ledger.js";
import { addWarehouse } from "./queries/warehouses.js";

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)(
  serverUrl
    ? "taking stock in one statement, on PostgreSQL"
    : `taking stock in one statement (PGlite runs one transaction at a time): ${NEEDS_POSTGRES}`,
  () => {
    let database: DatabaseHandle;
    beforeAll(async () => {
      database = await createTestDatabase();
    });
    afterAll(() => database.close());

    it("sees a level another transaction made while it waited for the tool's lock, with the pieces it holds", async () => {
      const { db } = database;
      const [productId = ""] = await addProducts(db, [
        {
          name: "Late Level Saw",
          sku: "LAT-LEV-SAW",
          priceCents: 1_000,
          quantity: 0,
          image: "/images/claw-hammer.svg",
          description: "Kept in a warehouse it was never in.",
        },
      ]);
      const late = await addWarehouse(db, { code: "LATE", name: "Late", address: "3 Late Road", active: true });
      const receiptMayCommit = signal();
      const receivedNotCommitted = signal();
      // A receipt into a warehouse the tool was never kept in: it makes the level, holding the tool's lock.
      const receipt = db.transaction(async (tx) => {
        await receiveStock(tx, { productId, warehouseId: late.id, quantity: 10, by: "test" });
        receivedNotCommitted.give();
        await receiptMayCommit.happened;
      });
      await receivedNotCommitted.happened;
      const taking = db.transaction((tx) => lockStockToTake(tx, [productId]));
      // The taking waits for the tool's lock (its statement's snapshot was taken before the level was committed).
      await expect
        .poll(async () => {
          const { rows } = (await db.execute(
            sql`select count(*)::int as waiting from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`,
          )) as unknown as { rows: { waiting: number }[] };
          return rows[0]?.waiting;
        })
        .toBe(1);
      receiptMayCommit.give();
      await receipt;
      const { levels } = await taking;
      expect(levels.map((level) => ({ code: level.code, onHand: level.onHand, allocated: level.allocated }))).toEqual(
        expect.arrayContaining([{ code: "LATE", onHand: 10, allocated: 0 }]),
      );
    });
  },
);
