import {
  CREDIT_HOLD_AFTER_DAYS,
  formatCents,
  MESSAGES,
  ON_ACCOUNT_MESSAGES,
  OPEN_ORDER_STATUSES,
  type OrderStatus,
  quantityRefusal,
} from "@forgeline/contract";
import { and, eq, inArray, isNotNull, ne, or, sql } from "drizzle-orm";
import { storedTermsOf } from "../company/queries/terms.js";
import type { Database } from "../db/client.js";
import { preparedOnce } from "../db/prepared.js";
import { type ProductRow, productsByIds, ruleOf } from "../product/queries/products.js";
import { accountInvoices, invoiceOwing } from "./money-tables.js";
import { linesOf, type OrderLineRow, type OrderRow } from "./queries/orders.js";
import { orderLines, orders, owedSql, owingOnAccount } from "./tables.js";

/**
 * The rules an order must meet: each line's (its tool still for sale, its quantity rule, its stock), and
 * those that depend on the buyer's other orders: one open order per tool, and one first-order promotion per
 * buyer (per company for a member); and on account, the company's credit (its limit, and no invoice long
 * overdue). They are checked when an order is placed (place-order.ts) and
 * again at every later step that commits to it (an owner's approval, a payment), each time under the same
 * lock, so no order gets through a step that the rules would have refused at placement
 * (docs/decisions/030-order-rules-at-every-step.md).
 */

/** A tool and how many pieces of it. */
export interface BuyerLine {
  product: ProductRow;
  quantity: number;
  /** An accepted quote's price per piece (docs/decisions/024-quick-order-and-quotes.md): it wins, and no promotion applies. */
  quoteCents?: number | null;
}

/** A rule of an order that stops it now, and why, in the words the buyer reads. */
export interface Refusal {
  reason: "withdrawn" | "rule" | "stock" | "held" | "first-order";
  message: string;
}

/** Why a line cannot be ordered as it is; `message` names the tool. */
export interface LineProblem extends Refusal {
  reason: "withdrawn" | "rule" | "stock";
  productId: string;
}

/** What stops this line being ordered now: the tool withdrawn, the quantity outside its rule, or above stock. */
export function lineProblem({ product, quantity }: BuyerLine): LineProblem | undefined {
  const productId = product.id;
  if (product.archivedAt) {
    return { reason: "withdrawn", productId, message: `${product.name} is no longer in the catalogue` };
  }
  const refusal = quantityRefusal(ruleOf(product), quantity);
  if (refusal) return { reason: "rule", productId, message: `${product.name}: ${refusal}` };
  // Above what is available, a tool that takes backorders sells the rest to come (docs/STOCK.md, 'Backorders').
  if (quantity > product.quantity && !product.backordersAllowed) {
    return { reason: "stock", productId, message: `Only ${product.quantity} pieces of ${product.name} are in stock` };
  }
  return undefined;
}

/** Whose orders one lock serialises: the buyer, and the buyer's company (whose first order is shared). */
export interface OrderHolder {
  email: string;
  companyId?: string | null | undefined;
}

export const holderOf = (order: Pick<OrderRow, "userEmail" | "companyId">): OrderHolder => ({
  email: order.userEmail,
  companyId: order.companyId,
});

/**
 * Runs `work` in one transaction holding the order locks of the buyer and of their company: every step that
 * places or commits to an order of theirs runs under them, one after another, so two at once cannot both
 * pass a check made of what the buyer already has (an open order of the tool, the first-order promotion,
 * the cart's contents, the month's spend). Released when the transaction ends.
 */
export function withBuyerLock<T>(db: Database, holder: OrderHolder, work: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await lockOrdersOf(tx, holder);
    return work(tx);
  });
}

/** Takes the holder's locks in the caller's transaction: always the company's first, so two never cross. */
export async function lockOrdersOf(tx: Database, holder: OrderHolder): Promise<void> {
  if (holder.companyId) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`order-company:${holder.companyId}`}))`);
  }
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`order-buyer:${holder.email}`}))`);
}

const isOpen = inArray(orders.status, [...OPEN_ORDER_STATUSES]);

/**
 * An order that used up the first order: invoiced once (paid by card, or shipped on account), or holding the
 * first-order promotion while open.
 */
const usesFirstOrder = or(isNotNull(orders.invoiceIssuedAt), and(isOpen, eq(orders.promotionFirstOrder, true)));

// Asked by every cart read and every pricing.
const firstOrderUseQuery = preparedOnce((db) =>
  db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userEmail, sql.placeholder("email")), usesFirstOrder))
    .limit(1)
    .prepare("first_order_use"),
);

/** A company member's first order is the company's: any colleague's order uses it up. */
const firstCompanyOrderUseQuery = preparedOnce((db) =>
  db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        or(eq(orders.userEmail, sql.placeholder("email")), eq(orders.companyId, sql.placeholder("companyId"))),
        usesFirstOrder,
      ),
    )
    .limit(1)
    .prepare("first_company_order_use"),
);

