import { canTransition } from "@forgeline/contract";
import type { FastifyInstance } from "fastify";
import type { Database } from "../db/client.js";
import { auditOrderStep } from "./order-audit.js";
import {
  invoiceDatesNow,
  lockOrder,
  nextInvoiceNumber,
  type StatusChangeResult,
  type StepFields,
  takeStep,
} from "./queries/lifecycle.js";
import type { OrderRow } from "./queries/orders.js";

/**
 * Shipping an order, and delivering it: the use cases behind an admin's Ship and Delivered buttons, shaped like
 * place-order.ts (docs/decisions/031-one-home-per-rule.md). The route only calls them and says their answer in
 * its wire. Shipping runs in one transaction, in this order:
 *
 * 1. the order's row locked (`lockOrder`), so two admins never ship it twice and no payment races the ship;
 * 2. the state machine asked (contract ORDER_TRANSITIONS `ship`): a card order ships once paid, an order on
 *    account once it goes ahead, unpaid;
 * 3. an order on account invoiced as it ships (`invoiceOnShipping`): the next number of the year's gapless
 *    sequence, taken here under the lock so a refused step never takes one, dated the ship time and due its
 *    net days later (a card order's invoice was issued when it was paid);
 * 4. the one status change (`takeStep`): carrier, tracking and the invoice written with the facts, a line in
 *    the order's history and the "shipped" mail in the outbox;
 * 5. `invoiceIssued` published where the invoice was written: receivables/ records it in the company's ledger
 *    and puts the company's credit against it, as far as it goes (money received on the order: a step of its
 *    own with its own history line, "Credit to INV-…");
 * 6. the admin's audit entry.
 *
 * A refusal writes nothing; a failure at any step (a listener's too) rolls every step back.
 */

/** Where an order goes, as the admin gives it. */
export interface Shipment {
  carrier: string;
  trackingNumber: string;
  trackingUrl: string | null;
}

/** Ships the order with its carrier and tracking, invoicing it if it is on account; `admin` is who acts. */
export function shipOrder(
  app: FastifyInstance,
  orderId: string,
  admin: string,
  shipment: Shipment,
): Promise<StatusChangeResult> {
  return app.db.transaction(async (tx) => {
    const before = await lockOrder(tx, orderId);
    if (!before) return { kind: "missing" };
    if (!canTransition("ship", before)) return { kind: "refused", order: before };
    const invoice = await invoiceOnShipping(tx, before);
    const changed = await takeStep(tx, before, {
      transition: "ship",
      by: admin,
      note: `${shipment.carrier} ${shipment.trackingNumber}`,
      fields: { ...shipment, ...invoice },
    });
    if (changed.kind !== "changed") return changed;
    const { after } = changed;
    if (invoice && after.companyId && after.invoiceNumber && after.invoiceIssuedAt) {
      const { companyId, id, invoiceNumber, totalCents, invoiceIssuedAt: at } = after;
      await app.events.publish("invoiceIssued", {
        tx,
        invoice: { companyId, orderId: id, invoiceNumber, totalCents, at, by: admin },
      });
    }
    await auditOrderStep(tx, { admin, action: "order.ship", before, after });
    return changed;
  });
}

/** The invoice of an order on account, issued as it ships; none for a card order, invoiced when it was paid. */
async function invoiceOnShipping(tx: Database, order: OrderRow): Promise<StepFields | undefined> {
  if (order.paymentMethod !== "invoice" || order.netDays === null) return undefined;
  return { invoiceNumber: await nextInvoiceNumber(tx), ...invoiceDatesNow(order.netDays) };
}

/** Marks a shipped order delivered, with its history line and the admin's audit entry, in one transaction. */
export function deliverOrder(app: FastifyInstance, orderId: string, admin: string): Promise<StatusChangeResult> {
  return app.db.transaction(async (tx) => {
    const before = await lockOrder(tx, orderId);
    if (!before) return { kind: "missing" };
    const changed = await takeStep(tx, before, { transition: "deliver", by: admin });
    if (changed.kind === "changed") await auditOrderStep(tx, { admin, action: "order.deliver", ...changed });
    return changed;
  });
}
