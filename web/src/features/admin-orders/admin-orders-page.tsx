import { ADMIN_ORDER_LIMITS, type AdminOrderFilter, formatPrice, ORDER_STATUSES, TO_SHIP } from "@forgeline/contract";
import { type FormEvent, useId } from "react";
import { DataTable } from "../../components/data-table";
import { DownloadButton } from "../../components/download-button";
import { Link } from "../../components/link";
import { ORDER_STATUS_LABELS, OrderStatusBadge } from "../../components/order-status-badge";
import { Pager, pageCountOf } from "../../components/pager";
import { LinesInBrief } from "../../components/priced-order";
import { QueryState } from "../../components/query-state";
import { paths } from "../../config/paths";
import { dateTimeText } from "../../lib/date-text";
import { useNavigate, useSearchParams } from "../../lib/router";
import { downloadOrdersCsv } from "./api/export-orders";
import { useAdminOrders } from "./api/get-admin-orders";
import { useOrderCounts } from "./api/get-order-counts";
import { ADMIN_ORDERS_PAGE_SIZE, orderListAddress, readOrderListState } from "./order-list-state";

const TABS: { status: AdminOrderFilter | undefined; label: string }[] = [
  { status: undefined, label: "All" },
  // What the shop must ship now, whatever the payment: the overview's "Orders to ship" opens it.
  { status: TO_SHIP, label: "To ship" },
  ...ORDER_STATUSES.map((status) => ({ status, label: ORDER_STATUS_LABELS[status] })),
];

/** /dashboard/orders (admins): every order, newest first, by status tab and search, a page at a time. */
export default function AdminOrdersPage() {
  const [searchParams] = useSearchParams();
  const state = readOrderListState(searchParams);
  const navigate = useNavigate();
  const orders = useAdminOrders(state);
  const counts = useOrderCounts(state.q);
  const searchId = useId();

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get("q") ?? "").trim();
    void navigate(orderListAddress({ status: state.status, q, page: 1 }));
  }

  return (
    <section aria-labelledby="admin-orders-heading">
      <h1 id="admin-orders-heading" className="mb-4 text-2xl font-bold sm:text-3xl">
        Orders
      </h1>
      <nav aria-label="Order status" className="mb-4">
        <ul className="flex flex-wrap gap-2">
          {TABS.map((tab) => {
            const current = tab.status === state.status;
            const count = counts.data?.[tab.status ?? "all"];
            return (
              <li key={tab.label}>
                <Link
                  to={orderListAddress({ status: tab.status, q: state.q, page: 1 })}
                  aria-current={current ? "page" : undefined}
                  className={`btn btn-sm ${current ? "btn-primary" : "btn-ghost"}`}
                >
                  {tab.label}
                  {count !== undefined && ` (${count})`}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {/* Keyed by the search, so going back to another address shows that address's search text. */}
      <form key={state.q} aria-label="Search orders" className="mb-4 flex flex-wrap items-end gap-2" onSubmit={search}>
        <div className="grow">
          <label htmlFor={searchId} className="mb-1 block text-sm font-medium">
            Search by customer email, product or order number
          </label>
          <input
            id={searchId}
            name="q"
            type="search"
            className="input w-full"
            defaultValue={state.q}
            maxLength={ADMIN_ORDER_LIMITS.search}
          />
        </div>
        <button type="submit" className="btn btn-primary">
          Search
        </button>
        <DownloadButton download={() => downloadOrdersCsv(state)} failure="The export failed. Please try again.">
          Export CSV
        </DownloadButton>
      </form>
      <QueryState
        query={orders}
        what="orders"
        isEmpty={(data) => data.items.length === 0}
        empty={state.q ? `No orders match "${state.q}".` : "No orders here."}
      >
        {(data) => (
          <>
            <DataTable
              columns={[
                { label: "Order" },
                { label: "Customer" },
                { label: "Product" },
                { label: "Quantity", numeric: true },
                { label: "Total", numeric: true },
                { label: "Status" },
                { label: "Placed" },
              ]}
            >
              {data.items.map((order) => (
                <tr key={order._id}>
                  <th scope="row">
                    <Link className="link link-primary whitespace-nowrap font-mono" to={paths.adminOrder(order._id)}>
                      {order.number}
                    </Link>
                  </th>
                  <td className="break-all">{order.userEmail}</td>
                  <td>
                    {order.productName}
                    <LinesInBrief lines={order.lines} />
                    {order.poNumber && <span className="block text-xs">PO {order.poNumber}</span>}
                  </td>
                  <td className="text-right">{order.quantity}</td>
                  <td className="text-right">{formatPrice(order.total)}</td>
                  <td>
                    <OrderStatusBadge order={order} />
                  </td>
                  <td className="whitespace-nowrap">
                    <time dateTime={order.createdAt}>{dateTimeText(order.createdAt)}</time>
                  </td>
                </tr>
              ))}
            </DataTable>
            <Pager
              label="Order pages"
              page={state.page}
              pageCount={pageCountOf(data.total, ADMIN_ORDERS_PAGE_SIZE)}
              hrefFor={(page) => orderListAddress({ ...state, page })}
            />
          </>
        )}
      </QueryState>
    </section>
  );
}
