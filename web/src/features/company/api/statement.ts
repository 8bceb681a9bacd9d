import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiAuthed, downloadAuthed } from "../../../lib/api-authed";
import { companyApi } from "../../../lib/api-routes/company";
import { companyQueryKey } from "../../../lib/company";

/**
 * GET /api/companies/{id}/statement?month= (owners and buyers): the month's opening balance, entries and closing
 * balance, and as of now the open invoices, their aging and the credit. Under the company's key, so a payment or an
 * order that changes what it owes refetches it.
 */
export const statementQuery = (companyId: string, month: string) =>
  queryOptions({
    queryKey: [...companyQueryKey, companyId, "statement", month],
    retry: false,
    queryFn: () => apiAuthed(companyApi.statement(companyId, month)),
    // The month shown stays while the next one loads, rather than flashing a spinner.
    placeholderData: keepPreviousData,
  });

export function useStatement(companyId: string, month: string) {
  return useQuery(statementQuery(companyId, month));
}

/** The month as the PDF or the CSV the server writes, saved as statement-YYYY-MM.pdf (or .csv). */
export function downloadStatement(companyId: string, month: string, type: "pdf" | "csv") {
  return downloadAuthed(companyApi.statementFile(companyId, month, type), `statement-${month}.${type}`);
}
