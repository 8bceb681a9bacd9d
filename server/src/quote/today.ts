import { dollarsToCents, formatCents, type TodayPrice, tierFor } from "@forgeline/contract";
import type { FastifyInstance } from "fastify";
import { HttpError } from "../http/errors.js";
import { priceForAccount } from "../ordering/checkout.js";
import type { BuyerLine } from "../ordering/order-rules.js";
import { type PricedOrderCents, pricedJson } from "../pricing/price.js";
import { productsByIds } from "../product/queries/products.js";
import type { QuoteRow, StoredQuoteLine } from "./queries.js";

/**
 * What a quote's lines would cost its buyer today (docs/decisions/036-quotes-beside-todays-price.md): the cart's
 * price, by the same function the cart and checkout price with, so that an admin never quotes dearer than the cart
 * without seeing it.
 */

/** The quote's lines priced for its buyer now, with the tools they were priced from. */
export interface Today {
  priced: PricedOrderCents;
  lines: readonly BuyerLine[];
}

/**
 * The quote's lines as the buyer's cart would hold them now, priced for the buyer (contract price, tier, the
 * promotion they would get, their tax). Undefined when a tool has left the catalogue: the cart would not hold it.
 * Read outside any transaction: the shop's terms must not wait on one (ordering/checkout.ts `shopTerms`).
 */
export async function todayOf(app: FastifyInstance, row: QuoteRow): Promise<Today | undefined> {
  const products = new Map(
    (
      await productsByIds(
        app.db,
        row.lines.map((line) => line.productId),
      )
    ).map((product) => [product.id, product]),
  );
  const lines: BuyerLine[] = [];
  for (const line of row.lines) {
    const product = products.get(line.productId);
    if (!product || product.archivedAt) return undefined;
    lines.push({ product, quantity: line.quantity });
  }
  return { priced: await priceForAccount(app, app.db, row.userEmail, lines), lines };
}

/** Today's price as the wire shows it, each line saying from how many pieces its volume price applies. */
export function todayJson(today: Today | undefined): TodayPrice | null {
  if (!today) return null;
  const priced = pricedJson(today.priced);
  return {
    ...priced,
    lines: priced.lines.map((line, index) => {
      const tiers = today.lines[index]?.product.tiers ?? [];
      return {
        ...line,
        tierFrom: line.priceSource === "tier" ? (tierFor(tiers, line.quantity)?.minQuantity ?? null) : null,
      };
    }),
  };
}

/** Whether a quote totalling `quotedCents` asks more than the buyer would pay today. */
export const isDearer = (quotedCents: bigint, today: Today | undefined) =>
  today !== undefined && quotedCents > today.priced.totalCents;

/** The 409 of a dearer quote sent without `confirmDearer`, naming both totals. */
export function dearerRefusal(quotedCents: bigint, today: Today): HttpError {
  return new HttpError(
    409,
    `This quote comes to ${formatCents(quotedCents)}, more than the ${formatCents(today.priced.totalCents)} ` +
      "the buyer would pay for these lines today: confirm that you mean to send it dearer.",
  );
}

/**
 * The quote's lines at the admin's prices, by tool; a 400 on `lines` unless every line is priced once and no
 * other tool is.
 */
export function withPrices(
  stored: readonly StoredQuoteLine[],
  sent: readonly { productId: string; unitPrice: number }[],
): StoredQuoteLine[] {
  const prices = new Map(sent.map((line) => [line.productId, dollarsToCents(line.unitPrice)]));
  const unpriced = stored.some((line) => !prices.has(line.productId));
  const stray = sent.some((line) => !stored.some((kept) => kept.productId === line.productId));
  if (unpriced || stray || prices.size !== sent.length) {
    const message = "Price every line of the quote once, and no other tool";
    throw new HttpError(400, message, [{ field: "lines", message }]);
  }
  return stored.map((line) => ({ ...line, unitCents: prices.get(line.productId) ?? null }));
}
