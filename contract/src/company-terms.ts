/**
 * The roles and limits of companies (docs/SELLING-TO-BUSINESSES.md, 'Companies'), without zod: the company pages show
 * them and size their fields without loading a schema library (company.ts re-exports them with its schemas).
 */
export const COMPANY_ROLES = ["owner", "buyer", "requester"] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

export const COMPANY_LIMITS = {
  name: 100,
  taxId: 32,
  addressLabel: 60,
  /** Delivery addresses a company keeps at most. */
  addresses: 50,
  rejectionNote: 500,
  /** A monthly spending limit, in dollars. */
  monthlyLimitMax: 10_000_000,
  priceListRows: 2000,
  /** How long an invitation's link holds. */
  invitationDays: 7,
} as const;

/**
 * What can be done to an order, as the one ownership policy of orders names it (docs/SELLING-TO-BUSINESSES.md, 'Who may
 * call what').
 */
export type OrderAccess = "read" | "cancel" | "pay" | "invoice";

/**
 * What a member may do to a colleague's order of their company, by role (docs/SELLING-TO-BUSINESSES.md, 'Companies'):
 * every member sees it and its invoice; buyers and owners, who may spend, also pay it. Cancelling stays the buyer's
 * own. The server's policy decides by it; the order pages show their buttons by it.
 */
export const COLLEAGUE_ACCESS: Record<CompanyRole, readonly OrderAccess[]> = {
  owner: ["read", "invoice", "pay"],
  buyer: ["read", "invoice", "pay"],
  requester: ["read", "invoice"],
};

/**
 * A requester fills carts for approval and never pays (docs/SELLING-TO-BUSINESSES.md, 'Companies'), not even their own
 * company order: a buyer or an owner of the company pays it.
 */
export const rolePays = (role: CompanyRole) => COLLEAGUE_ACCESS[role].includes("pay");
export const REQUESTER_CANNOT_PAY =
  "As a requester you do not pay: a buyer or an owner of your company pays this order.";
