import type { OrderStatus } from "@forgeline/contract";
import { apiAuthedBlob } from "../../../lib/api-authed";

/**
 * GET /api/admin/orders.csv (admins) for what the list shows (its status and search, every page), saved
 * as orders.csv. The call needs the bearer token, so the file comes through fetch, not a plain link.
 */
export async function downloadOrdersCsv(filter: { status: OrderStatus | undefined; q: string }) {
  const query = new URLSearchParams();
  if (filter.status) query.set("status", filter.status);
  if (filter.q) query.set("q", filter.q);
  const csv = await apiAuthedBlob(`/api/admin/orders.csv${query.size > 0 ? `?${query}` : ""}`);
  const link = document.createElement("a");
  link.href = URL.createObjectURL(csv);
  link.download = "orders.csv";
  link.click();
  URL.revokeObjectURL(link.href);
}
