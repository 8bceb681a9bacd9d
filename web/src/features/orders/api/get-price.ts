import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiAuthed } from "../../../lib/api-authed";
import { orderApi } from "../../../lib/api-routes/orders";

/**
 * POST /api/pricing/quote for one line: what the server would charge the caller for `quantity` pieces of
 * the tool (unit price and its source, the promotion, tax, total), storing nothing. Off while `quantity`
 * is null (not an allowed quantity); the last answer stays shown while the next one comes. Not a quote of
 * the quotes feature (a price an admin sends on request): the price list's answer for this line, now.
 */
export function useLinePrice(productId: string, quantity: number | null) {
  return useQuery({
    queryKey: ["quote", productId, quantity],
    enabled: quantity !== null,
    retry: false,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
    queryFn: () => apiAuthed(orderApi.price, { lines: [{ productId, quantity: quantity ?? 0 }] }),
  });
}
