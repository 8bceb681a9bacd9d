import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { companyPrices } from "../tables.js";

/** A company's contract prices: what the price function reads per tool, and the list its owners keep. */

/** The company's contract prices (cents per piece) for these tools; a tool without one is absent. */
export async function contractPricesFor(
  db: Database,
  companyId: string,
  productIds: readonly string[],
): Promise<Map<string, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ productId: companyPrices.productId, unitCents: companyPrices.unitCents })
    .from(companyPrices)
    .where(and(eq(companyPrices.companyId, companyId), inArray(companyPrices.productId, [...productIds])));
  return new Map(rows.map((row) => [row.productId, row.unitCents]));
}

/** The company's whole price list: each tool's contract price in cents. */
export function contractPriceList(
  db: Database,
  companyId: string,
): Promise<{ productId: string; unitCents: number }[]> {
  return db
    .select({ productId: companyPrices.productId, unitCents: companyPrices.unitCents })
    .from(companyPrices)
    .where(eq(companyPrices.companyId, companyId));
}

/** Puts this list in place of the company's whole price list, in the caller's transaction. */
export async function replaceContractPrices(
  tx: Database,
  companyId: string,
  rows: readonly { productId: string; unitCents: number }[],
): Promise<void> {
  await tx.delete(companyPrices).where(eq(companyPrices.companyId, companyId));
  if (rows.length > 0) await tx.insert(companyPrices).values(rows.map((row) => ({ companyId, ...row })));
}
