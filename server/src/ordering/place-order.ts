import { ON_ACCOUNT_MESSAGES, type PaymentMethod, roleReadsCredit, type ShippingPreference } from "@forgeline/contract";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { Database } from "../db/client.js";
import { HttpError } from "../http/errors.js";
import { findAccount } from "../identity/queries.js";
import type { PricedOrderCents } from "../pricing/price.js";
import { spendMailingAllowance } from "../rate-limit/account-allowances.js";
import {
  type Buyer,
  billingAddressFor,
  buyerFor,
  companyOnOrder,
  type Delivery,
  type DeliveryRefusal,
  type DeliveryWanted,
  deliveryFor,
  holderOfBuyer,
  priceForBuyer,
  shopTerms,
  startingStatus,
} from "./checkout.js";
import {
  type BuyerLine,
  type CreditRefusal,
  creditRefusal,
  heldToolRefusal,
  lineProblem,
  type Refusal,
  toolInOpenOrder,
  withBuyerLock,
} from "./order-rules.js";
import { insertOrder } from "./queries/lifecycle.js";
import { takeOrderStock } from "./queries/order-stock.js";
import { findOrder } from "./queries/orders.js";

/**
 * Placing an order: the one use case behind every way of ordering (the Order Now modal, the cart's checkout,
 * an accepted quote). The routes only call it and say its answer in their own wire (docs/decisions/031-one-home-per-rule.md). Its steps,
 * in the order they run, are the functions below:
 *
 * A recurring order's run (recurring/run.ts) places its order here too, with no request behind it (`reply`
 * undefined) and `placedBy` naming the schedule.
 *
 * 1. `linesRefusal`: lines known up front are checked first, so a refused request costs nothing;
 * 2. `admit`: the delivery by the buyer's company's rules, then one order from the buyer's allowance;
 * 3. under the buyer's lock (`withBuyerLock`), so no two orders of the buyer pass the same check at once:
 *    the lines read where they wait (the cart, a quote) and checked, `heldRefusal` (another open order of
 *    the buyer holds a tool), the price by the one price function with the buyer's terms, the total the
 *    buyer saw, `store` (the starting status by the spending limit, the billing address frozen), and what
 *    commits alongside (the cart emptied, the quote accepted).
 *
 * The rules themselves live in order-rules.ts (a line's tool, quantity rule and stock; the buyer's other
 * orders; the lock) and checkout.ts (what the buyer's company decides: delivery, contract prices, tax
 * exemption, spending limit, who pays). An owner's approval commits to an order placed earlier through the same
 * rules, in approve-order.ts.
 */

/** An order placed: its id, the status it starts in, and what it costs. */
export interface Placed {
  orderId: string;
  status: "unpaid" | "awaiting-approval";
  priced: PricedOrderCents;
}

/**
 * Why an order was not placed (or not approved), in one shape for every way of ordering: the order rule it
 * fails (order-rules.ts), the company's delivery rules naming the field at fault, a total other than the one
 * the buyer saw, or where the lines wait: nothing there, gone, no longer open, or changed since it was read.
 */
export type Refused =
  | {
      refused: Refusal["reason"] | CreditRefusal["reason"] | "price-changed" | "empty" | "gone" | "closed" | "revised";
      message: string;
    }
  | { refused: "delivery"; field: DeliveryRefusal["field"]; message: string };

export const refuse = (refused: Exclude<Refused["refused"], "delivery">, message: string): Refused => ({
  refused,
  message,
});

const PRICES_CHANGED = "The prices changed since you looked: please check the new total and place the order again.";

/** Which quantities hold: each tool's rule, or a quote's, which set its quantities itself. */
export type Quantities = "tool's rule" | "quoted";

