import type { OrderForm } from "@forgeline/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiAuthed } from "../../../lib/api-authed";

import { ordersQueryKey } from "../../../lib/query-keys";

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: OrderForm & { orderId: string }) =>
      apiAuthed<{ success: boolean; insertedId: string | null }>("/api/ordering", { method: "POST", body: order }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
  });
}
