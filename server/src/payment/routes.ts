import {
  centsToDollars,
  formatPrice,
  paymentIntentBodySchema,
  paymentIntentResponseSchema,
  paymentResultSchema,
  testCardConfirmationSchema,
} from "@forgeline/contract";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type Stripe from "stripe";
import { orders, paymentIntents, products } from "../db/schema.js";
import { callerOf } from "../http/auth-guard.js";
import { HttpError } from "../http/errors.js";
import { markOrderPaid } from "./mark-paid.js";
import type { PaymentProvider } from "./providers.js";
import { testCardProblem } from "./test-cards.js";

const OUT_OF_STOCK = "There is no longer enough stock for this order. Nothing was charged.";

async function callersUnpaidOrder(app: FastifyInstance, email: string, orderId: string) {
  const [order] = await app.db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userEmail, email)));
  if (!order) throw new HttpError(404, "No such order.");
  if (order.paid) throw new HttpError(409, "This order is already paid.");
  return order;
}

export const paymentRoutes: FastifyPluginAsyncZod<{ provider: PaymentProvider; stripe?: Stripe }> = async (
  app,
  options,
) => {
  // A paid order takes stock, which the cached catalogue pages show.
  const payOrder = async (orderId: string, transactionId: string) => {
    const result = await markOrderPaid(app.db, orderId, transactionId);
    if (result === "paid") app.pageCaches.products.clear();
    return result;
  };

  const { provider } = options;

  app.post(
    "/create-payment-intent",
    {
      preHandler: app.authenticate,
      config: { rateLimit: { max: 120, timeWindow: "1 minute" } },
      schema: { body: paymentIntentBodySchema, response: { 200: paymentIntentResponseSchema } },
    },
    async (request) => {
      const caller = callerOf(request);
      const order = await callersUnpaidOrder(app, caller.email, request.body.orderId);
      if (Math.round(request.body.price * 100) !== order.totalCents) {
        const message = `The amount does not match this order's total of ${formatPrice(centsToDollars(order.totalCents))}.`;
        throw new HttpError(400, message, [{ field: "price", message }]);
      }
      const [product] = await app.db
        .select({ quantity: products.quantity })
        .from(products)
        .where(eq(products.id, order.productId));
      if (!product || product.quantity < order.quantity) throw new HttpError(409, OUT_OF_STOCK);
      const intent = await provider.createIntent({ id: order.id, amountCents: order.totalCents, email: caller.email });
      await app.db.insert(paymentIntents).values({
        id: intent.id,
        provider: provider.name,
        orderId: order.id,
        amountCents: order.totalCents,
        clientSecret: intent.clientSecret,
      });
      return { clientSecret: intent.clientSecret };
    },
  );

  if (provider.name === "test") {
    app.post(
      "/payments/test/confirm",
      {
        preHandler: app.authenticate,
        config: { rateLimit: { max: 120, timeWindow: "1 minute" } },
        schema: { body: testCardConfirmationSchema, response: { 200: paymentResultSchema } },
      },
      async (request) => {
        const caller = callerOf(request);
        const [intent] = await app.db
          .select()
          .from(paymentIntents)
          .where(eq(paymentIntents.clientSecret, request.body.clientSecret));
        if (intent?.provider !== "test") throw new HttpError(404, "No such payment.");
        await callersUnpaidOrder(app, caller.email, intent.orderId);
        const problem = testCardProblem({
          number: request.body.cardNumber,
          expiry: request.body.expiry,
          cvc: request.body.cvc,
        });
        if (problem) throw new HttpError(402, problem, [{ field: "card", message: problem }]);
        const result = await payOrder(intent.orderId, intent.id);
        if (result === "out-of-stock") throw new HttpError(409, OUT_OF_STOCK);
        if (result === "already-paid") throw new HttpError(409, "This order is already paid.");
        await app.db.update(paymentIntents).set({ status: "succeeded" }).where(eq(paymentIntents.id, intent.id));
        return { status: "succeeded" as const, transactionId: intent.id };
      },
    );
  }

  const stripe = options.stripe;
  const webhookSecret = app.config.stripe?.webhookSecret;
  if (stripe && webhookSecret) {
    await app.register(async (webhook) => {
      // The signature covers the exact bytes Stripe sent, so this route keeps the body unparsed.
      webhook.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) =>
        done(null, body),
      );
      webhook.post("/payments/stripe/webhook", async (request, reply) => {
        let event: Stripe.Event;
        try {
          event = stripe.webhooks.constructEvent(
            request.body as string,
            String(request.headers["stripe-signature"] ?? ""),
            webhookSecret,
          );
        } catch {
          throw new HttpError(400, "The webhook signature is not valid.");
        }
        if (event.type === "payment_intent.succeeded") {
          const intent = event.data.object;
          const [known] = await app.db.select().from(paymentIntents).where(eq(paymentIntents.id, intent.id));
          if (known && known.amountCents === intent.amount_received) {
            const result = await payOrder(known.orderId, intent.id);
            if (result === "out-of-stock") {
              request.log.error(
                { orderId: known.orderId, intent: intent.id },
                "paid by Stripe but out of stock: refund it",
              );
            }
            await app.db.update(paymentIntents).set({ status: "succeeded" }).where(eq(paymentIntents.id, intent.id));
          } else {
            request.log.warn(
              { intent: intent.id },
              "payment_intent.succeeded for an unknown intent or a different amount",
            );
          }
        }
        return reply.send({ received: true });
      });
    });
  }
};
