import type { PricedOrder, PricingQuoteBody } from "@forgeline/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiAuthed } from "../../../lib/api-authed";

/**
 * POST /api/pricing/quote for one line: what the server would charge the caller for `quantity` pieces of
 * the tool (unit price and its source, the promotion, tax, total), storing nothing. Off while `quantity`
 * is null (not an allowed quantity); the last answer stays shown while the next one comes.
 */
export function useQuote(productId: string, quantity: number | null) {
  return useQuery({
    queryKey: ["quote", productId, quantity],
    enabled: quantity !== null,
    retry: false,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
    queryFn: () =>
      apiAuthed<PricedOrder>("/api/pricing/quote", {
        method: "POST",
        body: { lines: [{ productId, quantity: quantity ?? 0 }] } satisfies PricingQuoteBody,
      }),
  });
}
