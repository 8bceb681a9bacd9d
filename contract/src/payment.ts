import { z } from "zod";
import { maximumPrice, ORDER_TOTAL_MAX_CENTS } from "./limits.js";
import { centsToDollars } from "./money.js";

/** POST /api/create-payment-intent: the amount is the order's; a `price` that differs is refused. */
export const paymentIntentBodySchema = z.object({
  orderId: z.uuid({ error: "orderId must be an order id" }),
  price: z
    .number({ error: "price must be the order's total in dollars" })
    .positive({ error: "price must be positive" })
    .max(centsToDollars(ORDER_TOTAL_MAX_CENTS), { error: maximumPrice(ORDER_TOTAL_MAX_CENTS) }),
});

export const paymentIntentResponseSchema = z.object({ clientSecret: z.string() });

/**
 * POST /api/payments/{orderId}/balance-intent: the card payment of an invoice's balance. The server takes the
 * amount from the ledger, never from the browser; the answer says it, in dollars, for the card form.
 */
export const balanceIntentResponseSchema = z.object({ clientSecret: z.string(), amount: z.number() });

/** The test provider's confirmation, standing in for what Stripe.js sends to Stripe. */
export const testCardConfirmationSchema = z.object({
  clientSecret: z.string().min(1).max(200),
  cardNumber: z.string().min(1, { error: "Your card number is incomplete." }).max(30),
  expiry: z.string().min(1, { error: "Your card's expiration date is incomplete." }).max(10),
  cvc: z.string().min(1, { error: "Your card's security code is incomplete." }).max(6),
});

export const paymentResultSchema = z.object({ status: z.literal("succeeded"), transactionId: z.string() });

export type PaymentIntentBody = z.infer<typeof paymentIntentBodySchema>;
export type PaymentIntentResponse = z.infer<typeof paymentIntentResponseSchema>;
export type BalanceIntentResponse = z.infer<typeof balanceIntentResponseSchema>;
export type TestCardConfirmation = z.infer<typeof testCardConfirmationSchema>;
export type PaymentResult = z.infer<typeof paymentResultSchema>;
