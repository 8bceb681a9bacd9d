import { type Actor, can } from "@forgeline/contract";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { auditOrderStep } from "./order-audit.js";
import { lockOrder, type StatusChangeResult, takeStep } from "./queries/lifecycle.js";

/**
 * Cancelling an order that no money paid (awaiting approval or unpaid; a paid order is refunded instead,
 * payment/order-refund.ts): the one use case behind the customer's Cancel and the admin's, shaped like
 * place-order.ts. The routes only call it and say its answer in their wire. In one transaction:
 *
 * 1. the order's row locked (`lockOrder`); a customer may cancel only what the permissions let them
 *    (`cancel:order`, asked of the locked row): any other order is as good as missing;
 * 2. the one status change (`takeStep`, contract ORDER_TRANSITIONS `cancel`): the pieces an order on account
 *    held go back to stock, a line in its history says who cancelled, the "cancelled" mail goes in the outbox;
 * 3. for an admin, the audit entry.
 *
 * Then, once that committed, `orderCancelled` is published: payment/ cancels the order's open intent at the
 * provider (which may find it paid after all). Withdrawing a product cancels its open orders another way,
 * inside the withdrawal (queries/lifecycle.ts `cancelUnpaidOrdersOf`).
 */

/** Who cancels: a customer, as the permissions see them, or an admin of the shop. */
export type Canceller = { customer: Actor } | { admin: string };

/** Cancels the order for whoever acts; `log` is the request's, for what the provider says. */
export async function cancelOrder(
  app: FastifyInstance,
  orderId: string,
  who: Canceller,
  log: FastifyBaseLogger,
): Promise<StatusChangeResult> {
  const changed = await app.db.transaction(async (tx): Promise<StatusChangeResult> => {
    const before = await lockOrder(tx, orderId);
    if (!before || ("customer" in who && !can(who.customer, "cancel:order", before))) return { kind: "missing" };
    const change = await takeStep(tx, before, {
      transition: "cancel",
      by: "admin" in who ? who.admin : who.customer.email,
      note: "admin" in who ? "Cancelled by the shop" : "Cancelled by the customer",
    });
    if (change.kind === "changed" && "admin" in who) {
      await auditOrderStep(tx, { admin: who.admin, action: "order.cancel", ...change });
    }
    return change;
  });
  if (changed.kind === "changed") await app.events.publish("orderCancelled", { orderId: changed.after.id, log });
  return changed;
}
