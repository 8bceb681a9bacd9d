import type { OrderStatus } from "@forgeline/contract";
import { downloadAuthed } from "../../../lib/api-authed";
import { adminApi } from "../../../lib/api-routes/admin";
import { filterParams } from "../order-list-state";

/** GET /api/admin/orders.csv (admins) for what the list shows (its status and search, every page). */
export function downloadOrdersCsv(filter: { status: OrderStatus | undefined; q: string }) {
  return downloadAuthed(adminApi.ordersCsv(filterParams(filter)), "orders.csv");
}
