import type { ApiErrorBody, ContractPrice } from "@forgeline/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { freshAccessToken } from "../../../lib/account-session";
import { apiAuthed, downloadAuthed } from "../../../lib/api-authed";
import { ApiError } from "../../../lib/api-client";
import { adminCompaniesKey } from "./companies";

const pricesPath = (companyId: string) => `/api/admin/companies/${encodeURIComponent(companyId)}/prices`;

/** GET /api/admin/companies/{id}/prices (admins): the contract price list, by SKU, with each list price. */
export const priceListQuery = (companyId: string) =>
  queryOptions({
    queryKey: [...adminCompaniesKey, companyId, "prices"],
    retry: false,
    queryFn: () => apiAuthed<ContractPrice[]>(pricesPath(companyId)),
  });

export function usePriceList(companyId: string) {
  return useQuery(priceListQuery(companyId));
}

/** GET …/prices.csv with the bearer token, saved as a file (`sku,unitPrice,name,listPrice`). */
export function downloadPriceList(companyId: string) {
  return downloadAuthed(`${pricesPath(companyId)}.csv`, "prices.csv");
}

/**
 * PUT …/prices.csv with the file's text as `text/csv`: the whole list replaced, or nothing when any row is
 * bad (400, every bad row named in `errors`: "Row 3: no tool has SKU X"). The API client sends JSON only,
 * so the file goes by fetch here, with the same token and the same refusals.
 */
async function sendPriceListCsv(companyId: string, csv: string): Promise<ContractPrice[]> {
  const token = await freshAccessToken();
  let response: Response;
  try {
    response = await fetch(`${pricesPath(companyId)}.csv`, {
      method: "PUT",
      headers: { "content-type": "text/csv", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: csv,
    });
  } catch {
    throw new ApiError(0, "We could not reach the store. Check your connection and try again.");
  }
  if (!response.ok) {
    const error = (await response.json().catch(() => null)) as ApiErrorBody | null;
    throw new ApiError(
      response.status,
      error?.message ?? `Request failed (${response.status})`,
      error?.errors ?? [],
      error,
    );
  }
  return (await response.json()) as ContractPrice[];
}

export function useUploadPriceList(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) => sendPriceListCsv(companyId, csv),
    onSuccess: (rows) => queryClient.setQueryData(priceListQuery(companyId).queryKey, rows),
  });
}
