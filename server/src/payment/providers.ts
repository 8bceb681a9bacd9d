import type { IncomingHttpHeaders } from "node:http";
import type { TestCard } from "./test-cards.js";

/** A provider's answer: what was asked for, or why not (Medusa style: failures are values, not throws). */
export type Outcome<T> = { ok: true; value: T } | { ok: false; message: string };

export const ok = <T>(value: T): Outcome<T> => ({ ok: true, value });
export const failed = (message: string): { ok: false; message: string } => ({ ok: false, message });

/**
 * Where an intent stands: `open` waits for the customer (card not given, declined, or needing 3-D Secure),
 * `capturable` is authorized and waits for the shop to capture it, `succeeded` took the money, `canceled`
 * took nothing.
 */
export type IntentState = "open" | "capturable" | "succeeded" | "canceled";

export interface ProviderIntent {
  id: string;
  clientSecret: string;
  amountCents: number;
  state: IntentState;
}

/** What the shop keeps of an intent (a payment_intents row): enough for any provider to act on it. */
export type IntentRef = Pick<ProviderIntent, "id" | "clientSecret" | "amountCents">;

/**
 * A card payment provider. The shop creates one intent per order, lets the customer confirm it, and
 * captures it only once the order is marked paid (so an order that can no longer be served is canceled
 * before any money moves). `test` needs no network; `stripe` uses PaymentIntents with manual capture.
 */
export interface PaymentProvider {
  readonly name: "test" | "stripe";
  /** The same idempotency key answers the same intent, so a retried or doubled call creates one. */
  createIntent(order: {
    orderId: string;
    amountCents: number;
    email: string;
    idempotencyKey: string;
  }): Promise<Outcome<ProviderIntent>>;
  /** The intent as the provider knows it now (a webhook may be late, or never come). */
  retrieveIntent(intent: IntentRef): Promise<Outcome<ProviderIntent>>;
  /** Takes the authorized money; capturing an intent already captured is no failure. */
  captureIntent(intent: IntentRef): Promise<Outcome<ProviderIntent>>;
  /** Releases an intent that took no money yet; canceling one already canceled is no failure. */
  cancelIntent(intent: IntentRef): Promise<Outcome<ProviderIntent>>;
  /**
   * Gives money back. The same idempotency key answers the same refund, so a refund retried after the
   * shop failed to record it (or called twice at once) gives the money back once.
   */
  refund(intent: IntentRef, amountCents: number, idempotencyKey: string): Promise<Outcome<{ refundId: string }>>;
  /** Confirmation with the card on the server: the test provider only (Stripe.js confirms in the browser). */
  confirmCard?(intent: IntentRef, card: TestCard): Promise<Outcome<ProviderIntent>>;
  /** Reads a signed webhook delivery: the id of the intent it is about, or null for an event of no interest. */
  readWebhook?(rawBody: string, headers: IncomingHttpHeaders): Outcome<string | null>;
}
