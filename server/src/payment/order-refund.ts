import { ORDER_STATUS_MESSAGES, type Order } from "@forgeline/contract";
import type { FastifyBaseLogger } from "fastify";
import { recordAudit } from "../audit/queries.js";
import type { Database } from "../db/client.js";
import { HttpError } from "../http/errors.js";
import { changeStatus, orderWithHistory, stockLinesOf } from "../ordering/queries.js";
import { returnStock } from "../product/queries.js";
import type { PaymentProvider } from "./providers.js";
import { findIntent } from "./queries.js";
import { refundIntent } from "./refund.js";

/**
 * An admin's refund of a paid, shipped or delivered order, all in one transaction: the order turns
 * `refunded` (its row locked first, so a second refund at the same time waits and is then refused), the
 * pieces go back to stock (always for a paid order, which never left; for the others if the admin says
 * so), the provider gives the whole amount back and the refund is recorded, with the history line and the
 * audit entry. If the provider refuses, everything is rolled back and the answer is 502.
 */
export async function refundOrder(
  db: Database,
  provider: PaymentProvider,
  log: FastifyBaseLogger,
  request: { orderId: string; admin: string; restock: boolean },
): Promise<{ order: Order; restocked: boolean }> {
  const { orderId, admin } = request;
  return db.transaction(async (tx) => {
    const change = await changeStatus(tx, orderId, {
      transition: "refund",
      by: admin,
      note: (before) =>
        before.status === "paid" || request.restock ? "Pieces returned to stock" : "Pieces not returned to stock",
    });
    if (change.kind === "missing") throw new HttpError(404, "No such order.");
    if (change.kind === "refused") throw new HttpError(409, ORDER_STATUS_MESSAGES.cannotRefund(change.status));
    const { before, after } = change;
    const intent = before.transactionId ? await findIntent(tx, provider.name, before.transactionId) : undefined;
    if (!intent) throw new HttpError(409, ORDER_STATUS_MESSAGES.paidElsewhere);

    const wanted = before.status === "paid" || request.restock;
    let restocked = false;
    if (wanted) {
      // Every line goes back; a tool deleted meanwhile still has its row, so none is lost.
      const returned = await Promise.all(
        (await stockLinesOf(tx, orderId)).map((line) => returnStock(tx, line.productId, line.quantity)),
      );
      restocked = returned.every(Boolean);
    }
    const refunded = await refundIntent(tx, provider, intent, "order-refunded");
    if (!refunded.ok) {
      log.error({ orderId, intentId: intent.id, reason: refunded.message }, "the payment provider refused a refund");
      throw new HttpError(502, ORDER_STATUS_MESSAGES.refundFailed);
    }
    await recordAudit(tx, {
      actor: admin,
      action: "order.refund",
      target: orderId,
      before: { status: before.status },
      after: { status: after.status, refundId: refunded.value.refundId, restocked },
    });
    return { order: await orderWithHistory(tx, after), restocked };
  });
}
