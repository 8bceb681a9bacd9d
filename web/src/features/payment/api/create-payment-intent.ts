import { formatPrice } from "@forgeline/contract";
import { apiAuthedOnce } from "../../../lib/api-authed";
import { orderApi } from "../../../lib/api-routes/orders";
import { type OrderToPay, paysBalance } from "../order-to-pay";

/**
 * The card payment's client secret. A card order: POST /api/create-payment-intent, the server taking the amount
 * from the stored order, the total going along (as the spec's `price`) only to be checked against it. An order on
 * account: POST /api/payments/{id}/balance-intent, for what its invoice owes as the server's ledger says; when that
 * is no longer the balance the page showed on its button (a transfer or credit note came meanwhile), the card is not
 * charged: the customer is told the new amount, to pay it once the page shows it (decision 063). A card order changed
 * to cost more than was paid (`partially-paid`) pays its difference the same way (decision 076).
 */
export async function createPaymentIntent(order: OrderToPay): Promise<string> {
  if (paysBalance(order)) {
    const { clientSecret, amount } = await apiAuthedOnce(orderApi.balanceIntent(order._id));
    if (amount !== order.balance) {
      const what =
        order.paymentMethod === "invoice" ? `Invoice ${order.invoice?.number ?? ""}` : `Order ${order.number}`;
      throw new Error(`${what} now owes ${formatPrice(amount)}: reload the page to pay that.`);
    }
    return clientSecret;
  }
  const { clientSecret } = await apiAuthedOnce(orderApi.paymentIntent, { orderId: order._id, price: order.total });
  return clientSecret;
}