/**
 * Whether the buyer may still get a first-order promotion: no order of theirs (or their company's) reached
 * paid, and no open one holds a first-order promotion already, awaiting approval or unpaid alike.
 */
export async function firstOrderEligible(db: Database, email: string, companyId?: string): Promise<boolean> {
  const [used] = companyId
    ? await firstCompanyOrderUseQuery(db).execute({ email, companyId })
    : await firstOrderUseQuery(db).execute({ email });
  return !used;
}

/** A tool of an open order of the buyer's, and where that order stands. */
export interface HeldTool {
  name: string;
  status: OrderStatus;
}

/** The first of these tools that an open order of the buyer (other than `except`) holds already, if any. */
export async function toolInOpenOrder(
  db: Database,
  email: string,
  productIds: string[],
  except?: string,
): Promise<HeldTool | undefined> {
  if (productIds.length === 0) return undefined;
  const [held] = await toolInOpenOrderQuery(db).execute({ email, productIds, except: except ?? null });
  return held;
}

// Asked by every placing and payment, inside their transactions.
const toolInOpenOrderQuery = preparedOnce((db) =>
  db
    .select({ name: orderLines.name, status: orders.status })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orders.userEmail, sql.placeholder("email")),
        isOpen,
        sql`${orderLines.productId} = any(${sql.placeholder("productIds")}::uuid[])`,
        sql`${orders.id} is distinct from ${sql.placeholder("except")}::uuid`,
      ),
    )
    .limit(1)
    .prepare("tool_in_open_order"),
);

/** Why a tool held by another open order stops this one, said as the buyer would act on it. */
export function heldToolRefusal(held: HeldTool): string {
  return held.status === "awaiting-approval"
    ? `${MESSAGES.orderDuplicateAwaiting(held.name)}; wait for the decision or cancel it first.`
    : `${MESSAGES.orderDuplicate(held.name)}; pay or cancel it first.`;
}

export const FIRST_ORDER_TAKEN =
  "This order has the first-order discount, which another order has used since: cancel it and order again.";

/**
 * Whether another order took the first order from this one: another order paid with the promotion, an open
 * one that got it earlier, or any order paid before this one was placed.
 */
async function firstOrderTakenFrom(db: Database, order: OrderRow): Promise<boolean> {
  const [other] = await firstOrderTakenQuery(db).execute({
    email: order.userEmail,
    companyId: order.companyId,
    orderId: order.id,
    placedAt: order.createdAt,
  });
  return other !== undefined;
}

// The same buyer: the account, or for a member its company (a null company matches no order's).
const firstOrderTakenQuery = preparedOnce((db) => {
  const placedAt = sql`${sql.placeholder("placedAt")}::timestamptz`;
  return db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        or(eq(orders.userEmail, sql.placeholder("email")), eq(orders.companyId, sql.placeholder("companyId"))),
        ne(orders.id, sql.placeholder("orderId")),
        or(
          and(eq(orders.promotionFirstOrder, true), isNotNull(orders.paidAt)),
          and(eq(orders.promotionFirstOrder, true), isOpen, sql`${orders.createdAt} < ${placedAt}`),
          sql`${orders.paidAt} < ${placedAt}`,
        ),
      ),
    )
    .limit(1)
    .prepare("first_order_taken");
});

/**
 * What the buyer's other orders say against this placed order going further now, or undefined: a tool
 * another open order of the buyer holds, a first-order discount another order has used. Must run under the
 * holder's lock (withBuyerLock or lockOrdersOf). A payment asks this; its stock is taken in its transaction.
 */
export async function otherOrdersRefusal(
  tx: Database,
  order: OrderRow,
  lines?: OrderLineRow[],
): Promise<Refusal | undefined> {
  const productIds = (lines ?? (await linesOf(tx, order.id))).map((line) => line.productId);
  const held = await toolInOpenOrder(tx, order.userEmail, productIds, order.id);
  if (held) return { reason: "held", message: heldToolRefusal(held) };
  if (order.promotionFirstOrder && (await firstOrderTakenFrom(tx, order))) {
    return { reason: "first-order", message: FIRST_ORDER_TAKEN };
  }
  return undefined;
}

/**
 * What stops a placed order from being approved now, or undefined: the other orders' rules above, or a tool
 * withdrawn or short of stock. Must run under the holder's lock.
 */
export async function refusalOnCommit(tx: Database, order: OrderRow): Promise<Refusal | undefined> {
  const lines = await linesOf(tx, order.id);
  const refusal = await otherOrdersRefusal(tx, order, lines);
  if (refusal) return refusal;
  const productIds = lines.map((line) => line.productId);
  const products = new Map((await productsByIds(tx, productIds)).map((product) => [product.id, product]));
  for (const line of lines) {
    const product = products.get(line.productId);
    if (!product) return { reason: "withdrawn", message: `${line.name} is no longer in the catalogue` };
    // The quantity rule was the placing's business (a quote may set its own); stock and sale are now's.
    const problem = lineProblem({ product, quantity: line.quantity });
    if (problem && problem.reason !== "rule") return problem;
  }
  return undefined;
}

