import {
  balanceIntentResponseSchema,
  canTransition,
  dollarsToCents,
  formatCents,
  ORDER_STATUS_MESSAGES,
  owesDifference,
  paymentIntentBodySchema,
  paymentIntentResponseSchema,
  paymentResultSchema,
  testCardConfirmationSchema,
} from "@forgeline/contract";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { actorOf } from "../company/policy.js";
import { type Caller, callerOf } from "../http/caller.js";
import { HttpError } from "../http/errors.js";
import { errorAnswers, jsonAnswer, requires } from "../http/route-schema.js";
import { holderOf, otherOrdersRefusal, withBuyerLock } from "../ordering/order-rules.js";
import { orderFor } from "../ordering/policy.js";
import { findOrder, type OrderRow, stockLinesOf } from "../ordering/queries/orders.js";
import { stockCovers } from "../product/queries/products.js";
import { balanceRefusalOf } from "./balance.js";
import { openIntentFor } from "./open-intent.js";
import { openBalancePayment, reconcileBalancePayment } from "./pay-balance.js";
import { findIntent, intentWithSecret, openIntentOf } from "./queries.js";
import { type Payments, type Settlement, settleFromProvider, settleIntent } from "./settle.js";

const OUT_OF_STOCK = "There is no longer enough stock for this order. Nothing was charged.";
const ALREADY_PAID = "This order is already paid.";
const NOT_COMPLETE = "Your payment is not complete yet.";
const CANCELED = "This payment was canceled. Nothing was charged. Please pay again.";
const UNREACHABLE = "The payment service did not answer. Please try again in a minute.";

async function callersOrder(app: FastifyInstance, caller: Caller, orderId: string) {
  const order = await orderFor(app.db, await actorOf(app.db, caller), orderId, "pay:order");
  if (!order) throw new HttpError(404, "No such order.");
  return order;
}

const OWES_DIFFERENCE =
  "This order was changed and owes the difference: pay that from the order's page (its balance, not its total).";

/** Why an order that is not unpaid cannot be paid (its total: a changed one pays its difference instead). */
const notPayable = (order: OrderRow) =>
  new HttpError(
    409,
    order.paid ? ALREADY_PAID : owesDifference(order) ? OWES_DIFFERENCE : ORDER_STATUS_MESSAGES.cannotPay(order),
  );

async function callersUnpaidOrder(app: FastifyInstance, caller: Caller, orderId: string) {
  const order = await callersOrder(app, caller, orderId);
  if (!canTransition("pay", order)) throw notPayable(order);
  return order;
}

/**
 * The caller's order while it can be paid now: a card order unpaid, or owing the difference of a change (decision
 * 076); an order on account its invoice's balance.
 */
async function callersPayableOrder(app: FastifyInstance, caller: Caller, orderId: string) {
  const order = await callersOrder(app, caller, orderId);
  if (order.paymentMethod === "card") {
    if (!canTransition("pay", order) && balanceRefusalOf(order)) throw notPayable(order);
    return order;
  }
  const refused = balanceRefusalOf(order);
  if (refused) throw new HttpError(409, refused);
  return order;
}

const orderIdParams = z.object({ id: z.uuid({ error: "id must be an order id" }) });

/** Other orders may have been paid since this one was placed, and taken the stock its lines need. */
async function stockStillCovers(app: FastifyInstance, order: OrderRow) {
  const lines = await stockLinesOf(app.db, order.id);
  const covered = await Promise.all(lines.map((line) => stockCovers(app.db, line.productId, line.quantity)));
  return covered.every(Boolean);
}

/** The provider's own words go to the log; the customer gets a plain message and can try again. */
function unreachable(log: FastifyBaseLogger, failure: { message: string }) {
  log.error({ reason: failure.message }, "the payment provider refused a call or did not answer");
  return new HttpError(502, UNREACHABLE);
}

const RULES_CHANGED = "This order can no longer be paid as it was placed. Nothing was charged: see the order.";

const SETTLEMENT_REFUSALS = {
  "out-of-stock": OUT_OF_STOCK,
  refused: RULES_CHANGED,
  pending: NOT_COMPLETE,
} as const satisfies Partial<Record<Settlement, string>>;

/** Why a settled payment did not pay its order (the order is unpaid when this is asked). */
const refusal = (settlement: Settlement) =>
  new HttpError(
    409,
    settlement in SETTLEMENT_REFUSALS ? SETTLEMENT_REFUSALS[settlement as keyof typeof SETTLEMENT_REFUSALS] : CANCELED,
  );

/**
 * The provider's events. The body is read as the exact text the provider signed (its own parser below),
 * so the schema lets that text through and its metadata describes the event.
 */
