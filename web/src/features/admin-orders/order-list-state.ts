import { ADMIN_ORDER_FILTERS, type AdminOrderFilter, PAGE_SIZE } from "@forgeline/contract";
import { requestedPage } from "../../components/pager";
import { paths } from "../../config/paths";

export const ADMIN_ORDERS_PAGE_SIZE = PAGE_SIZE.default;

/** What the admin order list shows: one status, the orders to ship, or all; a search; a page (from 1). */
export interface OrderListState {
  status: AdminOrderFilter | undefined;
  q: string;
  page: number;
}

const isFilter = (value: string | null): value is AdminOrderFilter =>
  (ADMIN_ORDER_FILTERS as readonly (string | null)[]).includes(value);

/** The list's state from the address (`?status=&q=&page=`), so a reload or a shared link shows the same list. */
export function readOrderListState(searchParams: URLSearchParams): OrderListState {
  const status = searchParams.get("status");
  return {
    status: isFilter(status) ? status : undefined,
    q: searchParams.get("q")?.trim() ?? "",
    page: requestedPage(searchParams),
  };
}

/** The list's filter as search parameters (the address, the API call and the export share it); none by default. */
export function filterParams({ status, q }: Pick<OrderListState, "status" | "q">): URLSearchParams {
  const params = new URLSearchParams();
  if (status) params.set("status", status);
  if (q) params.set("q", q);
  return params;
}

/** The address of a list state; what is the default (all statuses, no search, page 1) is left out. */
export function orderListAddress(state: OrderListState): string {
  const params = filterParams(state);
  if (state.page > 1) params.set("page", String(state.page));
  const search = params.toString();
  return search ? `${paths.adminOrders}?${search}` : paths.adminOrders;
}

/** The API call's parameters for a list state: the same filter, and the page as `limit`/`offset`. */
export function orderListQuery(state: OrderListState): URLSearchParams {
  const params = filterParams(state);
  params.set("limit", String(ADMIN_ORDERS_PAGE_SIZE));
  params.set("offset", String((state.page - 1) * ADMIN_ORDERS_PAGE_SIZE));
  return params;
}
