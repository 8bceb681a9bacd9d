import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { HttpError } from "../../http/errors.js";
import { warehouses } from "../tables.js";
import { firstWarehouse, lockStock, recordMovements, type StockMovementRow } from "./stock-ledger.js";

/**
 * What admins do to the count on hand (docs/STOCK.md): receive pieces into a warehouse, or set its count (a
 * recount, or Manage Products' Restock), written to the ledger as the receipt or adjustment that makes it so.
 */

const NO_WAREHOUSE = "No such warehouse.";

/** The warehouse named, or the first; refused when there is none such or it is inactive (it receives nothing). */
async function receivingWarehouse(tx: Database, warehouseId: string | undefined) {
  if (!warehouseId) return firstWarehouse(tx);
  // Shared lock: a warehouse being made inactive (which needs it empty) waits for this receipt, or it for that.
  const [place] = await tx.select().from(warehouses).where(eq(warehouses.id, warehouseId)).for("share");
  if (!place) throw new HttpError(404, NO_WAREHOUSE);
  if (!place.active) {
    const message = `${place.code} is inactive: make it active again to keep stock there`;
    throw new HttpError(409, message, [{ field: "warehouseId", message }]);
  }
  return place;
}

/** The tool's stock locked, refused when there is no such tool or it was withdrawn. */
async function lockedTool(tx: Database, productId: string) {
  const { tools, levels } = await lockStock(tx, [productId]);
  const tool = tools.get(productId);
  if (!tool) throw new HttpError(404, "No such product.");
  if (tool.archived) throw new HttpError(409, "This product was deleted; its stock can no longer change.");
  return levels;
}

/** Adds `quantity` pieces to the warehouse's count on hand: a receipt. */
export async function receiveStock(
  tx: Database,
  request: { productId: string; warehouseId: string; quantity: number; reason?: string | undefined; by: string },
): Promise<StockMovementRow | undefined> {
  const place = await receivingWarehouse(tx, request.warehouseId);
  await lockedTool(tx, request.productId);
  const [written] = await recordMovements(tx, [
    {
      productId: request.productId,
      warehouseId: place.id,
      kind: "received",
      onHandChange: request.quantity,
      allocatedChange: 0,
      reason: request.reason || null,
      by: request.by,
    },
  ]);
  return written;
}

/**
 * Sets the warehouse's (the first's when none is named) count on hand to `count`: a receipt of the difference
 * when it is more, an adjustment with its reason when it is less; nothing when it is the same. Refused (409) below
 * what is allocated there to orders: those pieces are promised.
 */
export async function setOnHand(
  tx: Database,
  request: { productId: string; warehouseId?: string | undefined; count: number; reason: string; by: string },
): Promise<StockMovementRow | undefined> {
  const place = await receivingWarehouse(tx, request.warehouseId);
  const levels = await lockedTool(tx, request.productId);
  const level = levels.find((one) => one.warehouseId === place.id) ?? { onHand: 0, allocated: 0 };
  if (request.count < level.allocated) {
    const message = `${level.allocated} pieces in ${place.code} are allocated to orders: the count on hand cannot go below that`;
    throw new HttpError(409, message, [{ field: "quantity", message }]);
  }
  const change = request.count - level.onHand;
  const [written] = await recordMovements(tx, [
    {
      productId: request.productId,
      warehouseId: place.id,
      kind: change > 0 ? "received" : "adjusted",
      onHandChange: change,
      allocatedChange: 0,
      reason: request.reason,
      by: request.by,
    },
  ]);
  return written;
}
