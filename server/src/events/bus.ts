import type { CompanyCredit, OrderRecord } from "@forgeline/contract";
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
   * An order was cancelled, by its customer or an admin, and the cancellation committed (ordering/cancel-order.ts).
   * Heard by payment: the order's open intent is cancelled at the provider (`releaseOpenIntent`), which may find
   * it paid after all.
   */
  orderCancelled: { orderId: string; log: FastifyBaseLogger };
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

/**
 * What a folder asks of another it may not import, answered by exactly one listener. company/routes.ts
 * asks; ordering answers, from its orders.
 */
export interface ShopQuestions {
  /** A company's orders, newest first, each with its lines and history: the history its members share. */
  companyOrders: { ask: { companyId: string }; answer: OrderRecord[] };
  /** What each member's orders take this calendar month, in cents per email; a member without one is absent. */
  companySpendThisMonth: { ask: { companyId: string }; answer: Map<string, number> };
  /** How many of a company's orders wait for an owner's approval. */
  companyAwaitingApproval: { ask: { companyId: string }; answer: number };
  /** What a company may still owe on account: its terms, the credit used and left, and any hold. */
  companyCredit: { ask: { companyId: string }; answer: CompanyCredit };
}

type Listener<Name extends keyof ShopEvents> = (event: ShopEvents[Name]) => unknown;
type Answerer<Name extends keyof ShopQuestions> = (
  question: ShopQuestions[Name]["ask"],
) => Promise<ShopQuestions[Name]["answer"]>;

/**
 * One bus per app (each test's app has its own listeners). Publishing awaits every listener in the order
 * they were subscribed, in the publisher's await: an event is handled before the publisher goes on, and a
 * listener that throws fails the publisher. No queue, no retry: the outbox (mail/) is for what must survive.
 */
export class EventBus {
  private readonly listeners: { [Name in keyof ShopEvents]: Listener<Name>[] } = {
    productWithdrawn: [],
    orderCancelled: [],
    invoiceIssued: [],
  };
  /** Filled only by `answer`, whose signature pairs each question with its answerer's type. */
  private readonly answerers = new Map<keyof ShopQuestions, unknown>();

  on<Name extends keyof ShopEvents>(name: Name, listener: Listener<Name>): void {
    this.listeners[name].push(listener);
  }

  async publish<Name extends keyof ShopEvents>(name: Name, event: ShopEvents[Name]): Promise<void> {
    for (const listener of this.listeners[name]) await listener(event);
  }

  answer<Name extends keyof ShopQuestions>(name: Name, answerer: Answerer<Name>): void {
    if (this.answerers.has(name)) throw new Error(`${name} is answered already`);
    this.answerers.set(name, answerer);
  }

  async ask<Name extends keyof ShopQuestions>(
    name: Name,
    question: ShopQuestions[Name]["ask"],
  ): Promise<ShopQuestions[Name]["answer"]> {
    const answerer = this.answerers.get(name) as Answerer<Name> | undefined;
    if (!answerer) throw new Error(`nobody answers ${name}`);
    return answerer(question);
  }
}
