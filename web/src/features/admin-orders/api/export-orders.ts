import type { OrderStatus } from "@forgeline/contract";
import { downloadAuthed } from "../../../lib/api-authed";

/** GET /api/admin/orders.csv (admins) for what the list shows (its status and search, every page). */
export function downloadOrdersCsv(filter: { status: OrderStatus | undefined; q: string }) {
  const query = new URLSearchParams();
  if (filter.status) query.set("status", filter.status);
  if (filter.q) query.set("q", filter.q);
  return downloadAuthed(`/api/admin/orders.csv${query.size > 0 ? `?${query}` : ""}`, "orders.csv");
}
