import type {
  Company,
  CompanyAddressBody,
  CompanyMember,
  CompanySettingsBody,
  CompanyStatement,
  DeletedCount,
  InsertedId,
  Invitation,
  InvitationBody,
  InvitationView,
  MemberChangeBody,
  NewCompanyBody,
  Order,
} from "@forgeline/contract";
import type { Route } from "../api-client";

const part = encodeURIComponent;
const company = (companyId: string) => `/api/companies/${part(companyId)}`;

/**
 * A member's new role or monthly limit as the form holds them: the limit in dollars (null: none), or the
 * text as typed when it is not a number, so the server names the field rather than the limit being cleared.
 */
export type MemberChange = { role?: MemberChangeBody["role"]; monthlyLimit?: number | null | string };

/** The company's own pages: its settings, addresses, invitations, members and orders, and an invitation. */
export const companyApi = {
  createCompany: "POST /api/companies" as Route<InsertedId, NewCompanyBody>,
  companySettings: (companyId: string) => `PATCH ${company(companyId)}` as Route<Company, CompanySettingsBody>,
  addAddress: (companyId: string) => `POST ${company(companyId)}/addresses` as Route<InsertedId, CompanyAddressBody>,
  removeAddress: (companyId: string, addressId: string) =>
    `DELETE ${company(companyId)}/addresses/${part(addressId)}` as Route<DeletedCount>,
  invitations: (companyId: string) => `GET ${company(companyId)}/invitations` as Route<Invitation[]>,
  invite: (companyId: string) => `POST ${company(companyId)}/invitations` as Route<InsertedId, InvitationBody>,
  withdrawInvitation: (companyId: string, invitationId: string) =>
    `DELETE ${company(companyId)}/invitations/${part(invitationId)}` as Route<DeletedCount>,
  members: (companyId: string) => `GET ${company(companyId)}/members` as Route<CompanyMember[]>,
  changeMember: (companyId: string, email: string) =>
    `PATCH ${company(companyId)}/members/${part(email)}` as Route<CompanyMember, MemberChange>,
  removeMember: (companyId: string, email: string) =>
    `DELETE ${company(companyId)}/members/${part(email)}` as Route<DeletedCount>,
  companyOrders: (companyId: string) => `GET ${company(companyId)}/orders` as Route<Order[]>,
  /** An owner's decision on an order awaiting approval: a note is optional to approve, needed to reject. */
  decideOrder: (companyId: string, orderId: string, step: "approve" | "reject") =>
    `POST ${company(companyId)}/orders/${part(orderId)}/${step}` as Route<
      Order,
      { note?: string | undefined } | undefined
    >,
  /**
   * Its statement of a month (YYYY-MM, UTC) with a page of its open invoices, as JSON; or the month as the PDF and
   * the CSV a person downloads.
   */
  statement: (companyId: string, month: string, openPage = 1) =>
    `GET ${company(companyId)}/statement?month=${part(month)}&openPage=${openPage}` as Route<CompanyStatement>,
  statementFile: (companyId: string, month: string, type: "pdf" | "csv") =>
    `GET ${company(companyId)}/statement.${type}?month=${part(month)}` as Route<Blob>,
  invitation: (token: string) => `GET /api/invitations/${part(token)}` as Route<InvitationView>,
  acceptInvitation: (token: string) => `POST /api/invitations/${part(token)}/accept` as Route<Company>,
};
