import { quantityRefusal } from "@forgeline/contract";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { Database } from "../db/client.js";
import { findAccount } from "../identity/queries.js";
import { type PricedOrderCents, type PricingTerms, priceLines } from "../pricing/price.js";
import { type ProductRow, ruleOf } from "../product/queries.js";
import { spendOrderPlacement } from "../rate-limit/account-allowances.js";
import { firstOrderEligible } from "./queries.js";

/**
 * What every way of ordering shares (the modal's POST /ordering, the cart's checkout, the cart and the
 * pricing preview): which lines a buyer may order, and the terms the one price function prices them with.
 */

/** A tool and how many pieces of it. */
export interface BuyerLine {
  product: ProductRow;
  quantity: number;
}

/** Why a line cannot be ordered as it is; `message` names the tool. */
export interface LineProblem {
  kind: "withdrawn" | "rule" | "stock";
  productId: string;
  message: string;
}

/** What stops this line being ordered now: the tool withdrawn, the quantity outside its rule, or above stock. */
export function lineProblem({ product, quantity }: BuyerLine): LineProblem | undefined {
  const productId = product.id;
  if (product.archivedAt) {
    return { kind: "withdrawn", productId, message: `${product.name} is no longer in the catalogue` };
  }
  const refusal = quantityRefusal(ruleOf(product), quantity);
  if (refusal) return { kind: "rule", productId, message: `${product.name}: ${refusal}` };
  if (quantity > product.quantity) {
    return { kind: "stock", productId, message: `Only ${product.quantity} pieces of ${product.name} are in stock` };
  }
  return undefined;
}

/**
 * Takes one order from the buyer's allowance (429 when none is left: fewer while the address is not
 * confirmed) and answers the name the order keeps: the account's, or its address when it has none.
 */
export async function admitOrder(app: FastifyInstance, reply: FastifyReply, email: string): Promise<string> {
  const account = await findAccount(app.db, email);
  await spendOrderPlacement(app, reply, { email, confirmed: account?.verified ?? false });
  return account?.name.trim() || email;
}

/** The shop's side of the terms: the promotions running now and the tax rate. */
export interface ShopTerms {
  promotions: PricingTerms["promotions"];
  taxRateMilli: number;
}

/**
 * The shop's terms now, read before any buyer's transaction opens: on the embedded database a read
 * from outside an open transaction waits for it to end.
 */
export async function shopTerms(app: FastifyInstance): Promise<ShopTerms> {
  return { promotions: await app.runningPromotions(), taxRateMilli: app.config.taxRateMilli };
}

/** The buyer's lines priced by the one price function, with the buyer's first-order eligibility read in `db`. */
export async function priceForBuyer(
  db: Database,
  shop: ShopTerms,
  email: string,
  lines: readonly BuyerLine[],
): Promise<PricedOrderCents> {
  return priceLines(lines, { ...shop, firstOrderEligible: await firstOrderEligible(db, email) });
}
