import { type Actor, accessTo, BACK_OFFICE, can, REQUESTER_CANNOT_PAY } from "@forgeline/contract";
import type { FastifyInstance } from "fastify";
import type { Database } from "../db/client.js";
import { HttpError } from "../http/errors.js";
import { findOrder, type OrderRow } from "./queries/orders.js";

/** What an order route asks to do to an order, in the contract's vocabulary (permissions.ts). */
export type OrderAccess =
  | "read:order"
  | "cancel:order"
  | "pay:order"
  | "invoice:order"
  | "reorder:order"
  | "change:order";

/**
 * The order if it exists and the caller may do this to it; else undefined, answered 404: an order the
 * caller may not touch is answered as missing, so its existence is not told. Their own order they know of,
 * so a requester asking to pay it is told why not (403). The actor's membership is read at each request,
 * so a removed member loses their colleagues' orders at once. `through` the back office (an admin route), the order is
 * judged as the shop's record, by what admins do there.
 */
export async function orderFor(
  db: Database | FastifyInstance["db"],
  actor: Actor,
  orderId: string,
  access: OrderAccess,
  through: "customer routes" | "back office" = "customer routes",
): Promise<OrderRow | undefined> {
  const order = await findOrder(db, orderId);
  if (!order) return undefined;
  if (can(actor, access, through === "back office" ? { ...order, ...BACK_OFFICE } : order)) return order;
  if (access === "pay:order" && accessTo(actor, access, order) === "own")
    throw new HttpError(403, REQUESTER_CANNOT_PAY);
  return undefined;
}
