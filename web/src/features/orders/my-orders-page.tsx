import { formatPrice } from "@forgeline/contract";
import { Link } from "react-router";
import { DataTable } from "../../components/data-table";
import { QueryState } from "../../components/query-state";
import { endsSignIn, SignOutToLogin } from "../../components/sign-out-to-login";
import { paths } from "../../config/paths";
import { useMyOrders } from "./api/get-orders";

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
              { label: "Payment" },
            ]}
          >
            {list.map((order) => (
              <tr key={order._id}>
                <th scope="row" className="font-medium">
                  {order.productName}
                </th>
                <td className="text-right">{order.quantity}</td>
                <td className="text-right">{formatPrice(order.total)}</td>
                <td>
                  {order.paid ? (
                    <span>
                      <span className="badge badge-success">Paid</span>{" "}
                      <span className="text-xs text-base-content/80">{order.transactionId}</span>
                    </span>
                  ) : (
                    <Link className="btn btn-primary btn-sm" to={paths.payment(order._id)}>
                      Pay<span className="sr-only"> for {order.productName}</span>
                    </Link>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </QueryState>
    </section>
  );
}
