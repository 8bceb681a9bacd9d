import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiAuthed } from "../../../lib/api-authed";
import { companyApi } from "../../../lib/api-routes/company";
import { companyQueryKey } from "../../../lib/company";
import { orderFromWire } from "../../../lib/order";
import { ordersQueryKey } from "../../../lib/query-keys";

/** GET /api/companies/{id}/orders (members): every member's order, former members' too, newest first. */
export const companyOrdersQuery = (companyId: string | undefined) =>
  queryOptions({
    queryKey: [...ordersQueryKey, "company", companyId],
    enabled: Boolean(companyId),
    retry: false,
    queryFn: async () => (await apiAuthed(companyApi.companyOrders(companyId ?? ""))).map(orderFromWire),
  });

export function useCompanyOrders(companyId: string | undefined) {
  return useQuery(companyOrdersQuery(companyId));
}

/**
 * POST /api/companies/{id}/orders/{orderId}/approve (with an optional `{ note }`), or …/reject with
 * `{ note }` (owners, never on their own order): the order becomes unpaid, or cancelled with the note; its buyer is mailed either way. The
 * company's orders (and the members' spend) are fetched again.
 */
export function useDecide(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, step, note }: { orderId: string; step: "approve" | "reject"; note?: string }) =>
      apiAuthed(
        companyApi.decideOrder(companyId, orderId, step),
        // Approving takes an optional note (left out when empty); rejecting needs one (the server says so).
        step === "reject" || note ? { note } : undefined,
      ),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
        queryClient.invalidateQueries({ queryKey: companyQueryKey }),
      ]),
  });
}
