import type { CreditNoteBody } from "@forgeline/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiAuthedOnce } from "../../../lib/api-authed";
import { adminApi } from "../../../lib/api-routes/admin";
import { orderFromWire } from "../../../lib/order";
import { ordersQueryKey, productsQueryKey } from "../../../lib/query-keys";
import { adminOrdersQueryKey } from "./get-admin-orders";

/**
 * POST /api/admin/orders/{id}/credit-notes (admins): a credit note on an invoiced order on account, sent once
 * with its Idempotency-Key (money moves). Afterwards every order list and count is refreshed, and the products too
 * (a credit note for the whole order may put its pieces back in stock).
 */
export function useCreditNote(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreditNoteBody) => orderFromWire(await apiAuthedOnce(adminApi.creditNote(orderId), body)),
    onSettled: () =>
      Promise.all(
        [adminOrdersQueryKey, ordersQueryKey, productsQueryKey].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