const WEBHOOK_SCHEMA = {
  summary: "Receive the payment provider's events (Stripe calls this, not the browser)",
  description: "Only the intent named by the event is looked up; the provider is then asked where it stands.",
  tags: ["Payments"],
  security: requires("stripeSignature"),
  body: z.unknown().meta({ type: "object", description: "The provider's event, as it sent it." }),
  response: {
    200: jsonAnswer("Received.", z.object({ received: z.literal(true) })),
    ...errorAnswers(400, 413, 415, 502),
  },
};

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const provider = app.paymentProvider;
  const payments: Payments = { db: app.db, provider, stockTaken: () => app.listChanged("catalogue") };
  const limit = { rateLimit: { max: 120, timeWindow: "1 minute" } };

  app.post(
    "/create-payment-intent",
    {
      onRequest: app.authenticate,
      config: { ...limit, idempotent: true },
      schema: {
        summary: "Open a card payment for one of the caller's unpaid orders",
        description:
          "`price` must be the order's total in dollars. The answer's client secret goes to " +
          "the card form (Stripe Elements, or POST /api/payments/test/confirm with the test provider).",
        tags: ["Payments"],
        security: requires("accessToken"),
        body: paymentIntentBodySchema,
        response: {
          200: jsonAnswer("The payment is open.", paymentIntentResponseSchema),
          ...errorAnswers(400, 401, 404, 409, 413, 415, 429, 502),
        },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      // The wire's `price` is the order's total, as the browser saw it.
      const { orderId, price: total } = request.body;
      const order = await callersUnpaidOrder(app, caller, orderId);
      if (dollarsToCents(total) !== order.totalCents) {
        const message = `The amount does not match this order's total of ${formatCents(order.totalCents)}.`;
        throw new HttpError(400, message, [{ field: "price", message }]);
      }
      if (!(await stockStillCovers(app, order))) throw new HttpError(409, OUT_OF_STOCK);
      // The rules it was placed under, checked again before any card is asked for.
      const rules = await withBuyerLock(app.db, holderOf(order), (tx) => otherOrdersRefusal(tx, order));
      if (rules) throw new HttpError(409, rules.message);
      const opened = await openIntentFor(payments, request.log, order, caller.email);
      if (!opened.ok) throw unreachable(request.log, opened);
      if ("clientSecret" in opened.value) return opened.value;
      // The open intent had been authorized already (its webhook was late): the order is settled now.
      const { settled } = opened.value;
      throw new HttpError(
        409,
        settled === "out-of-stock" || settled === "refused" ? SETTLEMENT_REFUSALS[settled] : ALREADY_PAID,
      );
    },
  );

  // After the card was confirmed in the browser, the payment page asks here rather than wait for a
  // webhook: the server asks the provider where the order's intent stands and settles it as the webhook would.
  app.post(
    "/payments/:id/reconcile",
    {
      onRequest: app.authenticate,
      config: { ...limit, idempotent: true },
      schema: {
        summary: "Settle an order's payment after the card was confirmed, without waiting for the webhook",
        description: "409 when the payment is not complete, was canceled, or the stock no longer covers the order.",
        tags: ["Payments"],
        security: requires("accessToken"),
        params: orderIdParams,
        response: {
          200: jsonAnswer("The order is paid.", paymentResultSchema),
          ...errorAnswers(400, 401, 404, 409, 429, 502),
        },
      },
    },
    async (request) => {
      const order = await callersOrder(app, callerOf(request), request.params.id);
      // An order on account pays its invoice's balance; a changed card order its difference (decision 076).
      if (order.paymentMethod === "invoice" || owesDifference(order)) return reconciledBalance(order, request.log);
      let settlement: Settlement | undefined;
      if (canTransition("pay", order)) {
        const open = await openIntentOf(app.db, order.id);
        // An intent of the provider used before a switch cannot be asked about any more.
        if (open?.provider === provider.name) {
          const settled = await settleFromProvider(payments, request.log, open);
          if (!settled.ok) throw unreachable(request.log, settled);
          settlement = settled.value;
        }
      }
      const now = await findOrder(app.db, order.id);
      if (now?.paid && now.transactionId) return { status: "succeeded" as const, transactionId: now.transactionId };
      if (now && !canTransition("pay", now)) throw notPayable(now);
      if (settlement) throw refusal(settlement);
      // No intent waits any more: an earlier webhook released it, or the customer never paid.
      throw new HttpError(409, (await stockStillCovers(app, order)) ? NOT_COMPLETE : OUT_OF_STOCK);
    },
  );

  app.post(
    "/payments/:id/balance-intent",
    {
      onRequest: app.authenticate,
      config: { ...limit, idempotent: true },
      schema: {
        summary: "Open a card payment for what an invoice on account, or a changed card order, still owes",
        description:
          "For the order's buyer, or an owner or buyer of its company (a requester: 403 on their own order, 404 " +
          "on another's). The amount is the invoice's balance as the ledger keeps it, never one the browser " +
          "sends; the answer says it in dollars. A card order changed to cost more than was paid (`partially-paid`) " +
          "pays its difference here the same way, as the order keeps what was paid, and is paid again once it " +
          "settles. 409 for any other card order, an order on account not shipped yet (it " +
          "has no invoice), a cancelled or refunded one, and an invoice with nothing left to pay. The client " +
          "secret goes to the card form as a card order's does (POST /api/payments/test/confirm, or Stripe " +
          "Elements then POST /api/payments/{id}/reconcile); once authorized, the payment lowers the balance in " +
          "the company's ledger (a `card-payment` entry) and takes no stock.",
        tags: ["Payments"],
        security: requires("accessToken"),
        params: orderIdParams,
        response: {
          200: jsonAnswer("The payment is open, for this amount.", balanceIntentResponseSchema),
          ...errorAnswers(400, 401, 403, 404, 409, 429, 502),
        },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const order = await callersOrder(app, caller, request.params.id);
      const opened = await openBalancePayment(payments, request.log, order, caller.email);
      if (!opened.ok) throw unreachable(request.log, opened);
      if ("refused" in opened.value) throw new HttpError(409, opened.value.refused);
      if ("paid" in opened.value) throw new HttpError(409, ALREADY_PAID);
      return opened.value;
    },
  );

  /** The payment page's reconcile for an order on account, said in the wire (pay-balance.ts). */
  async function reconciledBalance(order: OrderRow, log: FastifyBaseLogger) {
    const reconciled = await reconcileBalancePayment(payments, log, order);
    if (!reconciled.ok) throw unreachable(log, reconciled);
    const answer = reconciled.value;
    if ("paid" in answer) return { status: "succeeded" as const, transactionId: answer.paid };
    if ("refused" in answer) throw new HttpError(409, answer.refused);
    throw answer.unpaid ? refusal(answer.unpaid) : new HttpError(409, NOT_COMPLETE);
  }

  const { confirmCard } = provider;
  if (confirmCard) {
    app.post(
      "/payments/test/confirm",
      {
        onRequest: app.authenticate,
        config: { ...limit, idempotent: true },
        schema: {
          summary: "Pay with a test card (only when the built-in test provider takes the payments)",
          description:
            "No money moves. Stripe's test cards: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined (402).",
          tags: ["Payments"],
          security: requires("accessToken"),
          body: testCardConfirmationSchema,
          response: {
            200: jsonAnswer("The order is paid.", paymentResultSchema),
            ...errorAnswers(400, 401, 402, 404, 409, 413, 415, 429, 502),
          },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        const intent = await intentWithSecret(app.db, provider.name, request.body.clientSecret);
        if (!intent) throw new HttpError(404, "No such payment.");
        const order = await callersPayableOrder(app, caller, intent.orderId);
        if (intent.status !== "open") throw new HttpError(409, CANCELED);
        const card = { number: request.body.cardNumber, expiry: request.body.expiry, cvc: request.body.cvc };
        const confirmed = await confirmCard(intent, card);
        if (!confirmed.ok) throw new HttpError(402, confirmed.message, [{ field: "card", message: confirmed.message }]);
        const settled = await settleIntent(payments, request.log, intent, confirmed.value, order);
        if (!settled.ok) throw unreachable(request.log, settled);
        if (settled.value === "paid") return { status: "succeeded" as const, transactionId: intent.id };
        throw settled.value === "already-paid" || settled.value === "paid-by-another"
          ? new HttpError(409, ALREADY_PAID)
          : refusal(settled.value);
      },
    );
  }

  const { readWebhook } = provider;
  if (readWebhook) {
    await app.register(async (webhook) => {
      // The signature covers the exact bytes the provider sent, so this route keeps the body unparsed.
      webhook.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) =>
        done(null, body),
      );
      webhook.post(`/payments/${provider.name}/webhook`, { schema: WEBHOOK_SCHEMA }, async (request, reply) => {
        const read = readWebhook(request.body as string, request.headers);
        if (!read.ok) throw new HttpError(400, read.message);
        const intentId = read.value;
        if (intentId) {
          const row = await findIntent(app.db, provider.name, intentId);
          if (!row) request.log.warn({ intentId }, "a webhook about an intent this shop did not create: ignored");
          else {
            const settled = await settleFromProvider(payments, request.log, row);
            // Any answer but a 2xx makes the provider deliver the event again later.
            if (!settled.ok) throw unreachable(request.log, settled);
          }
        }
        return reply.send({ received: true });
      });
    });
  }
};
