import {
  idParamsSchema,
  orderAnswerFor,
  orderChangeApplyBodySchema,
  orderChangeBodySchema,
  orderChangePreviewSchema,
  orderSchema,
} from "@forgeline/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../company/policy.js";
import { callerOf } from "../http/caller.js";
import { HttpError } from "../http/errors.js";
import { errorAnswers, jsonAnswer, requires } from "../http/route-schema.js";
import { spendAllowance } from "../rate-limit/account-allowances.js";
import { applyChange, type ChangeRefused, previewChange } from "./change-order.js";
import { refusalError } from "./place-order.js";
import { orderWithHistory } from "./queries/wire.js";

const NO_SUCH_ORDER = "No such order.";

/** A refused change as the wire says it: 400 naming the field, 404 for an order the caller may not change, else 409. */
export function changeError(refused: ChangeRefused): HttpError {
  if (refused.refused === "missing") return new HttpError(404, NO_SUCH_ORDER);
  if (refused.refused === "field") return new HttpError(400, refused.message, refused.errors);
  return refusalError(refused);
}

const WHO =
  "Its buyer, and the owners and buyers of its company; a requester's change waits for an owner. Anyone else, " +
  "admins too, is told there is no such order (admins change orders through POST /api/admin/orders/{id}/changes: " +
  "docs/decisions/078-admins-change-orders.md).";

/**
 * Changing an order after it is placed (issue 48; docs/decisions/072-order-changes.md): a preview that stores nothing, and the change itself.
 * The rules are the use case's (change-order.ts); the routes check who asks and say its answer.
 */
export const orderChangeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/ordering/:id/changes/preview",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "Preview a change of an order's lines",
        description:
          "`lines` is the order's whole new set of lines (quantity 0, or a line left out, removes it). Answers each " +
          "line's old and new unit price and total, the new sums and the difference, the order's `revision` to " +
          "apply it on, and `money`: what a card order paid will owe beyond what was paid, or get back. Nothing " +
          `is stored. ${WHO}`,
        tags: ["Orders"],
        security: requires("accessToken"),
        params: idParamsSchema,
        body: orderChangeBodySchema,
        response: {
          200: jsonAnswer("What the change would make of the order.", orderChangePreviewSchema),
          ...errorAnswers(400, 401, 404, 409),
        },
      },
    },
    async (request) => {
      const actor = await actorOf(app.db, callerOf(request));
      const preview = await previewChange(app, { actor, orderId: request.params.id, lines: request.body.lines });
      if ("refused" in preview) throw changeError(preview);
      return preview;
    },
  );

  app.post(
    "/ordering/:id/changes",
    {
      onRequest: app.authenticate,
      // No Idempotency-Key: a change names the revision it was made on, so a retry of one applied is 409, not twice.
      schema: {
        summary: "Change an order's lines",
        description:
          "`lines` as for the preview, `revision` the one the preview answered (another one by now: 409) and " +
          "`expectedTotal` the total it showed (another one: 409). Every rule of placing is checked again: the " +
          "quantity rule (400 naming the nearest allowed), stock, a tool withdrawn, the company's credit on account " +
          "(409 naming by how much it is over), and a requester's change, or one over the monthly limit, waits for " +
          "an owner. Only an order not invoiced and not shipped changes (409 says why). A card order paid changes with " +
          "its money: costing more, it owes the difference (`partially-paid`, paid through " +
          "POST /api/payments/{id}/balance-intent; it ships once paid); costing less, the difference goes back to " +
          "the card once the change is made. A requester's change of a paid order would wait for an owner: 409. " +
          WHO,
        tags: ["Orders"],
        security: requires("accessToken"),
        params: idParamsSchema,
        body: orderChangeApplyBodySchema,
        response: {
          200: jsonAnswer("The order, changed.", orderSchema),
          ...errorAnswers(400, 401, 404, 409, 429),
        },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      await spendAllowance(app, reply, caller.email, "change-order");
      const actor = await actorOf(app.db, caller);
      const changed = await applyChange(app, { actor, orderId: request.params.id, ...request.body });
      if ("refused" in changed) throw changeError(changed);
      return orderAnswerFor(actor, await orderWithHistory(app.db, changed.order));
    },
  );
};
