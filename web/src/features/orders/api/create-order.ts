import type { OrderForm } from "@forgeline/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiAuthedOnce } from "../../../lib/api-authed";
import { orderApi } from "../../../lib/api-routes/orders";
import { ordersQueryKey } from "../../../lib/query-keys";

/** The modal's form as sent: an address, or one of the buyer's company's (`addressId`), and a PO number. */
export type OrderDelivery = Omit<OrderForm, "address"> & { address?: string; addressId?: string };

/** What the order modal sends: the form and the product ordered. */
export type NewOrder = OrderDelivery & { productId: string };

/** POST /api/ordering. `success` is false when the customer already has an unpaid order for the product. */
export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, ...form }: NewOrder) =>
      apiAuthedOnce(orderApi.placeOrder, { ...form, orderId: productId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
  });
}
