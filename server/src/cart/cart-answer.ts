import type { Cart } from "@forgeline/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Database } from "../db/client.js";
import { callerOf } from "../http/caller.js";
import { requireBuyer } from "../http/guard.js";
import { priceForAccount } from "../ordering/checkout.js";
import type { BuyerLine } from "../ordering/order-rules.js";
import { pricedJson } from "../pricing/price.js";
import { backordersOf, productsByIds, ruleOf } from "../product/queries/products.js";
import { cartLinesOf } from "./queries.js";

/** The caller's email; admins keep the shop, they do not buy from it. */
export const buyerOf = (request: FastifyRequest): string => requireBuyer(callerOf(request), "create:order");

/** The cart's lines with their tools (tools withdrawn meanwhile left out: withdrawing empties them from carts). */
export async function cartContents(db: Database, email: string): Promise<BuyerLine[]> {
  const rows = await cartLinesOf(db, email);
  const products = new Map(
    (
      await productsByIds(
        db,
        rows.map((row) => row.productId),
      )
    ).map((p) => [p.id, p]),
  );
  return rows.flatMap((row) => {
    const product = products.get(row.productId);
    return product && !product.archivedAt ? [{ product, quantity: row.quantity }] : [];
  });
}

/** The cart as the wire shows it: priced for the caller by the one price function, with each tool's rule and stock. */
export async function cartJson(
  app: FastifyInstance,
  db: Database,
  email: string,
  contents?: BuyerLine[],
): Promise<Cart> {
  const lines = contents ?? (await cartContents(db, email));
  const priced = pricedJson(await priceForAccount(app, db, email, lines));
  return {
    ...priced,
    lines: priced.lines.map((line, index) => {
      const { product } = lines[index] as BuyerLine;
      return {
        ...line,
        quantityRule: ruleOf(product),
        stock: product.quantity,
        image: product.image,
        backorders: backordersOf(product),
      };
    }),
  };
}
