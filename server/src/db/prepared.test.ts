import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoiceCounters } from "../ordering/money-tables.js";
import { NEEDS_POSTGRES } from "../test/postgres.js";
import { signal } from "../test/signal.js";
import { createTestDatabase } from "../test/test-app.js";
import type { DatabaseHandle } from "./client.js";
import { preparedOnce } from "./prepared.js";

const counterOf = preparedOnce((db) =>
  db
    .select({ last: invoiceCounters.last })
    .from(invoiceCounters)
    .where(eq(invoiceCounters.year, sql.placeholder("year")))
    .prepare("test_counter_of"),
);

describe("a query prepared once for transactions", () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it("runs on each transaction's own connection: it sees that transaction's writes, and only while it lasts", async () => {
    const { db } = database;
    const seen = await db.transaction(async (tx) => {
      await tx.insert(invoiceCounters).values({ year: 1901, last: 7 });
      return counterOf(tx).execute({ year: 1901 });
    });
    expect(seen).toEqual([{ last: 7 }]);
    // The same built query in a second transaction, whose write is rolled back.
    const rolledBack = new Error("roll back");
    let inside: unknown;
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(invoiceCounters).values({ year: 1902, last: 3 });
        inside = await counterOf(tx).execute({ year: 1902 });
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(inside).toEqual([{ last: 3 }]);
    expect(await db.transaction((tx) => counterOf(tx).execute({ year: 1902 }))).toEqual([]);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    process.env.TEST_DATABASE_URL
      ? "two transactions at once each read through their own connection"
      : `two transactions at once (PGlite runs one at a time): ${NEEDS_POSTGRES}`,
    async () => {
      const { db } = database;
      const firstMayCommit = signal();
      const firstHasRead = signal();
      const first = db.transaction(async (tx) => {
        await tx.insert(invoiceCounters).values({ year: 1903, last: 1 });
        const own = await counterOf(tx).execute({ year: 1903 });
        firstHasRead.give();
        await firstMayCommit.happened;
        return own;
      });
      await firstHasRead.happened;
      // The first has written and read, and not committed: the second, on a connection of its own, does not see it.
      const second = await db.transaction((tx) => counterOf(tx).execute({ year: 1903 }));
      firstMayCommit.give();
      expect(await first).toEqual([{ last: 1 }]);
      expect(second).toEqual([]);
      expect(await db.transaction((tx) => counterOf(tx).execute({ year: 1903 }))).toEqual([{ last: 1 }]);
    },
  );
});
