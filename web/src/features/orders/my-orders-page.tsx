import { formatPrice } from "@forgeline/contract";
import { DataTable } from "../../components/data-table";
import { Link } from "../../components/link";
import { OrderStatusBadge } from "../../components/order-status-badge";
import { LinesInBrief, promotionLabel } from "../../components/priced-order";
import { QueryState } from "../../components/query-state";
import { endsSignIn, SignOutToLogin } from "../../components/sign-out-to-login";
import { paths } from "../../config/paths";
import type { Order } from "../../lib/order";
import { useMyOrders } from "./api/get-orders";
import { OrderActions } from "./order-actions";

export default function MyOrdersPage() {
  const orders = useMyOrders();
  if (endsSignIn(orders.error)) return <SignOutToLogin />;
  return (
    <section aria-labelledby="orders-heading">
      <h1 id="orders-heading" className="mb-4 text-2xl font-bold sm:text-3xl">
        My Orders
      </h1>
      <QueryState
        query={orders}
        what="orders"
        isEmpty={(list) => list.length === 0}
        empty={
          <>
            You have no orders yet.{" "}
            <Link className="link link-primary" to={paths.availableProducts}>
              Browse the tools
            </Link>
          </>
        }
      >
        {(list) => (
          <DataTable
            columns={[
              { label: "Product" },
              { label: "Quantity", numeric: true },
              { label: "Total", numeric: true },
              { label: "Status" },
              { label: "Action" },
            ]}
          >
            {list.map((order) => (
              <tr key={order._id}>
                <th scope="row" className="font-medium">
                  <Link className="link" to={paths.myOrder(order._id)}>
                    {order.productName}
                  </Link>
                  <LinesInBrief lines={order.lines} />
                </th>
                <td className="text-right">{order.quantity}</td>
                <td className="text-right">
                  {formatPrice(order.total)}
                  <TotalNotes order={order} />
                </td>
                <td>
                  <OrderStatusBadge status={order.status} />
                  {order.transactionId && (
                    <span className="block text-xs text-base-content/80">{order.transactionId}</span>
                  )}
                </td>
                <td>
                  <OrderActions order={order} />
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </QueryState>
    </section>
  );
}

/** Under a total in the list: the promotion and its discount, the tax, the PO number, when there are any. */
function TotalNotes({ order }: { order: Order }) {
  const notes = [
    order.promotion ? `${promotionLabel(order.promotion)}: −${formatPrice(order.discount)}` : null,
    order.taxRate > 0 ? `Tax (${order.taxRate}%): ${formatPrice(order.tax)}` : null,
    order.poNumber ? `PO ${order.poNumber}` : null,
  ].filter((note) => note !== null);
  if (notes.length === 0) return null;
  return (
    <span className="block text-xs font-normal text-base-content/80">
      {notes.map((note) => (
        <span key={note} className="block">
          {note}
        </span>
      ))}
    </span>
  );
}
