import { COLLEAGUE_ACCESS, type OrderAccess, REQUESTER_CANNOT_PAY, rolePays } from "@forgeline/contract";
import type { FastifyInstance } from "fastify";
import { membershipOf } from "../company/queries.js";
import type { Database } from "../db/client.js";
import type { Caller } from "../http/caller.js";
import { HttpError } from "../http/errors.js";
import { findOrder, type OrderRow } from "./queries.js";

/**
 * The one ownership policy for orders (docs/SELLING-TO-BUSINESSES.md, 'Who may call what'): "may this caller do this to
 * this order". Every order route asks it, never compares emails itself; an order the caller may not touch is answered
 * as missing (404), so its existence is not told. Companies (docs/SELLING-TO-BUSINESSES.md, 'Companies') widen it to
 * the company's members by role (the contract's COLLEAGUE_ACCESS, which the order pages read too), read at each
 * request, so a removed member loses it at once. What is asked (`OrderAccess`): read, cancel, pay, invoice.
 */
export type { OrderAccess };

type OrderOwner = Pick<OrderRow, "userEmail" | "companyId">;

export function mayAccessOrder(caller: Caller, order: OrderOwner, access: OrderAccess): boolean {
  if (order.userEmail === caller.email) return true;
  // Admins act on orders through the admin routes; of the customer's routes they may fetch any invoice.
  return caller.role === "admin" && access === "invoice";
}

/** Whether the caller may list the orders placed by this email. */
export function mayListOrdersOf(caller: Caller, email: string): boolean {
  return email === caller.email;
}

/** The order if it exists and the caller may do this to it; else undefined (answered 404). */
export async function orderFor(
  db: Database | FastifyInstance["db"],
  caller: Caller,
  orderId: string,
  access: OrderAccess,
): Promise<OrderRow | undefined> {
  const order = await findOrder(db, orderId);
  if (!order) return undefined;
  const own = mayAccessOrder(caller, order, access);
  if (own && (access !== "pay" || !order.companyId)) return order;
  if (!order.companyId) return undefined;
  const membership = await membershipOf(db, caller.email);
  const colleague = membership?.companyId === order.companyId;
  // A requester sees their own order but never pays it; an account that left the company still pays its own.
  if (own) {
    if (colleague && !rolePays(membership.role)) throw new HttpError(403, REQUESTER_CANNOT_PAY);
    return order;
  }
  return colleague && COLLEAGUE_ACCESS[membership.role].includes(access) ? order : undefined;
}

/** The check changeStatus runs on the locked row, for a caller's own step. */
export const allowedFor = (caller: Caller, access: OrderAccess) => (order: OrderRow) =>
  mayAccessOrder(caller, order, access);
