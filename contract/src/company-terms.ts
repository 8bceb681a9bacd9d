import { onFirstUse } from "./first-use.js";
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
  /** A credit limit on account, in dollars. */
  creditLimitMax: 100_000_000,
} as const;

/**
 * Buying on account (docs/BUYING-ON-ACCOUNT.md): the days an invoice gives to pay, as an admin may set them,
 * and how long past its due date an unpaid invoice stops new orders on account.
 */
export const NET_DAYS = [7, 15, 30, 45, 60, 90] as const;
export type NetDays = (typeof NET_DAYS)[number];
export const CREDIT_HOLD_AFTER_DAYS = 30;

/** A company's terms on account: days to pay an invoice and the most it may owe at once, in dollars. */
export interface PaymentTerms {
  netDays: NetDays;
  creditLimit: number;
}

const longDay = onFirstUse(
  () => new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }),
);

/** A day as invoices and their mails write a due date: 26 December 2026 (UTC, so one day wherever it is read). */
export const dayInWords = (date: Date | string): string => longDay().format(new Date(date));

export const ON_ACCOUNT_MESSAGES = {
  noTerms: "Your company does not buy on account",
  /** A new order on account does not fit what the company may still owe: by how much, what is left, what to do. */
  overLimit: (over: string, left: string) =>
    `This order is ${over} over your company's credit (${left} left): pay by card, remove lines, or ask for a quote.`,
  /** The same to a requester, who does not read the company's credit. */
  overLimitUnread:
    "This order is over what your company may still owe on account: order less, or ask an owner of your company.",
  /** The same, said before the order is placed, beside the choice to pay by invoice. */
  overBy: (over: string) => `${over} over your credit: pay by card, remove lines, or ask for a quote.`,
  /** An invoice more than CREDIT_HOLD_AFTER_DAYS overdue stops new orders on account. */
  onHold: (invoiceNumber: string) =>
    `Invoice ${invoiceNumber} is more than ${CREDIT_HOLD_AFTER_DAYS} days overdue: pay it before ordering on account again, or pay this order by card`,
  /** A step no order on account takes (paying by card): it is paid against its invoice. */
  notThisWay: (done: readonly string[]) =>
    `This order is on account: it is paid against its invoice, so it cannot be ${done.join(" or ")} here.`,
  /** The choice as the cart and quote page word it. */
  choice: (netDays: number) => `Pay by invoice (net ${netDays})`,
  /** An issued invoice's term, as its PDF says it. */
  dueBy: (dueAt: Date | string, netDays: number) => `Payment due by ${dayInWords(dueAt)} (net ${netDays})`,
  /** The same term as the shipped mail says it. */
  invoiceDue: (invoiceNumber: string, dueAt: Date | string) =>
    `Invoice ${invoiceNumber} is due by ${dayInWords(dueAt)}`,
} as const;

/** A requester fills carts for approval and never pays, not even their own company order (permissions.ts). */
export const REQUESTER_CANNOT_PAY =
  "As a requester you do not pay: a buyer or an owner of your company pays this order.";
