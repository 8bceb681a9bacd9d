import type { ReactNode } from "react";
import { NotFound } from "../../components/not-found";
import { endsSignIn, SignOutToLogin } from "../../components/sign-out-to-login";
import { Spinner } from "../../components/spinner";
import { ApiError } from "../../lib/api-client";
import type { PageOrder } from "../../lib/order";
import { useOrder } from "./api/get-order";

/**
 * One of the caller's orders, loaded by id, for the pages that show it (its own page, the payment page).
 * Another customer's order and no order at all are answered alike by the server, and so here: the 404 page.
 */
export function CallerOrder({ id, children }: { id: string; children: (order: PageOrder) => ReactNode }) {
  const order = useOrder(id);
  if (order.isPending) return <Spinner label="Loading the order" />;
  if (order.isError) {
    if (endsSignIn(order.error)) return <SignOutToLogin />;
    if (order.error instanceof ApiError && (order.error.status === 404 || order.error.status === 400))
      return <NotFound />;
    return (
      <p role="alert" className="alert alert-error alert-soft">
        We could not load this order: {order.error.message}
      </p>
    );
  }
  return children(order.data);
}
