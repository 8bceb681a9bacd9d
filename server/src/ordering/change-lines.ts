import {
  type ChangedLine,
  centsToDollars,
  type FieldError,
  type LineChange,
  ORDER_CHANGE_MESSAGES,
  type OrderChangeBody,
  quantityRefusal,
} from "@forgeline/contract";
import { contractPricesFor } from "../company/queries/prices.js";
import type { Database } from "../db/client.js";
import {
  type FrozenLine,
  type LineToReprice,
  type PricedChangeCents,
  type PricedChangeLine,
  priceChange,
} from "../pricing/price.js";
import { type ProductRow, productsByIds, ruleOf } from "../product/queries/products.js";
import type { Refused } from "./place-order.js";
import { refuse } from "./place-order.js";
import type { OrderLineRow, OrderRow } from "./queries/orders.js";

/**
 * What a change makes of an order's lines (docs/decisions/072-order-changes.md): the new set of
 * lines the buyer sent, set against the lines the order has, each one kept, changed, added or removed; checked as a
 * new order's lines are (the tool for sale, its quantity rule, its stock when the order has not taken it yet); and
 * priced by the one price function (pricing/price.ts `priceChange`): a kept line at its frozen price, a changed or
 * added one at today's price for its quantity, the order's promotion on the lines it covered. Stores nothing.
 */

/** A line of the change: what became of it, the order's line it was (if any), and its tool (if it is priced now). */
export interface PlannedLine {
  productId: string;
  change: LineChange;
  quantity: number;
  old: OrderLineRow | undefined;
  product: ProductRow | undefined;
}

/** The order's lines after the change, priced; the removed ones beside them for the preview and the history. */
export interface ChangePlan {
  lines: PlannedLine[];
  priced: PricedChangeCents;
}

/** A change refused for its input, 400 naming the field (`lines.2.quantity`). */
export interface FieldRefusal {
  refused: "field";
  message: string;
  errors: FieldError[];
}

const fieldRefusal = (field: string, message: string): FieldRefusal => ({
  refused: "field",
  message,
  errors: [{ field, message }],
});

/** The lines as asked, set against the order's: kept (same quantity), changed, added, or removed (0 or left out). */
function setAgainst(old: readonly OrderLineRow[], asked: OrderChangeBody["lines"]) {
  const askedById = new Map(asked.map((line, index) => [line.productId, { ...line, index }]));
  const planned: (Omit<PlannedLine, "product"> & { index: number | undefined })[] = old.map((line) => {
    const wanted = askedById.get(line.productId);
    const quantity = wanted?.quantity ?? 0;
    const change: LineChange = quantity === 0 ? "removed" : quantity === line.quantity ? "kept" : "changed";
    return { productId: line.productId, change, quantity, old: line, index: wanted?.index };
  });
  const known = new Set(old.map((line) => line.productId));
  for (const [productId, wanted] of askedById) {
    if (!known.has(productId) && wanted.quantity > 0) {
      planned.push({ productId, change: "added", quantity: wanted.quantity, old: undefined, index: wanted.index });
    }
  }
  return planned;
}

/**
 * The change's plan, or why not: 400 naming the field (a tool unknown, a quantity off its rule naming the nearest
 * allowed, nothing changed), or 409 (a tool withdrawn, short of stock, a line with pieces shipped named, nothing left
 * to ship of an order shipped in part). `takesStock`: whether the
 * order already holds its pieces, in which case the allocation, not the count for sale, decides the stock.
 */
