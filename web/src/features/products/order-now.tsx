import { BULK_ORDER_MESSAGES } from "@forgeline/contract";
import { useState } from "react";
import { Link } from "../../components/link";
import { paths } from "../../config/paths";
import { useLocation } from "../../lib/router";

/**
 * Order Now, as the card and the product page show it: to the order modal (/orderdetails) with the pieces
 * picked beside it, while the stock covers the smallest order the tool's rule allows; below that off, with
 * the reason beside it. `orderable`: the stock covers the smallest order; `stockId` names the element that shows
 * the stock. The modal's code loads with the click (its route's chunk), and the router keeps this page until it has
 * come: meanwhile the button turns busy with a spinner, so a slow connection does not leave the click unanswered.
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
  // The address the click was made at: busy until the router moves on (a new address ends it by itself).
  const { key } = useLocation();
  const [clickedAt, setClickedAt] = useState<string | null>(null);
  const opening = clickedAt === key;
  if (orderable) {
    return (
      <Link
        to={paths.orderDetails(productId, quantity)}
        className="btn btn-primary w-full"
        aria-describedby={stockId}
        aria-busy={opening || undefined}
        onClick={(event) => {
          // A click the router takes (not one that opens a new tab or window).
          if (event.button === 0 && !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)) {
            setClickedAt(key);
          }
        }}
      >
        {opening && (
          <span
            className="size-5 animate-spin rounded-full border-4 border-primary/25 border-t-primary"
            aria-hidden="true"
          />
        )}
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
