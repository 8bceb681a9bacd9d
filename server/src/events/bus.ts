import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/client.js";

/**
 * What one folder announces and others act on, where the listeners may not be imported by the publisher
 * (they import it: a folder cycle otherwise). Each event says who publishes it and who listens; app.ts, the
 * composition root, subscribes the listeners. docs/decisions/031-one-home-per-rule.md, "Events"
 * says why.
 */
export interface ShopEvents {
  /**
   * An admin withdrew a product from the catalogue (product/routes.ts, DELETE /product/:id). Heard inside
   * the withdrawing transaction `tx`: cart takes the tool out of every cart (`removeToolFromCarts`), then
   * ordering cancels the orders that still hold it open (`cancelUnpaidOrdersOf`). What they write commits or
   * rolls back with the withdrawal, and a listener that throws rolls it back.
   */
  productWithdrawn: { tx: Database; productId: string; by: string };
  /**
   * Pieces of a tool came onto the shelves: a receipt, a recount up, a Restock that raised the count (product/,
   * movement-routes.ts and routes.ts). Heard inside that transaction `tx` by ordering, which gives what is
   * available to the lines waiting for the tool, oldest order first (queries/backorders.ts `fillBackorders`).
   */
  stockReceived: { tx: Database; productId: string; by: string };
  /**
   * An order was cancelled, by its customer or an admin, and the cancellation committed (ordering/cancel-order.ts).
   * Heard by payment: the order's open intent is cancelled at the provider (`releaseOpenIntent`), which may find
   * it paid after all.
   */
  orderCancelled: { orderId: string; log: FastifyBaseLogger };
  /**
   * An order's lines were changed and the change committed (ordering/change-order.ts). Heard by payment: what a card
   * order's payments hold above what the order now counts as paid goes back to the card (change-refund.ts
   * `refundChangeDifference`); a provider that refuses is logged, and the refund stays owed until it is made.
   */
  orderChanged: { orderId: string; by: string; log: FastifyBaseLogger };
  /**
   * An order on account was invoiced as it shipped, in the shipping transaction (ordering/ship-order.ts).
   * Heard by receivables (record-payment.ts `recordInvoiceIssued`): the ledger's invoice entry, and the company's
   * credit put against it. A listener that throws rolls the shipping back.
   */
  invoiceIssued: {
    tx: Database;
    invoice: { companyId: string; orderId: string; invoiceNumber: string; totalCents: number; at: Date; by: string };
  };
}

type Listener<Name extends keyof ShopEvents> = (event: ShopEvents[Name]) => unknown;

/**
 * One bus per app (each test's app has its own listeners). Publishing awaits every listener in the order
 * they were subscribed, in the publisher's await: an event is handled before the publisher goes on, and a
 * listener that throws fails the publisher. No queue, no retry: the outbox (mail/) is for what must survive.
 */
export class EventBus {
  private readonly listeners: { [Name in keyof ShopEvents]: Listener<Name>[] } = {
    productWithdrawn: [],
    stockReceived: [],
    orderCancelled: [],
    orderChanged: [],
    invoiceIssued: [],
  };

  on<Name extends keyof ShopEvents>(name: Name, listener: Listener<Name>): void {
    this.listeners[name].push(listener);
  }

  async publish<Name extends keyof ShopEvents>(name: Name, event: ShopEvents[Name]): Promise<void> {
    for (const listener of this.listeners[name]) await listener(event);
  }
}