export async function planChange(
  db: Database,
  order: OrderRow,
  old: readonly OrderLineRow[],
  asked: OrderChangeBody["lines"],
  takesStock: boolean,
): Promise<ChangePlan | FieldRefusal | Refused> {
  const planned = setAgainst(old, asked);
  // The wire's schema refuses a set with no pieces too; a caller of the use case without it is refused here.
  if (planned.every((line) => line.change === "removed")) return fieldRefusal("lines", ORDER_CHANGE_MESSAGES.noLines);
  if (planned.every((line) => line.change === "kept")) return fieldRefusal("lines", ORDER_CHANGE_MESSAGES.nothing);
  const repriced = planned.filter((line) => line.change === "changed" || line.change === "added");
  const ids = repriced.map((line) => line.productId);
  const [products, contract] = await Promise.all([
    productsByIds(db, ids),
    order.companyId ? contractPricesFor(db, order.companyId, ids) : Promise.resolve(new Map<string, number>()),
  ]);
  const byId = new Map(products.map((product) => [product.id, product]));
  // A line with pieces shipped stays as it is; the lines still to ship change (decision 079).
  const shipped = planned.find((line) => line.change !== "kept" && line.old && line.old.shippedQuantity > 0)?.old;
  if (shipped) {
    const { name, sku, shippedQuantity } = shipped;
    return refuse("closed", ORDER_CHANGE_MESSAGES.lineShipped({ name, sku, shipped: shippedQuantity }));
  }
  // One shipped in part keeps something to ship: else it would be shipped with nothing sent, and its last invoice none.
  const toShip = (line: (typeof planned)[number]) => line.quantity - (line.old?.shippedQuantity ?? 0);
  const left = planned.filter((line) => line.change !== "removed");
  if (old.some((line) => line.shippedQuantity > 0) && left.every((line) => toShip(line) === 0)) {
    return refuse("closed", ORDER_CHANGE_MESSAGES.nothingToShip);
  }
  for (const line of planned) {
    if (line.change !== "changed" && line.change !== "added") continue;
    const product = byId.get(line.productId);
    const field = `lines.${line.index}`;
    if (!product) return fieldRefusal(`${field}.productId`, "No such tool in the catalogue");
    if (product.archivedAt) return refuse("withdrawn", `${product.name} is no longer in the catalogue`);
    const rule = quantityRefusal(ruleOf(product), line.quantity);
    if (rule) return fieldRefusal(`${field}.quantity`, `${product.name}: ${rule}`);
    // Above what is available, a tool that takes backorders sells the rest to come (order-rules.ts `lineProblem`).
    if (!takesStock && line.quantity > product.quantity && !product.backordersAllowed) {
      return refuse("stock", `Only ${product.quantity} pieces of ${product.name} are in stock`);
    }
  }
  const kept = planned.filter((line) => line.change !== "removed");
  const priced = priceChange(
    kept.map((line): FrozenLine | LineToReprice => {
      const product = byId.get(line.productId);
      const promoted = line.old?.promoted ?? false;
      if (line.change === "kept" && line.old) return { frozen: frozenOf(line.old), promoted };
      if (!product) throw new Error("a line priced now has its tool");
      return { product, quantity: line.quantity, contractCents: contract.get(product.id) ?? null, promoted };
    }),
    { promotion: promotionOf(order), taxRateMilli: order.taxRateMilli },
  );
  return {
    lines: planned.map(({ index: _index, ...line }) => ({ ...line, product: byId.get(line.productId) })),
    priced,
  };
}

/** A stored line's prices as the price function takes them back. */
const frozenOf = (line: OrderLineRow): FrozenLine["frozen"] => ({
  productId: line.productId,
  sku: line.sku,
  name: line.name,
  quantity: line.quantity,
  listUnitCents: BigInt(line.listUnitCents),
  unitCents: BigInt(line.unitCents),
  priceSource: line.priceSource,
});

/** The promotion the order froze when it was placed, if any. */
export const promotionOf = (order: OrderRow) =>
  order.promotionId && order.promotionName && order.promotionPercent !== null
    ? {
        id: order.promotionId,
        name: order.promotionName,
        percent: order.promotionPercent,
        firstOrder: order.promotionFirstOrder,
      }
    : null;

/** Each line before and after, as the preview shows it: the removed ones at 0. */
export function changedLines(plan: ChangePlan): ChangedLine[] {
  const priced = new Map<string, PricedChangeLine>(plan.priced.lines.map((line) => [line.productId, line]));
  return plan.lines.map((line) => {
    const now = priced.get(line.productId);
    return {
      productId: line.productId,
      sku: now?.sku ?? line.old?.sku ?? "",
      name: now?.name ?? line.old?.name ?? "",
      change: line.change,
      oldQuantity: line.old?.quantity ?? 0,
      quantity: now?.quantity ?? 0,
      oldUnitPrice: line.old ? centsToDollars(line.old.unitCents) : null,
      unitPrice: now ? centsToDollars(now.unitCents) : null,
      oldTotal: centsToDollars(line.old?.totalCents ?? 0),
      total: centsToDollars(now?.totalCents ?? 0n),
    };
  });
}
