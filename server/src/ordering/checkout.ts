import { formatCents, rolePays } from "@forgeline/contract";
import type { FastifyInstance } from "fastify";
import { companyDelivery, contractPricesFor, type Membership, membershipOf } from "../company/queries.js";
import type { Database } from "../db/client.js";
import { type PricedOrderCents, type PricingTerms, priceLines } from "../pricing/price.js";
import { type BuyerLine, firstOrderEligible, type OrderHolder } from "./order-rules.js";
import type { OrderRow } from "./queries/orders.js";
import { companySpendThisMonth } from "./queries/reports.js";

/**
 * Who buys, and the rules an order takes from the buyer's company (docs/SELLING-TO-BUSINESSES.md, 'Companies'):
 * where it goes and its PO number, contract prices, tax exemption, the spending limit, who pays. And the terms the
 * one price function prices a buyer's lines with. Placing an order (place-order.ts) applies them all; the
 * cart and the pricing preview price with them too.
 */

/** Who buys: the account, and its company (whose terms, prices and rules apply) when it belongs to one. */
export interface Buyer {
  email: string;
  membership: Membership | undefined;
}

/** Whose order locks a buyer's orders take: theirs, and their company's. */
export const holderOfBuyer = (buyer: Buyer): OrderHolder => ({
  email: buyer.email,
  companyId: buyer.membership?.companyId,
});

export async function buyerFor(db: Database, email: string): Promise<Buyer> {
  return { email, membership: await membershipOf(db, email) };
}

/** Where the buyer asks an order to go. */
export interface DeliveryWanted {
  phone: string;
  address?: string | undefined;
  addressId?: string | undefined;
  poNumber?: string | undefined;
}

/** Where an order goes, as it is stored: the phone, the address (a company's copied) and the PO number. */
export interface Delivery {
  phone: string;
  address: string;
  poNumber: string | undefined;
}

/** A delivery the company's rules refuse: the field of the request at fault, and why. */
export interface DeliveryRefusal {
  field: "poNumber" | "addressId" | "address";
  message: string;
}

/**
 * Where the order goes and its PO number, by the buyer's company's rules: a PO number when it requires
 * one, and one of its delivery addresses when it keeps any.
 */
export async function deliveryFor(
  db: Database,
  buyer: Buyer,
  wanted: DeliveryWanted,
): Promise<Delivery | DeliveryRefusal> {
  const { phone, poNumber } = wanted;
  const member = buyer.membership;
  if (member?.company.poRequired && !poNumber) return { field: "poNumber", message: "A PO number is required" };
  const kept = member ? await companyDelivery(db, member.companyId, wanted.addressId) : undefined;
  if (kept) return { phone, address: kept.address, poNumber };
  if (kept === null) return { field: "addressId", message: "Choose one of your company's delivery addresses" };
  if (wanted.addressId) {
    return { field: "addressId", message: "Your company keeps no delivery addresses: give an address" };
  }
  if (!wanted.address) return { field: "address", message: "Address is Required" };
  return { phone, address: wanted.address, poNumber };
}

/**
 * Where the order's invoice is addressed: the company's billing address when it keeps one, else where the
 * order goes (a buyer without a company is billed there too). Frozen on the order, as its company's name is.
 */
export const billingAddressFor = (buyer: Buyer, delivery: Delivery): string =>
  buyer.membership?.company.billingAddress ?? delivery.address;

/** The shop's side of the terms: the promotions running now and the tax rate. */
export interface ShopTerms {
  promotions: PricingTerms["promotions"];
  taxRateMilli: number;
}

/**
 * The shop's terms now, read before any buyer's transaction opens: on the embedded database a read
 * from outside an open transaction waits for it to end.
 */
export async function shopTerms(app: FastifyInstance): Promise<ShopTerms> {
  return { promotions: await app.runningPromotions(), taxRateMilli: app.config.taxRateMilli };
}

/** The tax rate an order of this company pays: none when it is tax-exempt, else the shop's. */
export const taxRateFor = (company: { taxExempt: boolean } | null | undefined, shopRateMilli: number) =>
  company?.taxExempt ? 0 : shopRateMilli;

/**
 * The buyer's lines priced by the one price function, with the company's contract prices and tax exemption,
 * and the first-order eligibility (the buyer's, or the company's) read in `db`.
 */
export async function priceForBuyer(
  db: Database,
  shop: ShopTerms,
  buyer: Buyer,
  lines: readonly BuyerLine[],
): Promise<PricedOrderCents> {
  const member = buyer.membership;
  const contract = member
    ? await contractPricesFor(
        db,
        member.companyId,
        lines.map((line) => line.product.id),
      )
    : undefined;
  return priceLines(
    lines.map((line) => ({ ...line, contractCents: contract?.get(line.product.id) ?? null })),
    {
      promotions: shop.promotions,
      taxRateMilli: taxRateFor(member?.company, shop.taxRateMilli),
      firstOrderEligible: await firstOrderEligible(db, buyer.email, member?.companyId),
    },
  );
}

/** The lines priced for this account now, as an order of them would be (the cart, the pricing preview). */
export async function priceForAccount(
  app: FastifyInstance,
  db: Database,
  email: string,
  lines: readonly BuyerLine[],
): Promise<PricedOrderCents> {
  return priceForBuyer(db, await shopTerms(app), await buyerFor(db, email), lines);
}

/** How a new order starts, and why it waits when it does: the first line of its history says so. */
export type StartingStatus = { status: "unpaid" } | { status: "awaiting-approval"; why: string };

/**
 * How a member's new order starts: a requester's, or one that would take the member's spend this calendar
 * month over their limit, waits for an owner, naming the limit and the spend it would reach. Read in the
 * buyer's locked transaction (withBuyerLock), so two orders at once never both fit the same remaining budget.
 */
export async function startingStatus(tx: Database, buyer: Buyer, totalCents: bigint): Promise<StartingStatus> {
  const member = buyer.membership;
  if (!member) return { status: "unpaid" };
  const waits = (why: string) => ({ status: "awaiting-approval" as const, why: `Waits for an owner: ${why}` });
  if (member.role === "requester") return waits("an owner approves every order of a requester.");
  if (member.monthlyLimitCents === null) return { status: "unpaid" };
  const spent = (await companySpendThisMonth(tx, member.companyId)).get(buyer.email) ?? 0;
  const reached = BigInt(spent) + totalCents;
  if (reached <= BigInt(member.monthlyLimitCents)) return { status: "unpaid" };
  return waits(
    `with it, ${buyer.email}'s orders this month come to ${formatCents(Number(reached))}, over the monthly ` +
      `limit of ${formatCents(member.monthlyLimitCents)}.`,
  );
}

/** The buyer's company as an order keeps it (queries/lifecycle.ts `insertOrder`). */
export function companyOnOrder(buyer: Buyer) {
  const member = buyer.membership;
  return member && { id: member.companyId, ...member.company };
}

/**
 * Whether a colleague pays this company order, its own buyer being a requester, who never pays
 * (docs/SELLING-TO-BUSINESSES.md, 'Companies').
 */
export async function paidByColleague(db: Database, order: OrderRow): Promise<boolean> {
  if (!order.companyId) return false;
  const membership = await membershipOf(db, order.userEmail);
  return membership?.companyId === order.companyId && !rolePays(membership.role);
}
