import { createHash, randomBytes } from "node:crypto";
import { failed, type IntentRef, type IntentState, ok, type PaymentProvider } from "./providers.js";
import { testCardProblem } from "./test-cards.js";

const token = (bytes: number) => randomBytes(bytes).toString("hex");
const as = (intent: IntentRef, state: IntentState) => ok({ ...intent, state });

/**
 * The built-in provider: no network, no money. It keeps no state of its own; the shop's payment_intents
 * row is the whole intent, so an intent the shop has not settled is still waiting for its card.
 */
export function testPaymentProvider(): PaymentProvider {
  return {
    name: "test",
    // Nothing is charged, so a second intent for the same key costs nothing: the key is not needed here.
    async createIntent(order) {
      const id = `pi_test_${token(12)}`;
      return ok({ id, clientSecret: `${id}_secret_${token(16)}`, amountCents: order.amountCents, state: "open" });
    },
    async retrieveIntent(intent) {
      return as(intent, "open");
    },
    async confirmCard(intent, card) {
      const problem = testCardProblem(card);
      return problem ? failed(problem) : as(intent, "capturable");
    },
    async captureIntent(intent) {
      return as(intent, "succeeded");
    },
    async cancelIntent(intent) {
      return as(intent, "canceled");
    },
    async refund(intent, amountCents, idempotencyKey) {
      if (!Number.isInteger(amountCents) || amountCents <= 0 || amountCents > intent.amountCents) {
        return failed(`A refund must be between 1 and ${intent.amountCents} cents.`);
      }
      // Named by its idempotency key, as Stripe answers a repeated key with the same refund.
      const id = createHash("sha256").update(`${intent.id}:${idempotencyKey}`).digest("hex").slice(0, 24);
      return ok({ refundId: `re_test_${id}` });
    },
  };
}
