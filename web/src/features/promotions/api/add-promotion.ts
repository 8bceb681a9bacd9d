import type { PromotionBody } from "@forgeline/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiAuthed } from "../../../lib/api-authed";
import { adminApi } from "../../../lib/api-routes/admin";
import { promotionsQueryKey } from "../../../lib/query-keys";

/** POST /api/admin/promotions (admins). The list here and the banner's promotions are fetched again. */
export function useAddPromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (promotion: PromotionBody) => apiAuthed(adminApi.addPromotion, promotion),
    onSettled: () => queryClient.invalidateQueries({ queryKey: promotionsQueryKey }),
  });
}
