import { type Cart, MESSAGES } from "@forgeline/contract";
import { useNavigate } from "react-router";
import { DeliveryFields, useDeliveryForm } from "../../components/delivery-fields";
import { paths } from "../../config/paths";
import { errorMessage, notify } from "../../lib/toast";
import { changedCart, useCheckout } from "./api/checkout";

/**
 * The checkout (docs/SELLING-TO-BUSINESSES.md, 'Cart and checkout' and 'Companies'): where the order goes
 * (components/delivery-fields.tsx: phone, delivery address or one of the company's, PO number), and "Place order" with
 * the total the buyer sees. A price or promotion that changed meanwhile is a 409 with the new cart: the page shows it
 * and says so (`onRefused`), and nothing is placed. A placed order goes to its payment page, or, when it waits for an
 * owner's approval, to its own page.
 */
export function CheckoutForm({
  cart,
  onRefused,
}: {
  cart: Cart;
  /** The server's reason when it placed nothing (null again on the next try). */
  onRefused: (message: string | null) => void;
}) {
  const navigate = useNavigate();
  const checkout = useCheckout();
  const delivery = useDeliveryForm();
  const { form } = delivery;

  const submit = form.handleSubmit(async (values) => {
    onRefused(null);
    try {
      const placed = await checkout.mutateAsync({ ...values, expectedTotal: cart.total });
      const waits = placed.status === "awaiting-approval";
      notify("success", waits ? MESSAGES.orderAwaitsApproval : "Your order is placed");
      if (!placed.insertedId) navigate(paths.dashboard);
      else navigate(waits ? paths.myOrder(placed.insertedId) : paths.payment(placed.insertedId));
    } catch (error) {
      if (delivery.showRefusal(error)) return;
      const message = errorMessage(error);
      onRefused(changedCart(error) ? `${message} Check the new total and place the order again.` : message);
    }
  });

  return (
    <form noValidate aria-labelledby="checkout-heading" className="flex flex-col gap-3" onSubmit={submit}>
      <h2 id="checkout-heading" className="text-xl font-bold">
        Checkout
      </h2>
      <DeliveryFields delivery={delivery} />
      <button type="submit" className="btn btn-primary" disabled={form.isSubmitting || checkout.isPending}>
        Place order
      </button>
    </form>
  );
}
