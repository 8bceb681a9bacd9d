import type { PromotionPatch } from "@forgeline/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiAuthed } from "../../../lib/api-authed";
import { adminApi } from "../../../lib/api-routes/admin";
import { promotionsQueryKey } from "../../../lib/query-keys";

/**
 * PATCH /api/admin/promotions/{id} (admins): an edit, or `{ active: false }` to end it. The list here and
 * the banner's promotions are fetched again.
 */
export function useUpdatePromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: PromotionPatch }) =>
      apiAuthed(adminApi.updatePromotion(id), patch),
    onSettled: () => queryClient.invalidateQueries({ queryKey: promotionsQueryKey }),
  });
}
