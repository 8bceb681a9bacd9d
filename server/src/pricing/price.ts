import {
  centsToDollars,
  type PricedLine,
  type PricedOrder,
  type PriceSource,
  type PriceTierCents,
  tierFor,
} from "@forgeline/contract";

/**
 * The one price function (docs/SELLING-TO-BUSINESSES.md, 'One price function'). Every figure a buyer sees or pays comes
 * from here, in integer cents as bigint: the cart, the checkout, the Order Now modal, POST /ordering and a quote's
 * order. What it answers is frozen on the order; invoices and the export read those frozen figures.
 */

export interface ProductToPrice {
  id: string;
  sku: string;
  name: string;
  priceCents: number;
  tiers: readonly PriceTierCents[];
}

export interface LineToPrice {
  product: ProductToPrice;
  quantity: number;
  /** The buyer's company's contract price per piece, if it has one for this tool. */
  contractCents?: number | null;
  /** An accepted quote's price per piece: it replaces every other price, and no promotion applies on top. */
  quoteCents?: number | null;
}

export interface PromotionTerms {
  id: string;
  name: string;
  percent: number;
  firstOrder: boolean;
  minPieces: number | null;
  createdAt: Date;
}

export interface PricingTerms {
  /** The promotions running now (active, inside their dates); their conditions are checked here. */
  promotions: readonly PromotionTerms[];
  /** The buyer (or the buyer's company) may still have a first-order promotion. */
  firstOrderEligible: boolean;
  /** Thousandths of a percent (SHOP_TAX_RATE): 8.875% is 8875; 0 for a tax-exempt buyer. */
  taxRateMilli: number;
}

export interface PricedLineCents {
  productId: string;
  sku: string;
  name: string;
  quantity: number;
  listUnitCents: bigint;
  unitCents: bigint;
  priceSource: PriceSource;
  discountCents: bigint;
  totalCents: bigint;
}

export interface PricedOrderCents {
  lines: PricedLineCents[];
  pieces: number;
  subtotalCents: bigint;
  promotion: PromotionTerms | null;
  discountCents: bigint;
  taxRateMilli: number;
  taxCents: bigint;
  totalCents: bigint;
}

/** `amount × numerator / denominator`, rounded half up; every amount here is zero or more. */
function roundHalfUp(amount: bigint, numerator: bigint, denominator: bigint): bigint {
  return (amount * numerator * 2n + denominator) / (denominator * 2n);
}

/** The lowest of list, tier and contract price, and which it was; a quote's price wins outright. */
function unitPriceOf(line: LineToPrice): { unitCents: bigint; priceSource: PriceSource } {
  if (line.quoteCents != null) return { unitCents: BigInt(line.quoteCents), priceSource: "quote" };
  let best: { unitCents: bigint; priceSource: PriceSource } = {
    unitCents: BigInt(line.product.priceCents),
    priceSource: "list",
  };
  const tier = tierFor(line.product.tiers, line.quantity);
  if (tier && BigInt(tier.unitPriceCents) < best.unitCents) {
    best = { unitCents: BigInt(tier.unitPriceCents), priceSource: "tier" };
  }
  if (line.contractCents != null && BigInt(line.contractCents) <= best.unitCents) {
    best = { unitCents: BigInt(line.contractCents), priceSource: "contract" };
  }
  return best;
}

const lineDiscount = (totalCents: bigint, percent: number) => roundHalfUp(totalCents, BigInt(percent), 100n);

/** Whether a promotion's conditions hold for an order of this many pieces and this buyer. */
function applies(promotion: PromotionTerms, pieces: number, terms: PricingTerms): boolean {
  if (promotion.firstOrder && !terms.firstOrderEligible) return false;
  return promotion.minPieces === null || pieces >= promotion.minPieces;
}

/** Prices lines for a buyer: unit prices, the promotion that saves most (a tie: the older), tax and total. */
export function priceLines(lines: readonly LineToPrice[], terms: PricingTerms): PricedOrderCents {
  const priced = lines.map((line) => {
    const { unitCents, priceSource } = unitPriceOf(line);
    return {
      productId: line.product.id,
      sku: line.product.sku,
      name: line.product.name,
      quantity: line.quantity,
      listUnitCents: BigInt(line.product.priceCents),
      unitCents,
      priceSource,
      discountCents: 0n,
      totalCents: unitCents * BigInt(line.quantity),
    };
  });
  const pieces = priced.reduce((sum, line) => sum + line.quantity, 0);

  let promotion: PromotionTerms | null = null;
  let best = 0n;
  const quoted = priced.some((line) => line.priceSource === "quote");
  if (!quoted) {
    for (const candidate of terms.promotions) {
      if (!applies(candidate, pieces, terms)) continue;
      const saving = priced.reduce((sum, line) => sum + lineDiscount(line.totalCents, candidate.percent), 0n);
      const older = promotion !== null && saving === best && candidate.createdAt < promotion.createdAt;
      if (saving > best || older) {
        promotion = candidate;
        best = saving;
      }
    }
  }
  return { ...totalsOf(priced, promotion?.percent ?? null, terms.taxRateMilli, () => true), promotion };
}

