import type { FastifyInstance, FastifyReply } from "fastify";
import { companyDelivery, contractPricesFor, type Membership, membershipOf } from "../company/queries.js";
import type { Database } from "../db/client.js";
import { HttpError } from "../http/errors.js";
import { findAccount } from "../identity/queries.js";
import { type PricedOrderCents, type PricingTerms, priceLines } from "../pricing/price.js";
import { spendMailingAllowance } from "../rate-limit/account-allowances.js";
import { type BuyerLine, firstOrderEligible, type OrderHolder } from "./order-rules.js";
import { insertOrder } from "./queries/lifecycle.js";
import { companySpendThisMonth } from "./queries/reports.js";

/**
 * What every way of ordering shares (the modal's POST /ordering, the cart's checkout, the cart and the
 * pricing preview): which lines a buyer may order, and the terms the one price function prices them with.
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

type DeliveryWanted = {
  phone: string;
  address?: string | undefined;
  addressId?: string | undefined;
  poNumber?: string | undefined;
};

/** Where an order goes, as it is stored: the phone, the address (a company's copied) and the PO number. */
export interface Delivery {
  phone: string;
  address: string;
  poNumber: string | undefined;
}

/** An order let through: who buys, the name the order keeps, and where it goes. */
export interface AdmittedOrder {
  buyer: Buyer;
  userName: string;
  delivery: Delivery;
}

/**
 * The checks every way of placing an order makes before it prices anything: the delivery by the buyer's
 * company's rules (a 400 naming the field), then one order from the buyer's allowance (429 when none is
 * left: fewer while the address is not confirmed), so a refused request costs nothing.
 */
export async function admitOrder(
  app: FastifyInstance,
  reply: FastifyReply,
  email: string,
  wanted: DeliveryWanted,
): Promise<AdmittedOrder> {
  const [account, buyer] = await Promise.all([findAccount(app.db, email), buyerFor(app.db, email)]);
  const delivery = await deliveryFor(app.db, buyer, wanted);
  await spendMailingAllowance(app, reply, { email, confirmed: account?.verified ?? false }, "place-order");
  return { buyer, userName: account?.name.trim() || email, delivery };
}

const refuseField = (field: string, message: string) => new HttpError(400, message, [{ field, message }]);

/**
 * Where the order goes and its PO number, by the buyer's company's rules: a PO number when it requires
 * one, and one of its delivery addresses when it keeps any.
 */
async function deliveryFor(db: Database, buyer: Buyer, wanted: DeliveryWanted): Promise<Delivery> {
  const { phone, poNumber } = wanted;
  const member = buyer.membership;
  if (member?.company.poRequired && !poNumber) throw refuseField("poNumber", "A PO number is required");
  const kept = member ? await companyDelivery(db, member.companyId, wanted.addressId) : undefined;
  if (kept) return { phone, address: kept.address, poNumber };
  if (kept === null) throw refuseField("addressId", "Choose one of your company's delivery addresses");
  if (wanted.addressId) throw refuseField("addressId", "Your company keeps no delivery addresses: give an address");
  if (!wanted.address) throw refuseField("address", "Address is Required");
  return { phone, address: wanted.address, poNumber };
}

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
      taxRateMilli: member?.company.taxExempt ? 0 : shop.taxRateMilli,
      firstOrderEligible: await firstOrderEligible(db, buyer.email, member?.companyId),
    },
  );
}

/**
 * How a member's new order starts (docs/SELLING-TO-BUSINESSES.md, 'Companies'): a requester's, or one that would take
 * the member's spend this calendar month over their limit, waits for an owner. Read in the buyer's locked transaction
 * (withBuyerLock), so two orders at once never both fit the same remaining budget.
 */
async function startingStatus(tx: Database, buyer: Buyer, totalCents: bigint): Promise<"unpaid" | "awaiting-approval"> {
  const member = buyer.membership;
  if (!member) return "unpaid";
  if (member.role === "requester") return "awaiting-approval";
  if (member.monthlyLimitCents === null) return "unpaid";
  const spent = (await companySpendThisMonth(tx, member.companyId)).get(buyer.email) ?? 0;
  return BigInt(spent) + totalCents > BigInt(member.monthlyLimitCents) ? "awaiting-approval" : "unpaid";
}

/** The buyer's company as an order keeps it (queries/lifecycle.ts `insertOrder`). */
function companyOnOrder(buyer: Buyer) {
  const member = buyer.membership;
  return member && { id: member.companyId, ...member.company };
}

/**
 * Stores an admitted order at the prices the one price function gave, by every way of ordering (the
 * modal, the cart's checkout, an accepted quote): in the buyer's locked transaction, so its starting
 * status reads the member's spend as no other order can change it meanwhile.
 */
export async function placeOrder(
  tx: Database,
  email: string,
  { buyer, userName, delivery }: AdmittedOrder,
  priced: PricedOrderCents,
): Promise<{ id: string; status: "unpaid" | "awaiting-approval" }> {
  const status = await startingStatus(tx, buyer, priced.totalCents);
  const id = await insertOrder(tx, {
    userEmail: email,
    userName,
    ...delivery,
    company: companyOnOrder(buyer),
    status,
    priced,
  });
  return { id, status };
}
