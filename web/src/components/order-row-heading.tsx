import { paths } from "../config/paths";
import type { Order } from "../lib/order";
import { Link } from "./link";
import { LinesInBrief } from "./priced-order";

/** An order's row heading in a buyer's list: its first tool, a link to the order's page, over its lines. */
export function OrderRowHeading({ order }: { order: Pick<Order, "_id" | "productName" | "lines"> }) {
  return (
    <th scope="row" className="font-medium">
      <Link className="link" to={paths.myOrder(order._id)}>
        {order.productName}
      </Link>
      <LinesInBrief lines={order.lines} />
    </th>
  );
}
