import type { Database } from "../db/client.js";
import { setOnHand } from "../product/queries/stock-counts.js";

/** Sets a tool's count on hand in the first warehouse, as a recount would: a test's stock that ran short. */
export function setStockOnHand(db: Database, productId: string, count: number) {
  return db.transaction((tx) => setOnHand(tx, { productId, count, reason: "Counted again in a test", by: "test" }));
}
