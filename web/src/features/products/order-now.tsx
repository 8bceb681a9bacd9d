import { BULK_ORDER_MESSAGES, canOrder, type Product } from "@forgeline/contract";
import { Link } from "../../components/link";
import { paths } from "../../config/paths";
import { ruleOf } from "./selling-terms";

/**
 * Order Now, as the card and the product page show it: to the order modal (/orderdetails) with the pieces
 * picked beside it, while the stock covers the smallest order the tool's rule allows; below that off, with
 * the reason beside it. `stockId` names the element that shows the stock.
 */
export function OrderNow({ product, stockId, quantity }: { product: Product; stockId: string; quantity?: number }) {
  if (canOrder(product.quantity, ruleOf(product))) {
    return (
      <Link
        to={paths.orderDetails(product._id, quantity)}
        className="btn btn-primary w-full"
        aria-describedby={stockId}
      >
        Order Now
      </Link>
    );
  }
  return (
    <>
      <p className="text-sm font-medium text-error" role="note">
        {BULK_ORDER_MESSAGES.lowStock}
      </p>
      <button type="button" className="btn btn-primary w-full" disabled aria-describedby={stockId}>
        Order Now
      </button>
    </>
  );
}
