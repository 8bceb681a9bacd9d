import { isoDay, STATS_LOW_STOCK_LISTED } from "@forgeline/contract";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/client.js";
import { repeatingJob } from "../events/repeating-job.js";
import { enqueueAccountMail } from "../identity/queries.js";
import { lowStockTools } from "../product/queries/products.js";
import { adminEmails } from "../user/queries.js";
import { claimLowStockMailDay } from "./queries.js";

export type LowStockCheck = "sent" | "already-sent" | "nothing-low";

/**
 * Once per UTC day, when tools are below their threshold, one mail to each admin listing them
 * (docs/SELLING-TO-BUSINESSES.md, 'Overview for the shop owner'). The day's row and the mails are written
 * in one transaction: of several instances checking at once, only the one whose insert made the row puts
 * mails in the outbox (the others find the row and stop); a failure rolls both back, so a later check
 * tries again. A day with nothing low takes no row, so a tool that falls below its threshold later that day
 * is still reported.
 */
export async function checkLowStock(db: Database, now = new Date()): Promise<LowStockCheck> {
  const low = await lowStockTools(db, STATS_LOW_STOCK_LISTED);
  if (low.count === 0) return "nothing-low";
  const day = isoDay(now);
  return db.transaction(async (tx) => {
    if (!(await claimLowStockMailDay(tx, day))) return "already-sent";
    const tools = low.tools.map(({ name, sku, quantity, threshold, byWarehouse }) => ({
      name,
      sku,
      quantity,
      threshold,
      byWarehouse,
    }));
    for (const admin of await adminEmails(tx))
      await enqueueAccountMail(tx, admin, "low-stock", { day, count: low.count, tools });
    return "sent";
  });
}

/**
 * Checks every `checkMs` (the first check one interval after the start, so a short-lived process or test
 * sends nothing it did not ask for); the mail itself goes at most once a day, whatever the interval.
 */
export function startLowStockMail(options: { db: Database; log: FastifyBaseLogger; checkMs: number }) {
  const { db, log, checkMs } = options;
  return repeatingJob({
    everyMs: checkMs,
    round: async () => {
      if ((await checkLowStock(db)) === "sent") log.info("the low-stock mail is in the outbox");
    },
    log,
    failure: "the low-stock check failed; the next one tries again",
  });
}
