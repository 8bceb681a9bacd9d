import { formatPrice } from "@forgeline/contract";
import { DataTable } from "../../components/data-table";
import { Link } from "../../components/link";
import { ListPage } from "../../components/list-page";
import { OrderRowHeading } from "../../components/order-row-heading";
import { OrderStatusBadge } from "../../components/order-status-badge";
import { promotionLabel } from "../../components/priced-order";
import { endsSignIn, SignOutToLogin } from "../../components/sign-out-to-login";
import { paths } from "../../config/paths";
import type { PageOrder } from "../../lib/order";
import { useMyOrders } from "./api/get-orders";
import { OrderActions } from "./order-actions";

export default function MyOrdersPage() {
  const orders = useMyOrders();
  if (endsSignIn(orders.error)) return <SignOutToLogin />;
  return (
    <ListPage
      id="orders-heading"
      title="My Orders"
      query={orders}
      what="orders"
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
            { label: "Order" },
            { label: "Quantity", numeric: true },
            { label: "Total", numeric: true },
            { label: "Status" },
            { label: "Action" },
          ]}
        >
          {list.map((order) => (
            <tr key={order._id}>
              <OrderRowHeading order={order} />
              <td className="text-right">{order.quantity}</td>
              <td className="text-right">
                {formatPrice(order.total)}
                <TotalNotes order={order} />
              </td>
              <td>
                <OrderStatusBadge order={order} />
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
    </ListPage>
  );
}

/** Under a total in the list: the promotion and its discount, the tax, the PO number, when there are any. */
function TotalNotes({ order }: { order: PageOrder }) {
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
