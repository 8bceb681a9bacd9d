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

/** A requester fills carts for approval and never pays, not even their own company order (permissions.ts). */
export const REQUESTER_CANNOT_PAY =
  "As a requester you do not pay: a buyer or an owner of your company pays this order.";