/** What a way of ordering asks for. */
export interface OrderRequest {
  email: string;
  delivery: DeliveryWanted;
  /**
   * The lines: known up front (Order Now's one tool), or read under the buyer's lock where they wait (the
   * cart's as they are then, a quote's at the revision the buyer read), which may refuse instead.
   */
  lines: readonly BuyerLine[] | ((tx: Database) => Promise<readonly BuyerLine[] | Refused>);
  quantities?: Quantities;
  /** The total the buyer saw, in cents; another one is refused (a price or promotion changed meanwhile). */
  expectedTotalCents?: bigint;
  /** What commits with the order in its transaction, or not at all. */
  alongside?: (tx: Database, placed: Placed) => Promise<void>;
  /** By card (when not said) or on account, by invoice, when the buyer's company has terms. */
  paymentMethod?: PaymentMethod | undefined;
  /** What placed it when not the buyer's own request: "the recurring order …" (its history says so). */
  placedBy?: string | undefined;
  /** How it leaves when lines wait for stock: as pieces come (when not said), or all together. */
  shipping?: ShippingPreference | undefined;
}

/** Places the order the request asks for, or says why not. */
export async function placeOrder(
  app: FastifyInstance,
  reply: FastifyReply | undefined,
  request: OrderRequest,
): Promise<Placed | Refused> {
  const known = typeof request.lines === "function" ? undefined : request.lines;
  const early = known && linesRefusal(known, request.quantities);
  if (early) return early;
  const admitted = await admit(app, reply, request);
  if ("refused" in admitted) return admitted;
  const shop = await shopTerms(app);
  return rollingBack(() =>
    withBuyerLock(app.db, holderOfBuyer(admitted.buyer), async (tx) => {
      const lines =
        typeof request.lines === "function" ? await readLines(tx, request.lines, request.quantities) : request.lines;
      if ("refused" in lines) return lines;
      const held = await heldRefusal(tx, request.email, lines);
      if (held) return held;
      const priced = await priceForBuyer(tx, shop, admitted.buyer, lines);
      const expected = request.expectedTotalCents;
      if (expected !== undefined && priced.totalCents !== expected) return refuse("price-changed", PRICES_CHANGED);
      const credit =
        admitted.onAccount &&
        (await creditRefusal(
          tx,
          admitted.onAccount.companyId,
          Number(priced.totalCents),
          admitted.onAccount.readsCredit,
        ));
      if (credit) return refuse(credit.reason, credit.message);
      const placed = await store(tx, admitted, priced, { placedBy: request.placedBy, shipping: request.shipping });
      await request.alongside?.(tx, placed);
      return placed;
    }),
  );
}

/** The first line whose tool is withdrawn, short of stock or (unless quoted) outside its quantity rule. */
export function linesRefusal(lines: readonly BuyerLine[], quantities: Quantities = "tool's rule") {
  for (const line of lines) {
    const problem = lineProblem(line);
    if (problem && !(quantities === "quoted" && problem.reason === "rule")) {
      return refuse(problem.reason, problem.message);
    }
  }
  return undefined;
}

/** A request let through: who buys, the name the order keeps, where it goes, and the terms if on account. */
interface Admitted {
  buyer: Buyer;
  userName: string;
  delivery: Delivery;
  /** `readsCredit`: whether a refusal may name the company's figures to this buyer (not to a requester). */
  onAccount: { companyId: string; netDays: number; readsCredit: boolean } | undefined;
}

/**
 * The delivery by the buyer's company's rules, then one order from the buyer's allowance (a 429 when none is
 * left: fewer while the address is not confirmed). The reply only carries the 429's wait.
 */
async function admit(
  app: FastifyInstance,
  reply: FastifyReply | undefined,
  request: OrderRequest,
): Promise<Admitted | Refused> {
  const { email } = request;
  const [account, buyer] = await Promise.all([findAccount(app.db, email), buyerFor(app.db, email)]);
  const delivery = await deliveryFor(app.db, buyer, request.delivery);
  if ("field" in delivery) return { refused: "delivery", ...delivery };
  const terms = buyer.membership?.company.netDays;
  if (request.paymentMethod === "invoice" && (terms == null || !buyer.membership)) {
    return refuse("no-terms", ON_ACCOUNT_MESSAGES.noTerms);
  }
  // A scheduled run has no request to answer 429: its schedule was made by one, and it runs at most once a day.
  if (reply) await spendMailingAllowance(app, reply, { email, confirmed: account?.verified ?? false }, "place-order");
  const onAccount =
    request.paymentMethod === "invoice" && buyer.membership && terms != null
      ? { companyId: buyer.membership.companyId, netDays: terms, readsCredit: roleReadsCredit(buyer.membership.role) }
      : undefined;
  return { buyer, userName: account?.name.trim() || email, delivery, onAccount };
}