/**
 * The sums of priced lines: each line the promotion covers takes its percent off its total, rounded half up; the
 * tax is on what is left. Placing (`priceLines`) and changing an order (`priceChange`) sum the same way.
 */
function totalsOf<Line extends PricedLineCents>(
  priced: Line[],
  percent: number | null,
  taxRateMilli: number,
  covers: (line: Line) => boolean,
) {
  for (const line of priced) {
    line.discountCents = percent !== null && covers(line) ? lineDiscount(line.totalCents, percent) : 0n;
  }
  const subtotalCents = priced.reduce((sum, line) => sum + line.totalCents, 0n);
  const discountCents = priced.reduce((sum, line) => sum + line.discountCents, 0n);
  const taxCents = roundHalfUp(subtotalCents - discountCents, BigInt(taxRateMilli), 100_000n);
  return {
    lines: priced,
    pieces: priced.reduce((sum, line) => sum + line.quantity, 0),
    subtotalCents,
    discountCents,
    taxRateMilli,
    taxCents,
    totalCents: subtotalCents - discountCents + taxCents,
  };
}

/** The promotion an order keeps, as it froze it: the lines it covers keep its percent (docs/decisions/072). */
export interface KeptPromotion {
  id: string;
  name: string;
  percent: number;
  firstOrder: boolean;
}

/** A line of an order being changed that keeps the prices it was placed at (its quantity unchanged). */
export interface FrozenLine {
  frozen: Omit<PricedLineCents, "discountCents" | "totalCents">;
  promoted: boolean;
}

/** A line of an order being changed that is priced now, for its new quantity: changed, or added. */
export interface LineToReprice extends LineToPrice {
  promoted: boolean;
}

export type PricedChangeLine = PricedLineCents & { promoted: boolean };

/** An order's lines after a change, priced: the sums as `priceLines` makes them, with the promotion it keeps. */
export interface PricedChangeCents extends Omit<PricedOrderCents, "lines" | "promotion"> {
  lines: PricedChangeLine[];
  promotion: KeptPromotion | null;
}

/**
 * An order's lines after a change (issue 48; docs/decisions/072-order-changes.md): a line kept as it was keeps its frozen price; a changed
 * or added one is priced as a new order's line would be today for its quantity (list, tier or contract: its tier
 * may change; no quote). The order's promotion stays with the lines it covered, at its percent; the tax rate is
 * the order's own.
 */
export function priceChange(
  lines: readonly (FrozenLine | LineToReprice)[],
  terms: { promotion: KeptPromotion | null; taxRateMilli: number },
): PricedChangeCents {
  const priced = lines.map((line): PricedChangeLine => {
    if ("frozen" in line) {
      const { frozen } = line;
      return {
        ...frozen,
        promoted: line.promoted,
        discountCents: 0n,
        totalCents: frozen.unitCents * BigInt(frozen.quantity),
      };
    }
    const { unitCents, priceSource } = unitPriceOf({ ...line, quoteCents: null });
    return {
      productId: line.product.id,
      sku: line.product.sku,
      name: line.product.name,
      quantity: line.quantity,
      listUnitCents: BigInt(line.product.priceCents),
      unitCents,
      priceSource,
      promoted: line.promoted,
      discountCents: 0n,
      totalCents: unitCents * BigInt(line.quantity),
    };
  });
  const percent = terms.promotion?.percent ?? null;
  const totals = totalsOf(priced, percent, terms.taxRateMilli, (line) => line.promoted);
  return { ...totals, promotion: terms.promotion };
}

/** A line's amounts in cents, as priced now (bigint) or as stored with an order (number). */
type LineInCents = {
  [K in keyof PricedLineCents]: PricedLineCents[K] extends bigint ? bigint | number : PricedLineCents[K];
};

/** A line as the wire shows it, whether just priced or read back from a placed order. */
export function lineJson(line: LineInCents): PricedLine {
  return {
    productId: line.productId,
    sku: line.sku,
    name: line.name,
    quantity: line.quantity,
    listUnitPrice: centsToDollars(line.listUnitCents),
    unitPrice: centsToDollars(line.unitCents),
    priceSource: line.priceSource,
    discount: centsToDollars(line.discountCents),
    total: centsToDollars(line.totalCents),
  };
}

/** A priced order as the wire shows it (PricedOrder): dollars with two decimals. */
export function pricedJson(priced: PricedOrderCents): PricedOrder {
  return {
    lines: priced.lines.map(lineJson),
    pieces: priced.pieces,
    subtotal: centsToDollars(priced.subtotalCents),
    promotion: priced.promotion
      ? { _id: priced.promotion.id, name: priced.promotion.name, percent: priced.promotion.percent }
      : null,
    discount: centsToDollars(priced.discountCents),
    taxRate: priced.taxRateMilli / 1000,
    tax: centsToDollars(priced.taxCents),
    total: centsToDollars(priced.totalCents),
  };
}
