import {
  EVENT_OF_STEP,
  type FulfilmentStatus,
  nextFacts,
  OPEN_ORDER_STATUSES,
  type OrderEventKind,
  type OrderFacts,
  type OrderTransition,
  type PaidWith,
  type PaymentMethod,
  type PaymentStatus,
  type ShippingPreference,
} from "@forgeline/contract";
import { and, eq, exists, inArray, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { preparedOnce } from "../../db/prepared.js";
import type { PricedOrderCents } from "../../pricing/price.js";
import type { StartingStatus } from "../checkout.js";
import { orderEvents, orderLines, orders } from "../tables.js";
import { giveBackOrderStockOf } from "./order-stock.js";
import type { OrderRow } from "./orders.js";
import { enqueueStatusMails } from "./outbox.js";
import { countSales } from "./sales.js";

/**
 * An order's life: placed, then moved by the one state machine (contract ORDER_TRANSITIONS), each step with
 * a line in its history, its sales counted and its mails queued, in the transaction that takes it.
 */

/** A new order: who buys, where it goes, and what the price function made of its lines. */
export interface NewOrder {
  userEmail: string;
  userName: string;
  phone: string;
  address: string;
  /** Where the invoice is addressed (checkout.ts `billingAddressFor`). */
  billingAddress: string;
  poNumber?: string | null | undefined;
  /** The buyer's company, frozen on the order with its name, tax ID and exemption. */
  company?: { id: string; name: string; taxId: string | null; taxExempt: boolean } | undefined;
  /** `awaiting-approval` when a company owner must let it go ahead first, with why. */
  starting?: StartingStatus;
  /** On account: by invoice, with the days the company's terms give to pay. Card when absent. */
  onAccount?: { netDays: number } | undefined;
  priced: PricedOrderCents;
  /** Who placed it when not its buyer at the moment: a recurring order's run (its history and mail say so). */
  placedBy?: string | undefined;
  /** How it leaves when lines wait for stock (docs/STOCK.md, 'Backorders'); as pieces come when absent. */
  shipping?: ShippingPreference | undefined;
}

/**
 * The columns that say where an order stands: its two facts. The database derives SPEC.md's word (`status`) and
 * `paid` from them (ordering/tables.ts).
 */
export function factColumns(fulfilmentStatus: FulfilmentStatus, paymentStatus: PaymentStatus) {
  return { fulfilmentStatus, paymentStatus };
}

/**
 * An order on account ships unpaid, so it holds its pieces from when it goes ahead (placed, or approved) until
 * it is cancelled; a card order takes them when paid (markPaid's caller).
 */
export const holdsStockUnpaid = (order: { paymentMethod: PaymentMethod }) => order.paymentMethod === "invoice";

/** The money a history entry moved: how much, how it came (none for a credit note), by what reference, and when. */
export interface EventMoney {
  cents: number;
  paidWith?: PaidWith;
  reference: string | null;
  /** The day a transfer arrived (YYYY-MM-DD), when it is not the day it is recorded. */
  receivedOn?: string;
}

/** A line of an order's history: what happened, the status it left the order in, who, why, and the money it moved. */
export async function addEvent(
  tx: Database,
  order: Pick<OrderRow, "id" | "status">,
  event: { kind: OrderEventKind; by: string; note: string | null; money?: EventMoney | undefined },
) {
  const { money } = event;
  await tx.insert(orderEvents).values({
    orderId: order.id,
    kind: event.kind,
    status: order.status,
    by: event.by,
    note: event.note,
    amountCents: money?.cents ?? null,
    paidWith: money?.paidWith ?? null,
    reference: money?.reference ?? null,
    receivedOn: money?.receivedOn ?? null,
  });
}

/**
 * Adds the line of the order's history for what has just happened to it (the step taken, or its placing) and, in the
 * same transaction, counts what it sold and puts its mails in the outbox: the one way every change of an order is
 * recorded.
 */
async function recordStatus(
  tx: Database,
  order: OrderRow,
  event: { by: string; note: string | null; money?: EventMoney | undefined },
  step?: OrderTransition,
  mails = true,
) {
  const { by, note } = event;
  await addEvent(tx, order, { ...event, kind: step ? EVENT_OF_STEP[step] : "placed" });
  // Paying is the way into the payment statuses that hold the money, refunding the way out (a credit note that
  // settles an order paid in part counts its sales itself: order-credit.ts).
  if (step === "settle" || step === "payDifference") await countSales(tx, order, 1);
  if (step === "refund" || step === "creditNote") await countSales(tx, order, -1);
  // Money received against an invoice leaves the order's word as it was (shipped, delivered): no mail says it again.
  if (!mails || step === "payPart" || step === "settle") return;
  await enqueueStatusMails(tx, order, note, by);
}

/**
 * An order's lines as the price function priced them, frozen, in the order given (their positions). A line a change
 * added says whether the order's promotion covers it (`promoted`); a placed line always is.
 */
export async function insertOrderLines(
  tx: Database,
  orderId: string,
  lines: readonly (PricedOrderCents["lines"][number] & { promoted?: boolean; shippedQuantity?: number })[],
): Promise<void> {
  await tx.insert(orderLines).values(
    lines.map((line, position) => ({
      orderId,
      position,
      productId: line.productId,
      sku: line.sku,
      name: line.name,
      quantity: line.quantity,
      listUnitCents: Number(line.listUnitCents),
      unitCents: Number(line.unitCents),
      priceSource: line.priceSource,
      discountCents: Number(line.discountCents),
      totalCents: Number(line.totalCents),
      promoted: line.promoted ?? true,
      shippedQuantity: line.shippedQuantity ?? 0,
    })),
  );
}

/**
 * Stores a new unpaid order with its lines, the first line of its history and its mail, in the caller's
 * transaction (withBuyerLock's); answers its id. Every figure is the price function's, frozen here.
 */
export async function insertOrder(tx: Database, order: NewOrder): Promise<string> {
  const { priced } = order;
  const [first] = priced.lines;
  if (!first) throw new Error("an order needs at least one line");
  const [created] = await tx
    .insert(orders)
    .values({
      productId: first.productId,
      productName: first.name,
      unitPriceCents: Number(first.unitCents),
      quantity: priced.pieces,
      lineCount: priced.lines.length,
      subtotalCents: Number(priced.subtotalCents),
      promotionId: priced.promotion?.id ?? null,
      promotionName: priced.promotion?.name ?? null,
      promotionPercent: priced.promotion?.percent ?? null,
      promotionFirstOrder: priced.promotion?.firstOrder ?? false,
      discountCents: Number(priced.discountCents),
      taxRateMilli: priced.taxRateMilli,
      taxCents: Number(priced.taxCents),
      totalCents: Number(priced.totalCents),
      userEmail: order.userEmail,
      userName: order.userName,
      phone: order.phone,
      address: order.address,
      billingAddress: order.billingAddress,
      poNumber: order.poNumber ?? null,
      companyId: order.company?.id ?? null,
      companyName: order.company?.name ?? null,
      companyTaxId: order.company?.taxId ?? null,
      taxExempt: order.company?.taxExempt ?? false,
      ...factColumns(order.starting?.status === "awaiting-approval" ? "awaiting-approval" : "open", "unpaid"),
      paymentMethod: order.onAccount ? "invoice" : "card",
      shippingPreference: order.shipping ?? "as-available",
      netDays: order.onAccount?.netDays ?? null,
    })
    .returning();
  if (!created) throw new Error("the order was not stored");
  await insertOrderLines(tx, created.id, priced.lines);
  const waits = order.starting?.status === "awaiting-approval" ? order.starting.why : null;
  const placed = order.placedBy ? `Placed by ${order.placedBy}` : "Placed";
  await recordStatus(tx, created, { by: order.userEmail, note: waits ? `${placed}. ${waits}` : placed });
  return created.id;
}

export interface StatusChange {
  /** The step of the one state machine (contract ORDER_TRANSITIONS): it says from where and to what. */
  transition: OrderTransition;
  /** The email of who acts. */
  by: string;
  /** Why, for the history; a function when it depends on where the order stood. */
  note?: string | ((before: OrderRow) => string);
  /** Whether the caller may act on this order (ordering/policy.ts); one it may not is as good as missing. */
  allowed?: (order: OrderRow) => boolean;
  /** Columns the step writes besides the facts. */
  fields?: StepFields;
  /** The money the step moved, for its history line (the order's money movements are read from those). */
  money?: EventMoney;
  /** False when the caller sends the step's mail itself (a shipment's says what it carries: ship-order.ts). */
  mails?: boolean;
}

type StepField =
  | "carrier"
  | "trackingNumber"
  | "trackingUrl"
  | "invoiceNumber"
  | "invoiceIssuedAt"
  | "invoiceDueAt"
  | "amountPaidCents"
  | "creditedCents"
  | "invoicedCents"
  | "paidAt";
/** A value, or SQL such as the transaction's `now()`. */
export type StepFields = { [Field in StepField]?: OrderRow[Field] | SQL };

/**
 * The dates of an invoice issued now: the transaction's `now()`, as the step's history line is, and due the
 * order's net days later.
 */
export function invoiceDatesNow(netDays: number): StepFields {
  return {
    invoiceIssuedAt: sql`now()`,
    // Days of 24 hours, not calendar days in the session's time zone: the due date is the same UTC day count.
    invoiceDueAt: sql`now() + make_interval(hours => ${24 * netDays})`,
  };
}

export type StatusChangeResult =
  | { kind: "changed"; before: OrderRow; after: OrderRow }
  | { kind: "refused"; order: OrderFacts & { status: OrderRow["status"] } }
  | { kind: "missing" };

/**
 * The order's row, locked for the rest of the caller's transaction (SELECT … FOR UPDATE): the first act of every
 * step, so of two acting on one order at once the second waits, then sees what the first one did.
 */
export async function lockOrder(tx: Database, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await lockOrderQuery(tx).execute({ orderId });
  return row;
}

const lockOrderQuery = preparedOnce((tx) =>
  tx
    .select()
    .from(orders)
    .where(eq(orders.id, sql.placeholder("orderId")))
    .for("update")
    .prepare("lock_order"),
);

/**
 * Takes one step of the state machine on an order the caller locked (`lockOrder`) in its transaction: the facts
 * it leads to with the step's columns, the stock an order on account held given back when it is cancelled, and
 * the line of its history with its sales and mails (`recordStatus`). Refused when the step does not start where
 * the order stands.
 */
export async function takeStep(
  tx: Database,
  before: OrderRow,
  change: StatusChange,
): Promise<Exclude<StatusChangeResult, { kind: "missing" }>> {
  const next = nextFacts(change.transition, before);
  if (!next) return { kind: "refused", order: before };
  const [after] = await tx
    .update(orders)
    .set({ ...change.fields, ...factColumns(next.fulfilmentStatus, next.paymentStatus) })
    .where(and(eq(orders.id, before.id), eq(orders.status, before.status)))
    .returning();
  if (!after) return { kind: "refused", order: before };
  if (holdsStockUnpaid(after) && before.fulfilmentStatus === "open" && after.fulfilmentStatus === "cancelled") {
    await giveBackOrderStockOf(tx, before.id, change.by);
  }
  const note = typeof change.note === "function" ? change.note(before) : (change.note ?? null);
  // A customer hears of a status their order reaches, not again of one it stays in (money received on a shipped
  // order on account leaves it shipped).
  const event = { by: change.by, note, money: change.money };
  await recordStatus(tx, after, event, change.transition, change.mails !== false && after.status !== before.status);
  return { kind: "changed", before, after };
}

/**
 * Moves an order by one step with a line in its history, in the caller's transaction: its row locked first
 * (`lockOrder`), then the step taken (`takeStep`). Missing when there is no such order or the caller may not
 * act on it (`allowed`, asked of the locked row).
 */
export async function changeStatus(tx: Database, orderId: string, change: StatusChange): Promise<StatusChangeResult> {
  const before = await lockOrder(tx, orderId);
  if (!before || (change.allowed && !change.allowed(before))) return { kind: "missing" };
  return takeStep(tx, before, change);
}

/**
 * Cancels every unpaid order of a product withdrawn from the catalogue, with the reason in each one's
 * history, in the caller's transaction (the one that withdraws it). Answers how many it cancelled.
 */
export async function cancelUnpaidOrdersOf(tx: Database, productId: string, by: string) {
  const note = "The tool was withdrawn from the catalogue.";
  const holdsTool = tx
    .select({ one: sql`1` })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orders.id), eq(orderLines.productId, productId)));
  const candidates = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(exists(holdsTool), inArray(orders.status, [...OPEN_ORDER_STATUSES])))
    .orderBy(orders.id);
  let cancelled = 0;
  for (const { id } of candidates) {
    const change = await changeStatus(tx, id, { transition: "withdraw", by, note });
    if (change.kind === "changed") cancelled += 1;
  }
  return cancelled;
}