/** The lines where they wait, read and checked under the buyer's lock. */
async function readLines(
  tx: Database,
  read: (tx: Database) => Promise<readonly BuyerLine[] | Refused>,
  quantities: Quantities | undefined,
): Promise<readonly BuyerLine[] | Refused> {
  const lines = await read(tx);
  if ("refused" in lines) return lines;
  return linesRefusal(lines, quantities) ?? lines;
}

/** A tool of these lines that another open order of the buyer holds stops the order. */
async function heldRefusal(tx: Database, email: string, lines: readonly BuyerLine[]) {
  const held = await toolInOpenOrder(
    tx,
    email,
    lines.map((line) => line.product.id),
  );
  return held && refuse("held", heldToolRefusal(held));
}

/** Stores the order at the prices the one price function gave, starting as the spending limit says. */
async function store(
  tx: Database,
  admitted: Admitted,
  priced: PricedOrderCents,
  how: { placedBy?: string | undefined; shipping?: ShippingPreference | undefined },
): Promise<Placed> {
  const { buyer, userName, delivery, onAccount } = admitted;
  const starting = await startingStatus(tx, buyer, priced.totalCents);
  const orderId = await insertOrder(tx, {
    userEmail: buyer.email,
    userName,
    ...delivery,
    billingAddress: billingAddressFor(buyer, delivery),
    company: companyOnOrder(buyer),
    starting,
    onAccount,
    priced,
    placedBy: how.placedBy,
    shipping: how.shipping ?? "as-available",
  });
  // An order on account that goes ahead now ships unpaid: its pieces are set aside now, all or none.
  if (onAccount && starting.status !== "awaiting-approval") await takeStockOrRollBack(tx, orderId);
  return { orderId, status: starting.status, priced };
}

/** A refusal found after something was written: thrown to roll the transaction back, answered by `rollingBack`. */
export class RolledBack extends Error {
  constructor(readonly refusal: Refused) {
    super(refusal.message);
  }
}

export async function rollingBack<T>(work: () => Promise<T>): Promise<T | Refused> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof RolledBack) return error.refusal;
    throw error;
  }
}

const SHORT_OF_STOCK = "A tool of this order is no longer in stock in the quantity ordered.";

/**
 * Takes the order's stock: a line above what is available waits for the rest when its tool takes backorders;
 * otherwise the whole order rolls back, refused naming what is available (docs/STOCK.md, 'Backorders').
 */
export async function takeStockOrRollBack(tx: Database, orderId: string): Promise<void> {
  const order = await findOrder(tx, orderId);
  if (!order) throw new RolledBack(refuse("stock", SHORT_OF_STOCK));
  const taken = await takeOrderStock(tx, orderId, order.userEmail);
  if ("short" in taken) {
    const short = taken.short;
    const message =
      "withdrawn" in short ? SHORT_OF_STOCK : `Only ${short.available} pieces of ${short.name} are in stock`;
    throw new RolledBack(refuse("stock", message));
  }
}

/**
 * A refusal as every way of ordering answers it unless its wire says otherwise: the delivery's 400 naming
 * its field, 404 when the lines' source is gone, else 409.
 */
export function refusalError(refused: Refused): HttpError {
  if (refused.refused === "delivery") {
    return new HttpError(400, refused.message, [{ field: refused.field, message: refused.message }]);
  }
  return new HttpError(refused.refused === "gone" ? 404 : 409, refused.message);
}
