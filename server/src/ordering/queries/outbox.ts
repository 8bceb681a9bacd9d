import {
  canTransition,
  derivedStatus,
  FULFILMENT_TRANSITIONS,
  type OrderStatus,
  orderNumberText,
} from "@forgeline/contract";
import { ownersOf } from "../../company/queries/members.js";
import type { Database } from "../../db/client.js";
import { enqueueAccountMail, findAccount } from "../../identity/queries.js";
import type { HoldableMailName } from "../../mail/hold.js";
import type { ShipmentMailLine } from "../../mail/templates/order.js";
import { paidByColleague } from "../checkout.js";
import { linesOf, type OrderLineRow, type OrderRow } from "./orders.js";
import { orderTitle } from "./wire.js";

/** Where an approved order stands: an order reaches it otherwise only when placed, by its own buyer. */
const statusAfterApproval = derivedStatus(FULFILMENT_TRANSITIONS.approve.to, "unpaid");

/** The mail a customer gets when their order reaches a status (none for `delivered`: they know). */
const MAIL_ON: Partial<Record<OrderStatus, HoldableMailName>> = {
  "awaiting-approval": "order-awaiting-approval",
  unpaid: "order-placed",
  paid: "payment-receipt",
  shipped: "order-shipped",
  cancelled: "order-cancelled",
  refunded: "order-refunded",
};

/**
 * Puts the mails about the status the order has just reached in the outbox, in the transaction that
 * records it (lifecycle.ts `recordStatus`, `by` who moved it): the customer's, and for an order awaiting
 * approval its company's owners'.
 */
export async function enqueueStatusMails(
  tx: Database,
  order: OrderRow,
  note: string | null,
  by: string,
  known?: MailFacts,
) {
  // An order on account is refunded by credit notes, and the credit note's own mail says so (receivables/).
  const template = order.paymentMethod === "invoice" && order.status === "refunded" ? undefined : MAIL_ON[order.status];
  if (!template) return;
  const mail = await orderMailData(tx, order, note, by, known);
  await enqueueAccountMail(tx, order.userEmail, template, mail);
  if (!canTransition("approve", order) || !order.companyId) return;
  // The owners who may approve it hear of it, in the shop's words only (no name, no PO number).
  for (const owner of await ownersOf(tx, order.companyId)) {
    if (owner !== order.userEmail) {
      await enqueueAccountMail(tx, owner, "approval-requested", { ...mail, name: "", poNumber: null });
    }
  }
}

/**
 * What the receipt of a card order just paid says (`enqueueStatusMails` for its status), for the statement that
 * numbers its invoice and puts the receipt in the outbox with that number (pay-order.ts `paidInvoiceOf`).
 */
export const receiptData = (tx: Database, paid: OrderRow, known: MailFacts) =>
  orderMailData(tx, paid, `Payment ${paid.transactionId}`, paid.userEmail, known);

/**
 * The mail of a change of the order's lines (ordering/change-order.ts), in the transaction that changes it: the order
 * as it is now, and the history line's note saying what changed (and what it owes, or what goes back to the card).
 * To its buyer, and for a company's order to the company's owners too (decision 076), in the shop's words only (no
 * name, no PO number) as their approval requests are; not to the owner who made it. An admin's change that waits
 * for the buyer's acceptance (proposed-change.ts) says what would change, with a link to accept it, to the buyer only.
 */
export async function enqueueChangeMail(
  tx: Database,
  order: OrderRow,
  note: string,
  by: string,
  template: "order-changed" | "order-change-proposed" = "order-changed",
) {
  const mail = await orderMailData(tx, order, note, by);
  await enqueueAccountMail(tx, order.userEmail, template, mail);
  if (template !== "order-changed" || !order.companyId) return;
  for (const owner of await ownersOf(tx, order.companyId)) {
    if (owner !== order.userEmail && owner !== by) {
      await enqueueAccountMail(tx, owner, "order-changed", { ...mail, name: "", poNumber: null, colleague: true });
    }
  }
}

/**
 * A shipment's tracking mail (docs/STOCK.md, 'Shipments'), in the transaction that ships it: its carrier and tracking,
 * the pieces it carries and what is still to come.
 */
export async function enqueueShipmentMail(
  tx: Database,
  order: OrderRow,
  shipment: {
    number: number;
    carrier: string;
    trackingNumber: string;
    trackingUrl: string | null;
    lines: ShipmentMailLine[];
    toCome: ShipmentMailLine[];
    /** On account, the invoice it is billed on (decision 077): the mail names it and its due date. */
    invoice?: { number: string; dueAt: Date } | undefined;
  },
  by: string,
) {
  const { number, carrier, trackingNumber, trackingUrl, lines, toCome, invoice } = shipment;
  const mail = await orderMailData(tx, order, null, by);
  await enqueueAccountMail(tx, order.userEmail, "order-shipped", {
    ...mail,
    ...(invoice &&
      mail.onAccount && {
        invoiceNumber: invoice.number,
        onAccount: { ...mail.onAccount, dueAt: invoice.dueAt.toISOString() },
      }),
    carrier,
    trackingNumber,
    trackingUrl,
    shipment: { number, lines, toCome },
  });
}

/** What an order's mails show of it: a copy of the order as it stands in the caller's transaction. */
/**
 * What an order's mail is made of besides the order, when the caller has read it already in its transaction (a
 * payment reads it before it takes the rows every payment shares: payment/mark-paid.ts).
 */
export interface MailFacts {
  lines: readonly OrderLineRow[];
  /** Whether the buyer has confirmed their address (`buyerConfirmed`). */
  confirmed: boolean;
}

/**
 * Until its owner confirms the address, an order's mail carries nothing the account wrote (its name, its PO
 * number): else anyone could sign up with a stranger's address and have the shop mail them their words.
 */
export const buyerConfirmed = async (tx: Database, order: OrderRow) =>
  (await findAccount(tx, order.userEmail))?.verified ?? false;

async function orderMailData(tx: Database, order: OrderRow, note: string | null, by: string, known?: MailFacts) {
  const lines = known?.lines ?? (await linesOf(tx, order.id));
  const confirmed = known?.confirmed ?? (await buyerConfirmed(tx, order));
  const mail = {
    orderId: order.id,
    number: orderNumberText(order.number),
    name: confirmed ? order.userName : "",
    productName: orderTitle(order),
    lines: lines.map((line) => ({
      name: line.name,
      sku: line.sku,
      quantity: line.quantity,
      unitPriceCents: line.unitCents,
      totalCents: line.totalCents,
    })),
    promotionName: order.promotionName,
    discountCents: order.discountCents,
    taxCents: order.taxCents,
    poNumber: confirmed ? order.poNumber : null,
    quantity: order.quantity,
    unitPriceCents: order.unitPriceCents,
    totalCents: order.totalCents,
    invoiceNumber: order.invoiceNumber,
    transactionId: order.transactionId,
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
    trackingUrl: order.trackingUrl,
    note,
    payer: canTransition("pay", order) && (await paidByColleague(tx, order)) ? ("colleague" as const) : undefined,
    // An order becomes payable by someone other than its buyer only when an owner approves it.
    approvedBy: order.status === statusAfterApproval && by !== order.userEmail ? by : undefined,
    onAccount:
      order.paymentMethod === "invoice" && order.netDays !== null
        ? { netDays: order.netDays, dueAt: order.invoiceDueAt?.toISOString() ?? null }
        : undefined,
  };
  return mail;
}