/**
 * What a company owes on account and what that allows (docs/BUYING-ON-ACCOUNT.md, 'Terms and credit'): the
 * balances of its orders on account that are not cancelled, waiting ones included, against its limit; and the
 * hold an invoice long overdue puts on new orders on account. Read under the company's order lock when an order
 * is placed or approved (place-order.ts), so two at once never both fit the same remaining credit; receivables/
 * says it on the wire (GET /api/companies/{id}/credit, the statement).
 */
export interface CreditStanding {
  terms: { netDays: number; creditLimitCents: number } | null;
  usedCents: number;
  /** The oldest invoice more than CREDIT_HOLD_AFTER_DAYS past its due date with money still owed. */
  hold: { invoiceNumber: string; dueAt: Date } | null;
}

/**
 * What is used, in one pass over the orders on account, and what holds new orders: the oldest invoice more than
 * CREDIT_HOLD_AFTER_DAYS past its due date with money still owed (each invoice by its own due date: an order shipped
 * in parts has one per shipment, decision 077).
 */
const standingQuery = preparedOnce((db) => {
  const company = sql.placeholder("companyId");
  const oldestHolding = (column: typeof accountInvoices.number | typeof accountInvoices.dueAt) =>
    sql`(select ${column} from ${accountInvoices} where ${and(
      eq(accountInvoices.companyId, company),
      invoiceOwing,
      sql`${accountInvoices.dueAt} < now() - ${sql.raw(`make_interval(days => ${CREDIT_HOLD_AFTER_DAYS})`)}`,
    )} order by ${accountInvoices.dueAt}, ${accountInvoices.number} limit 1)`;
  return (
    db
      .select({
        usedCents: sql<string>`coalesce(sum(${owedSql}), 0)`,
        holdNumber: sql<string | null>`${oldestHolding(accountInvoices.number)}`,
        holdDueAt: oldestHolding(accountInvoices.dueAt).mapWith(accountInvoices.dueAt),
      })
      .from(orders)
      // Only the orders that owe add to what is used: read from the partial index `orders_owing_on_account`, and the
      // invoices that owe from `account_invoices_owing`: the cost follows what is open, not every order placed.
      .where(and(eq(orders.companyId, company), owingOnAccount))
      .prepare("credit_standing")
  );
});

/** The company's standing; `terms` when the caller has just read its row (undefined: they are read here). */
export async function creditStanding(
  db: Database,
  companyId: string,
  known?: CreditStanding["terms"],
): Promise<CreditStanding> {
  const terms = known !== undefined ? known : await storedTermsOf(db, companyId);
  const [row] = await standingQuery(db).execute({ companyId });
  return {
    terms,
    usedCents: Number(row?.usedCents ?? 0),
    hold: row?.holdNumber && row.holdDueAt ? { invoiceNumber: row.holdNumber, dueAt: row.holdDueAt } : null,
  };
}

/** The credit left under the limit: never below nothing, even when a lowered limit is already passed. */
export const availableCents = (standing: CreditStanding) =>
  Math.max(0, (standing.terms?.creditLimitCents ?? 0) - standing.usedCents);

export type CreditRefusal = { reason: "no-terms" | "credit-hold" | "over-credit"; message: string };

/**
 * Why the company cannot take `addingCents` more on account now, or undefined: no terms, a hold, or too
 * little credit left. An order already counted in what is used (one waiting for approval) adds nothing. The
 * figures are said only to a caller who reads the company's credit (`readsCredit`): not to a requester.
 */
export async function creditRefusal(
  tx: Database,
  companyId: string,
  addingCents: number,
  readsCredit: boolean,
): Promise<CreditRefusal | undefined> {
  const standing = await creditStanding(tx, companyId);
  if (!standing.terms) return { reason: "no-terms", message: ON_ACCOUNT_MESSAGES.noTerms };
  if (standing.hold) return { reason: "credit-hold", message: ON_ACCOUNT_MESSAGES.onHold(standing.hold.invoiceNumber) };
  if (standing.usedCents + addingCents > standing.terms.creditLimitCents) {
    if (!readsCredit) return { reason: "over-credit", message: ON_ACCOUNT_MESSAGES.overLimitUnread };
    // Over by what the company would owe beyond its limit (a lowered limit may be passed already).
    const overCents = standing.usedCents + addingCents - standing.terms.creditLimitCents;
    const message = ON_ACCOUNT_MESSAGES.overLimit(formatCents(overCents), formatCents(availableCents(standing)));
    return { reason: "over-credit", message };
  }
  return undefined;
}
