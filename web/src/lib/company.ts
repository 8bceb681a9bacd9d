import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiAuthed } from "./api-authed";
import { signedInApi } from "./api-routes/signed-in";
import { useSession } from "./session";
import { storedAccessToken } from "./token-store";

/**
 * What more than one feature reads of the caller's company (docs/SELLING-TO-BUSINESSES.md, 'Companies'): the company
 * itself (the dashboard's menu shows its pages by role, the checkout its rules), its delivery addresses (the
 * checkout offers them) and its credit on account (the checkout, a quote's acceptance and the company's page).
 */

/** Everything of the caller's company: a change of a member, an address or a setting refetches it all. */
export const companyQueryKey = ["company"] as const;

/** GET /api/companies/mine: the caller's company with their role in it, or null when they belong to none. */
export const myCompanyQuery = (email: string | undefined) =>
  queryOptions({
    queryKey: [...companyQueryKey, "mine", email],
    enabled: Boolean(email),
    staleTime: 60_000,
    retry: false,
    // Signed out meanwhile (a customer sent away from an admin page signs out as the menu asks): no token,
    // no company, and no call the server would refuse.
    queryFn: () => (storedAccessToken() === null ? Promise.resolve(null) : apiAuthed(signedInApi.myCompany)),
  });

/** The signed-in customer's company (null: none); off while `enabled` is false (an admin's dashboard). */
export function useMyCompany(enabled = true) {
  const email = useSession().data?.email;
  return useQuery({ ...myCompanyQuery(email), enabled: Boolean(email) && enabled });
}

/** GET /api/companies/{id}/addresses (members): where the company's orders go; off without a company. */
export const companyAddressesQuery = (companyId: string | undefined) =>
  queryOptions({
    queryKey: [...companyQueryKey, companyId, "addresses"],
    enabled: Boolean(companyId),
    retry: false,
    queryFn: () => apiAuthed(signedInApi.addresses(companyId ?? "")),
  });

/**
 * GET /api/companies/{id}/credit (owners and buyers; docs/BUYING-ON-ACCOUNT.md, 'Terms and credit'): its terms, the
 * credit used and left, and the invoice that holds it; off without a company, and for a requester (`enabled`).
 */
export const companyCreditQuery = (companyId: string | undefined, enabled = true) =>
  queryOptions({
    queryKey: [...companyQueryKey, companyId, "credit"],
    enabled: Boolean(companyId) && enabled,
    retry: false,
    queryFn: () => apiAuthed(signedInApi.credit(companyId ?? "")),
  });
