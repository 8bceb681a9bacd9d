import type { Database } from "../db/client.js";
import { lowStockMailDays } from "./tables.js";

/**
 * Takes the low-stock mail of this UTC day (YYYY-MM-DD) for the caller: answers true to the one caller whose
 * insert made the day's row, false to every other (on this instance or another). Called in the transaction
 * that puts the mails in the outbox, so a rolled-back send leaves the day free.
 */
export async function claimLowStockMailDay(db: Database, day: string): Promise<boolean> {
  const claimed = await db
    .insert(lowStockMailDays)
    .values({ day })
    .onConflictDoNothing()
    .returning({ day: lowStockMailDays.day });
  return claimed.length > 0;
}
