import { SHIPMENT_MESSAGES, withBackOfficeOrderActions } from "@forgeline/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { callerOf } from "../http/caller.js";
import { HttpError } from "../http/errors.js";
import { personalActor } from "../http/guard.js";
import type { StatusChangeResult } from "./queries/lifecycle.js";
import type { OrderRow } from "./queries/orders.js";
import { orderWithHistory } from "./queries/wire.js";
import type { ShipResult } from "./ship-order.js";

type StepRefused = Extract<StatusChangeResult, { kind: "refused" }>;

export const NO_SUCH_ORDER = "No such order.";

/**
 * The order a step moved, or the step's refusal: 404 for no such order (or warehouse, or shipment), else 409 with
 * `refusal`'s words, or the shipment's own reason.
 */
export function moved(change: ShipResult, refusal: (order: StepRefused["order"]) => string): OrderRow {
  if (change.kind === "missing") throw new HttpError(404, NO_SUCH_ORDER);
  if (change.kind === "noWarehouse") throw new HttpError(404, SHIPMENT_MESSAGES.noWarehouse);
  if (change.kind === "noShipment") throw new HttpError(404, SHIPMENT_MESSAGES.noShipment);
  if (change.kind === "conflict") throw new HttpError(409, change.message);
  if (change.kind === "refused") throw new HttpError(409, refusal(change.order));
  return change.after;
}

/** The order as its admin caller reads it: with what they may do to it here and through the customers' routes. */
export const adminOrderAnswer = async (app: FastifyInstance, request: FastifyRequest, row: OrderRow) =>
  withBackOfficeOrderActions(personalActor(callerOf(request)), await orderWithHistory(app.db, row));
