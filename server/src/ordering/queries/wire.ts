import {
  balanceCents,
  type CreditNote,
  centsToDollars,
  creditableCents,
  expectedDayOf,
  invoiceOwedCents,
  MOVEMENT_OF_EVENT,
  type MoneyMovement,
  type OrderRecord,
  orderChangeRefusal,
  orderNumberText,
  type ProposedChange,
  SENT_FULFILMENTS,
  type Shipment,
} from "@forgeline/contract";
import { asc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { amongIds, preparedOnce } from "../../db/prepared.js";
import { lineJson } from "../../pricing/price.js";
import { backordersOf, productsByIds } from "../../product/queries/products.js";
import { type ShipmentRecord, shipmentsByOrder } from "../../shipment/queries.js";
import { creditNotes } from "../money-tables.js";
import { orderEvents } from "../tables.js";
import { type AccountInvoiceRow, invoicesByOrder } from "./account-invoices.js";
import { linesByOrder, linesOf, type OrderEventRow, type OrderLineRow, type OrderRow } from "./orders.js";

export type CreditNoteRow = typeof creditNotes.$inferSelect;

/** SPEC.md's `order`: the first tool's name, and how many more the order holds. */
export const orderTitle = (row: Pick<OrderRow, "productName" | "lineCount">) =>
  row.lineCount > 1 ? `${row.productName} + ${row.lineCount - 1} more` : row.productName;

/**
 * An order as the spec names its fields on the wire: `orderId` is the first line's product id, `order` its
 * name (and "+ N more"), `quantity` the pieces of all lines and `price` the order's total. Only here;
 * everywhere else they are productId, productName, quantity, total.
 */
function toOrderJson(
  row: OrderRow,
  history: OrderEventRow[],
  lines: OrderLineRow[],
  credits: CreditNoteRow[],
  shipments: ShipmentRecord[],
  invoices: AccountInvoiceRow[],
  expected: ReadonlyMap<string, string | undefined>,
): OrderRecord {
  const now = new Date();
  const invoiceByNumber = new Map(invoices.map((invoice) => [invoice.number, invoice]));
  return {
    _id: row.id,
    number: orderNumberText(row.number),
    orderId: row.productId,
    order: orderTitle(row),
    unitPrice: centsToDollars(row.unitPriceCents),
    quantity: row.quantity,
    price: centsToDollars(row.totalCents),
    userEmail: row.userEmail,
    userName: row.userName,
    phone: row.phone,
    address: row.address,
    paid: row.paid,
    transactionId: row.transactionId,
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    statusHistory: history.map((event) => ({
      kind: event.kind,
      status: event.status,
      at: event.createdAt.toISOString(),
      by: event.by,
      note: event.note,
    })),
    carrier: row.carrier,
    trackingNumber: row.trackingNumber,
    trackingUrl: row.trackingUrl,
    invoiceNumber: row.invoiceNumber,
    lines: lines.map((line) => ({
      ...lineJson(line),
      waitingQuantity: line.waitingQuantity,
      shippedQuantity: line.shippedQuantity,
      expectedAt: line.waitingQuantity > 0 ? (expected.get(line.productId) ?? null) : null,
    })),
    shipping: row.shippingPreference,
    subtotal: centsToDollars(row.subtotalCents),
    promotion:
      row.promotionId && row.promotionName && row.promotionPercent !== null
        ? { _id: row.promotionId, name: row.promotionName, percent: row.promotionPercent }
        : null,
    discount: centsToDollars(row.discountCents),
    taxRate: row.taxRateMilli / 1000,
    tax: centsToDollars(row.taxCents),
    poNumber: row.poNumber,
    companyId: row.companyId,
    fulfilmentStatus: row.fulfilmentStatus,
    paymentStatus: row.paymentStatus,
    paymentMethod: row.paymentMethod,
    netDays: row.netDays,
    amountPaid: centsToDollars(row.amountPaidCents),
    credited: centsToDollars(row.creditedCents),
    creditNotes: credits.map(creditNoteJson),
    moneyMovements: moneyMovementsOf(history, credits),
    balance: centsToDollars(balanceCents(row)),
    creditable: centsToDollars(creditableCents(row)),
    invoice: leadingInvoice(row, invoices),
    overdue: invoices.some((invoice) => isOverdue(invoice, now)),
    shipments: shipments.map((shipment) =>
      shipmentJson(shipment, lines, shipment.invoiceNumber ? invoiceByNumber.get(shipment.invoiceNumber) : undefined),
    ),
    proposedChange: proposalJson(row),
  };
}

/**
 * An admin's change waiting for the buyer (ordering/proposed-change.ts), as the order shows it: what the admin's
 * preview showed, while the order may still change; not who proposed it, nor the lines as sent.
 */
function proposalJson(row: OrderRow): ProposedChange | null {
  if (!row.proposedChange || orderChangeRefusal(row) !== undefined) return null;
  const { asked: _asked, proposedBy: _proposedBy, ...shown } = row.proposedChange;
  return shown;
}

/**
 * A shipment as an order lists it: each line named as the order's line it carries pieces of, and on account the
 * invoice it is billed on with what that still owes.
 */
export function shipmentJson(
  shipment: ShipmentRecord,
  lines: OrderLineRow[],
  invoice: AccountInvoiceRow | undefined,
): Shipment {
  const byPosition = new Map(lines.map((line) => [line.position, line]));
  return {
    _id: shipment.id,
    number: shipment.number,
    warehouse: { _id: shipment.warehouse.id, code: shipment.warehouse.code, name: shipment.warehouse.name },
    carrier: shipment.carrier,
    trackingNumber: shipment.trackingNumber,
    trackingUrl: shipment.trackingUrl,
    shippedAt: shipment.shippedAt.toISOString(),
    deliveredAt: shipment.deliveredAt?.toISOString() ?? null,
    lines: shipment.lines.map((line) => ({
      position: line.position,
      productId: line.productId,
      sku: byPosition.get(line.position)?.sku ?? "",
      name: byPosition.get(line.position)?.name ?? "",
      quantity: line.quantity,
    })),
    invoice: invoice
      ? {
          number: invoice.number,
          issuedAt: invoice.issuedAt.toISOString(),
          dueAt: invoice.dueAt.toISOString(),
          amount: centsToDollars(invoice.totalCents),
          balance: centsToDollars(invoiceOwedCents(invoice)),
        }
      : null,
  };
}

/**
 * Every movement of money on an order, oldest first, as its history recorded it (lifecycle.ts `addEvent`): the entries
 * that moved money, each with how much, how, by what reference and on what day; a credit note with its reason.
 */
export function moneyMovementsOf(history: OrderEventRow[], credits: CreditNoteRow[]): MoneyMovement[] {
  const reasons = new Map(credits.map((credit) => [credit.number, credit.reason]));
  return history.flatMap((event) => {
    const kind = MOVEMENT_OF_EVENT[event.kind];
    if (!kind || event.amountCents === null) return [];
    const reason = kind === "credit-note" && event.reference ? reasons.get(event.reference) : undefined;
    return [
      {
        kind,
        amount: centsToDollars(event.amountCents),
        method: event.paidWith,
        reference: event.reference,
        day: event.receivedOn ?? event.createdAt.toISOString().slice(0, 10),
        ...(reason && { reason }),
      },
    ];
  });
}

/**
 * The invoice an order's answer leads with (its due day and "Overdue 13 days" on the pages): its one invoice; of an
 * order invoiced a shipment at a time, the earliest due that still owes, else its last (decision 077).
 */
function leadingInvoice(row: OrderRow, invoices: AccountInvoiceRow[]): OrderRecord["invoice"] {
  if (invoices.length > 1) {
    const owing = invoices.filter((invoice) => invoiceOwedCents(invoice) > 0);
    const [first] = owing.sort((one, other) => one.dueAt.getTime() - other.dueAt.getTime());
    const leading = first ?? invoices.at(-1);
    if (leading) {
      return { number: leading.number, issuedAt: leading.issuedAt.toISOString(), dueAt: leading.dueAt.toISOString() };
    }
  }
  if (!row.invoiceNumber || !row.invoiceIssuedAt) return null;
  return {
    number: row.invoiceNumber,
    issuedAt: row.invoiceIssuedAt.toISOString(),
    dueAt: row.invoiceDueAt?.toISOString() ?? null,
  };
}

/** An invoice with money still owed after its due date. */
export const isOverdue = (invoice: AccountInvoiceRow, now: Date): boolean =>
  invoice.dueAt < now && invoiceOwedCents(invoice) > 0;

/** A credit note as an order lists it (docs/BUYING-ON-ACCOUNT.md, 'Credit notes'). */
export const creditNoteJson = (row: CreditNoteRow): CreditNote => ({
  number: row.number,
  issuedAt: row.issuedAt.toISOString(),
  amount: centsToDollars(row.amountCents),
  reason: row.reason,
  invoiceNumber: row.invoiceNumber,
});

/** The credit notes of these orders, oldest first, by order (one query for all of them). */
export async function creditNotesByOrder(db: Database, orderIds: string[]): Promise<Map<string, CreditNoteRow[]>> {
  const byOrder = new Map<string, CreditNoteRow[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(creditNotes)
    .where(inArray(creditNotes.orderId, orderIds))
    .orderBy(asc(creditNotes.issuedAt), asc(creditNotes.number));
  for (const row of rows) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), row]);
  return byOrder;
}

