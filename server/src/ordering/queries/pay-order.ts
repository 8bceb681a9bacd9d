import { EVENT_OF_STEP, nextFacts } from "@forgeline/contract";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { preparedOnce } from "../../db/prepared.js";
import { accountMailInsert } from "../../identity/queries.js";
import { type WrittenAlongside, writeAlongside } from "../../product/queries/stock-ledger.js";
import { orderEvents, orders } from "../tables.js";
import { invoiceNumbering } from "./invoice-numbers.js";
import { lockOrder } from "./lifecycle.js";
import type { OrderRow } from "./orders.js";
import { type MailFacts, receiptData } from "./outbox.js";
import { salesCounted } from "./sales.js";

/**
 * A card payment's own statements, in its transaction (payment/mark-paid.ts): the order marked paid, then (after the
 * stock) its invoice issued. Few and prepared once: twenty payments at once queue at the tool's stock, each for as
 * many round trips as it makes there, and each spends Node time building queries before it (docs/STOCK.md, 'When an
 * order takes its pieces').
 */

/** The order paid and its history line, in one statement, if its facts are still those given. */
const payQuery = preparedOnce((tx) => {
  const paid = tx.$with("paid").as(
    tx
      .update(orders)
      .set({
        fulfilmentStatus: sql`${sql.placeholder("fulfilment")}`,
        paymentStatus: sql`${sql.placeholder("payment")}`,
        // The row's own total, as the update finds it: what the payment's amount is checked against (mark-paid.ts).
        amountPaidCents: sql`${orders.totalCents}`,
        transactionId: sql`${sql.placeholder("transactionId")}`,
        paidAt: sql`now()`,
      })
      .where(
        and(
          eq(orders.id, sql.placeholder("orderId")),
          eq(orders.fulfilmentStatus, sql.placeholder("fulfilmentBefore")),
          eq(orders.paymentStatus, sql.placeholder("paymentBefore")),
        ),
      )
      .returning(),
  );
  const event = tx.$with("event", {}).as(
    sql`insert into ${orderEvents} (order_id, kind, status, "by", note, amount_cents, paid_with, reference)
      select ${paid.id}, ${EVENT_OF_STEP.pay}, ${paid.status}, ${paid.userEmail}, 'Payment ' || ${paid.transactionId},
        ${paid.totalCents}, 'card', ${paid.transactionId}
      from ${paid}`,
  );
  return tx.with(paid, event).select().from(paid).prepare("pay_order");
});

/** `markPaid` on the order as `before` has it: undefined when it no longer stands there, or cannot be paid from there. */
async function payFrom(tx: Database, before: OrderRow, transactionId: string): Promise<OrderRow | undefined> {
  const next = nextFacts("pay", before);
  if (!next) return undefined;
  const [paid] = await payQuery(tx).execute({
    orderId: before.id,
    fulfilmentBefore: before.fulfilmentStatus,
    paymentBefore: before.paymentStatus,
    fulfilment: next.fulfilmentStatus,
    payment: next.paymentStatus,
    transactionId,
  });
  return paid;
}

/**
 * Marks the order paid with its transaction id, only if it was unpaid, and adds that to its history, in the
 * caller's transaction, which then takes the stock with `paidInvoiceOf`; answers the order paid, or
 * undefined when the order is no longer unpaid. `order` is as the caller read it, maybe before its transaction: when
 * it has moved since (a change, a cancellation) it is read again under its lock.
 */
export async function markPaid(tx: Database, order: OrderRow, transactionId: string): Promise<OrderRow | undefined> {
  const paid = await payFrom(tx, order, transactionId);
  if (paid) return paid;
  const now = await lockOrder(tx, order.id);
  const moved = now && (now.fulfilmentStatus !== order.fulfilmentStatus || now.paymentStatus !== order.paymentStatus);
  return moved ? payFrom(tx, now, transactionId) : undefined;
}

/**
 * The invoice numbered, the sales counted and the receipt queued with that number: written in the statement that takes
 * the order's stock (stock-ledger.ts `writeAlongside`), since the year's invoice counter and the day's sales of a tool
 * are rows every payment takes, like the tool's stock: held from there to the commit, one round trip.
 */
const paidInvoice = writeAlongside("paid_invoice", (tx) => {
  const orderId = sql.placeholder("orderId");
  return invoiceNumbering(
    tx,
    sql.placeholder("year"),
    orderId,
    (number) => sql`sales as (${salesCounted(tx, orderId, 1).getSQL()}),
      receipt as (${accountMailInsert(
        tx,
        sql`${sql.placeholder("to")}`,
        "payment-receipt",
        sql`jsonb_set(${sql.placeholder("receipt")}::jsonb, '{invoiceNumber}', to_jsonb(${number}))`,
      ).getSQL()})`,
  );
});

/**
 * The end of paying an order (`markPaid`): its invoice number, its sales counted and its receipt queued (of what the
 * caller read before: the lines, whether the buyer confirmed their address), to be written with its stock
 * (`takeOrderStock` given it): last in the payment's transaction, in one statement with what every payment shares.
 */
export async function paidInvoiceOf(tx: Database, paid: OrderRow, mail: MailFacts): Promise<WrittenAlongside> {
  const receipt = await receiptData(tx, paid, mail);
  return {
    statements: paidInvoice,
    values: {
      orderId: paid.id,
      year: new Date().getUTCFullYear(),
      to: paid.userEmail,
      receipt: JSON.stringify(receipt),
    },
  };
}
