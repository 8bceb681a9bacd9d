import { useId } from "react";
import { Link } from "../../components/link";
import { QueryState } from "../../components/query-state";
import { paths } from "../../config/paths";
import { dateTimeText } from "../../lib/date-text";
import { useSearchParams } from "../../lib/router";
import { usePickList, useWarehouses } from "./api/warehouses";

/**
 * /dashboard/pick-list (admins): "To ship" per warehouse (docs/STOCK.md, 'Shipments'): the orders ready to ship, the
 * oldest first, with the pieces of each line to pick from the chosen warehouse, as cards that read on a phone.
 */
export default function PickListPage() {
  const warehouses = useWarehouses();
  const [params, setParams] = useSearchParams();
  const chosen = params.get("warehouse") ?? warehouses.data?.[0]?._id;
  const list = usePickList(chosen);
  const selectId = useId();

  return (
    <section aria-labelledby="pick-list-heading" className="flex max-w-3xl flex-col gap-6">
      <h1 id="pick-list-heading" className="text-2xl font-bold sm:text-3xl">
        To ship: pick list
      </h1>
      <div>
        <label htmlFor={selectId} className="mb-1 block text-sm font-medium">
          Warehouse
        </label>
        <select
          id={selectId}
          value={chosen ?? ""}
          onChange={(event) => setParams({ warehouse: event.target.value })}
          className="min-h-10 w-full max-w-sm rounded-field border border-base-content/60 bg-base-100 px-2"
        >
          {(warehouses.data ?? []).map((warehouse) => (
            <option key={warehouse._id} value={warehouse._id}>
              {warehouse.name} ({warehouse.code})
            </option>
          ))}
        </select>
      </div>
      <QueryState
        query={list}
        what="pick list"
        isEmpty={(answer) => answer.orders.length === 0}
        empty="Nothing to pick here: no order ready to ship holds stock in this warehouse."
      >
        {(answer) => (
          <ol className="flex flex-col gap-3">
            {answer.orders.map((order) => (
              <li key={order._id} className="rounded-box border border-base-300 p-4">
                <h2 className="font-semibold">
                  <Link className="link link-primary" to={`${paths.adminOrders}/${order._id}`}>
                    Order {order.number}
                  </Link>{" "}
                  <span className="font-normal">
                    {order.company ?? order.customer}, placed {dateTimeText(order.placedAt)}
                    {order.fulfilmentStatus === "partially-shipped" ? " (shipped in part)" : ""}
                  </span>
                </h2>
                <ul className="mt-2">
                  {order.lines.map((line) => (
                    <li key={line.position}>
                      Pick {line.quantity} × {line.name}{" "}
                      <span className="whitespace-nowrap font-mono text-sm">{line.sku}</span>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        )}
      </QueryState>
    </section>
  );
}