/** Only orders something was credited of have credit notes: the others cost no query. */
const creditedIds = (rows: OrderRow[]) => rows.filter((row) => row.creditedCents > 0).map((row) => row.id);

/** Only orders on account some of which left the shop have invoices on account: the others cost no query. */
const invoicedIds = (rows: OrderRow[]) =>
  rows.filter((row) => row.paymentMethod === "invoice" && row.invoiceNumber !== null).map((row) => row.id);

/** Only orders some of which left the shop have shipments: the others cost no query. */
const shippedIds = (rows: OrderRow[]) =>
  rows.filter((row) => (SENT_FULFILMENTS as readonly string[]).includes(row.fulfilmentStatus)).map((row) => row.id);

/**
 * When the waiting pieces of these lines are expected, by tool (docs/STOCK.md, 'Backorders'): one query, and
 * none when no line waits.
 */
async function expectedByTool(db: Database, lines: readonly OrderLineRow[]) {
  const waiting = [...new Set(lines.filter((line) => line.waitingQuantity > 0).map((line) => line.productId))];
  const expected = new Map<string, string | undefined>();
  if (waiting.length === 0) return expected;
  for (const tool of await productsByIds(db, waiting)) expected.set(tool.id, expectedDayOf(backordersOf(tool)));
  return expected;
}

