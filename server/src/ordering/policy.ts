import type { FastifyInstance } from "fastify";
import { membershipOf } from "../company/queries.js";
import type { Database } from "../db/client.js";
import type { Caller } from "../http/caller.js";
import { findOrder, type OrderRow } from "./queries.js";

/**
 * The one ownership policy for orders (DESIGN.md 10.7): "may this caller do this to this order". Every
 * order route asks it, never compares emails itself; an order the caller may not touch is answered as
 * missing (404), so its existence is not told. Companies (DESIGN.md 10.4) widen `read` and `invoice` to
 * the company's members, read at each request, so a removed member loses them at once.
 */
export type OrderAccess =
  /** See it, with its lines and history (the customer's own routes). */
  | "read"
  /** Cancel it while unpaid. */
  | "cancel"
  /** Open a payment for it. */
  | "pay"
  /** Download its invoice. */
  | "invoice";

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

/** What a member may do to a colleague's order of their company: see it and its invoice. */
const COLLEAGUE_ACCESS: readonly OrderAccess[] = ["read", "invoice"];

/** The order if it exists and the caller may do this to it; else undefined (answered 404). */
export async function orderFor(
  db: Database | FastifyInstance["db"],
  caller: Caller,
  orderId: string,
  access: OrderAccess,
): Promise<OrderRow | undefined> {
  const order = await findOrder(db, orderId);
  if (!order) return undefined;
  if (mayAccessOrder(caller, order, access)) return order;
  if (!order.companyId || !COLLEAGUE_ACCESS.includes(access)) return undefined;
  return (await membershipOf(db, caller.email))?.companyId === order.companyId ? order : undefined;
}

/** The check changeStatus runs on the locked row, for a caller's own step. */
export const allowedFor = (caller: Caller, access: OrderAccess) => (order: OrderRow) =>
  mayAccessOrder(caller, order, access);
