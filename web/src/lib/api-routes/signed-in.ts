import type { AccessTokenResponse, AdminResponse, Company, CompanyAddress, CompanyCredit } from "@forgeline/contract";
import type { Route } from "../api-client";

const part = encodeURIComponent;
const company = (companyId: string) => `/api/companies/${part(companyId)}`;

/**
 * What the signed-in pages share, sent with the access token (api-authed.ts): the token itself, sign-out, the
 * role, the caller's company with its addresses and credit, a picture's upload, an invoice. The dashboard's chunk carries
 * this file; each feature's own calls are in the file named after it, so a page loads only its own.
 */
export const signedInApi = {
  /** The identity session's cookie buys an access token for this address. */
  token: (email: string) => `PUT /api/user/${part(email)}` as Route<AccessTokenResponse>,
  signOut: "POST /api/auth/sign-out" as Route<unknown, object>,
  /** The confirmation link mailed again (the server allows 3 a quarter-hour per address). */
  confirmAgain: "POST /api/auth/send-verification-email" as Route<unknown, { email: string; callbackURL: string }>,
  isAdmin: (email: string) => `GET /api/admin/${part(email)}` as Route<AdminResponse>,
  myCompany: "GET /api/companies/mine" as Route<Company | null>,
  addresses: (companyId: string) => `GET ${company(companyId)}/addresses` as Route<CompanyAddress[]>,
  credit: (companyId: string) => `GET ${company(companyId)}/credit` as Route<CompanyCredit>,
};
