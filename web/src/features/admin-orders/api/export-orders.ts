import { downloadAuthed } from "../../../lib/api-authed";
import { adminApi } from "../../../lib/api-routes/admin";
import { filterParams, type OrderListState } from "../order-list-state";

/** GET /api/admin/orders.csv (admins) for what the list shows (its filter and search, every page). */
export function downloadOrdersCsv(filter: Pick<OrderListState, "status" | "q">) {
  return downloadAuthed(adminApi.ordersCsv(filterParams(filter)), "orders.csv");
}
