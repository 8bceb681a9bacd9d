import { paths } from "../config/paths";
import type { PageOrder } from "../lib/order";
import { Link } from "./link";
import { LinesInBrief } from "./priced-order";

/** An order's row heading in a buyer's list: its number, a link to the order's page, over its tools. */
export function OrderRowHeading({ order }: { order: Pick<PageOrder, "_id" | "number" | "lines"> }) {
  return (
    <th scope="row" className="font-medium">
      <Link className="link whitespace-nowrap" to={paths.myOrder(order._id)}>
        {order.number}
      </Link>
      <LinesInBrief lines={order.lines} />
    </th>
  );
}
