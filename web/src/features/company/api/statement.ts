import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiAuthed, downloadAuthed } from "../../../lib/api-authed";
import { companyApi } from "../../../lib/api-routes/company";
import { companyQueryKey } from "../../../lib/company";

/**
 * GET /api/companies/{id}/statement?month=&openPage= (owners and buyers): the month's opening balance, entries and
 * closing balance, and as of now a page of the open invoices, what all of them owe by age, and the credit. Under the company's key, so a payment or an
 * order that changes what it owes refetches it.
 */
export const statementQuery = (companyId: string, month: string, openPage: number) =>
  queryOptions({
    queryKey: [...companyQueryKey, companyId, "statement", month, openPage],
    retry: false,
    queryFn: () => apiAuthed(companyApi.statement(companyId, month, openPage)),
    // The month shown stays while the next one loads, rather than flashing a spinner.
    placeholderData: keepPreviousData,
  });

export function useStatement(companyId: string, month: string, openPage: number) {
  return useQuery(statementQuery(companyId, month, openPage));
}

/** The month as the PDF or the CSV the server writes, saved as statement-YYYY-MM.pdf (or .csv). */
export function downloadStatement(companyId: string, month: string, type: "pdf" | "csv") {
  return downloadAuthed(companyApi.statementFile(companyId, month, type), `statement-${month}.${type}`);
}
