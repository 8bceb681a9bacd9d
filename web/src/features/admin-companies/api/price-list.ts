import type { ContractPrice } from "@forgeline/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiAuthed, downloadAuthed, requestAuthed } from "../../../lib/api-authed";
import { adminApi } from "../../../lib/api-routes/admin";
import { adminCompaniesKey } from "./companies";

/** GET /api/admin/companies/{id}/prices (admins): the contract price list, by SKU, with each list price. */
export const priceListQuery = (companyId: string) =>
  queryOptions({
    queryKey: [...adminCompaniesKey, companyId, "prices"],
    retry: false,
    queryFn: () => apiAuthed(adminApi.prices(companyId)),
  });

export function usePriceList(companyId: string) {
  return useQuery(priceListQuery(companyId));
}

/** GET …/prices.csv with the bearer token, saved as a file (`sku,unitPrice,name,listPrice`). */
export function downloadPriceList(companyId: string) {
  return downloadAuthed(adminApi.pricesCsv(companyId), "prices.csv");
}

/**
 * PUT …/prices.csv with the file's text as `text/csv`: the whole list replaced, or nothing when any row is
 * bad (400, every bad row named in `errors`: "Row 3: no tool has SKU X").
 */
export function useUploadPriceList(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (csv: string) =>
      (await (await requestAuthed(adminApi.replacePrices(companyId), ["text/csv", csv])).json()) as ContractPrice[],
    onSuccess: (rows) => queryClient.setQueryData(priceListQuery(companyId).queryKey, rows),
  });
}
