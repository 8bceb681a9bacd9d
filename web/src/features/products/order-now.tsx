import { BULK_ORDER_MESSAGES } from "@forgeline/contract";
import { Link } from "../../components/link";
import { paths } from "../../config/paths";

/**
 * Order Now, as the card and the product page show it: to the order modal (/orderdetails) with the pieces
 * picked beside it, while the stock covers the smallest order the tool's rule allows; below that off, with
 * the reason beside it. `orderable`: the stock covers the smallest order; `stockId` names the element that shows
 * the stock.
 */
export function OrderNow({
  productId,
  orderable,
  stockId,
  quantity,
}: {
  productId: string;
  orderable: boolean;
  stockId: string;
  quantity: number | undefined;
}) {
  if (orderable) {
    return (
      <Link to={paths.orderDetails(productId, quantity)} className="btn btn-primary w-full" aria-describedby={stockId}>
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