const historyOfOrdersQuery = preparedOnce((db) =>
  db
    .select()
    .from(orderEvents)
    .where(amongIds(orderEvents.orderId, "orderIds"))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id))
    .prepare("order_history_of_orders"),
);

/** The orders as the wire shows them, each with its lines and history (one query each for all of them). */
export async function withHistory(db: Database, rows: OrderRow[]): Promise<OrderRecord[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [events, lines, credits, shipments, invoices] = await Promise.all([
    historyOfOrdersQuery(db).execute({ orderIds: ids }),
    linesByOrder(db, ids),
    creditNotesByOrder(db, creditedIds(rows)),
    shipmentsByOrder(db, shippedIds(rows)),
    invoicesByOrder(db, invoicedIds(rows)),
  ]);
  const expected = await expectedByTool(db, [...lines.values()].flat());
  return rows.map((row) =>
    toOrderJson(
      row,
      events.filter((event) => event.orderId === row.id),
      lines.get(row.id) ?? [],
      credits.get(row.id) ?? [],
      shipments.get(row.id) ?? [],
      invoices.get(row.id) ?? [],
      expected,
    ),
  );
}

/** One order as the wire shows it, with its lines and history. */
export async function orderWithHistory(db: Database, row: OrderRow): Promise<OrderRecord> {
  const [history, lines, credits, shipments, invoices] = await Promise.all([
    db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, row.id))
      .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)),
    linesOf(db, row.id),
    creditNotesByOrder(db, creditedIds([row])),
    shipmentsByOrder(db, shippedIds([row])),
    invoicesByOrder(db, invoicedIds([row])),
  ]);
  return toOrderJson(
    row,
    history,
    lines,
    credits.get(row.id) ?? [],
    shipments.get(row.id) ?? [],
    invoices.get(row.id) ?? [],
    await expectedByTool(db, lines),
  );
}
