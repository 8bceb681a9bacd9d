import type { Cart, ShippingPreference } from "@forgeline/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { DeliveryFields, useDeliveryForm } from "../../components/delivery-fields";
import { PaymentChoice, usePaymentChoice } from "../../components/payment-choice";
import { RefusalBeside } from "../../components/refusal-beside";
import { shipsNowText } from "../../lib/backorder-words";
import { companyCreditQuery } from "../../lib/company";
import { useNavigate } from "../../lib/router";
import { errorMessage, notify } from "../../lib/toast";
import { changedCart, useCheckout } from "./api/checkout";
import { ShippingChoice } from "./shipping-choice";

/**
 * The checkout (docs/SELLING-TO-BUSINESSES.md, 'Cart and checkout' and 'Companies'): where the order goes
 * (components/delivery-fields.tsx: phone, delivery address or one of the company's, PO number), how to pay when the
 * company buys on account (components/payment-choice.tsx), and "Place order" with the total the buyer sees. A price or
 * promotion that changed meanwhile is a 409 with the new cart: the page shows it and says so beside "Place order",
 * and nothing is placed; so is a refusal of the invoice (no terms, over the credit, on hold). A placed card order
 * goes to its payment page; one on account, or one that waits for an owner's approval, to its own page.
 */
export function CheckoutForm({ cart }: { cart: Cart }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const checkout = useCheckout();
  const delivery = useDeliveryForm();
  const payment = usePaymentChoice();
  const { form } = delivery;
  const [refusal, setRefusal] = useState<{ message: string } | null>(null);
  const [shipping, setShipping] = useState<ShippingPreference>("as-available");
  const waits = cart.lines.some((line) => shipsNowText(line.quantity, line.stock, line.backorders) !== undefined);

  const submit = form.handleSubmit(async (values) => {
    setRefusal(null);
    try {
      const placed = await checkout.mutateAsync({
        ...values,
        ...payment.body,
        expectedTotal: cart.total,
        ...(waits && { shipping }),
      });
      const { message, to } = payment.next(placed, "Your order is placed");
      notify("success", message);
      navigate(to);
    } catch (error) {
      if (delivery.showRefusal(error)) return;
      // A refusal on account may come of credit used meanwhile: the choice shows the credit as it is now.
      if (payment.company) void queryClient.invalidateQueries(companyCreditQuery(payment.company._id));
      const message = errorMessage(error);
      // Every refusal brings the cart as priced now; only one whose total moved asks the buyer to look again.
      const moved = (changedCart(error)?.total ?? cart.total) !== cart.total;
      setRefusal({ message: moved ? `${message} Check the new total and place the order again.` : message });
    }
  });

  return (
    <form noValidate aria-labelledby="checkout-heading" className="flex flex-col gap-3" onSubmit={submit}>
      <h2 id="checkout-heading" className="text-xl font-bold">
        Checkout
      </h2>
      <DeliveryFields delivery={delivery} />
      <PaymentChoice choice={payment} total={cart.total} />
      {waits && <ShippingChoice value={shipping} onChange={setShipping} />}
      <RefusalBeside refusal={refusal} message={refusal?.message ?? ""} />
      <button type="submit" className="btn btn-primary" disabled={form.isSubmitting || checkout.isPending}>
        Place order
      </button>
    </form>
  );
}
