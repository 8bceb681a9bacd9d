import {
  approvalBodySchema,
  companyIdParamsSchema,
  ORDER_STATUS_MESSAGES,
  orderAnswerFor,
  orderSchema,
  rejectionBodySchema,
} from "@forgeline/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { actorOf } from "../company/policy.js";
import { type Caller, callerOf } from "../http/caller.js";
import { HttpError } from "../http/errors.js";
import { authorize } from "../http/guard.js";
import { errorAnswers, jsonAnswer, requires } from "../http/route-schema.js";
import { decideOnOrder } from "./approve-order.js";
import { refusalError } from "./place-order.js";
import { findOrder } from "./queries/orders.js";
import { orderWithHistory } from "./queries/wire.js";

const approvalParamsSchema = companyIdParamsSchema.extend({ orderId: z.uuid({ error: "Not a valid order id" }) });
const NO_SUCH_ORDER = "No such order.";
type Decision = "approve" | "reject";

/**
 * A company owner approves or rejects a colleague's order that waits (docs/SELLING-TO-BUSINESSES.md, 'Companies'): to
 * `unpaid` (the buyer is mailed and may pay), or to `cancelled` with the owner's note (mailed too). Nobody decides on
 * their own order; anyone but the company's owners is told there is no such order. Approving goes through the use
 * case approve-order.ts `decideOnOrder`, which re-checks the rules orders are placed under.
 */
export const approvalRoutes: FastifyPluginAsyncZod = async (app) => {
  async function decide(caller: Caller, companyId: string, orderId: string, transition: Decision, note: string) {
    const action = `${transition}:order` as const;
    const [actor, order] = await Promise.all([actorOf(app.db, caller), findOrder(app.db, orderId)]);
    if (order?.companyId !== companyId) throw new HttpError(404, NO_SUCH_ORDER);
    // First as the company's owners may decide its orders, then on this one, which may be the caller's own.
    authorize(
      actor,
      action,
      { companyId },
      {
        seeing: "read:company",
        missing: NO_SUCH_ORDER,
        forbidden: "Only an owner of your company approves orders.",
      },
    );
    authorize(actor, action, order, {
      forbidden: "You cannot approve or reject your own order: another owner of your company decides.",
    });
    const change = await decideOnOrder(app.db, order, {
      transition,
      by: caller.email,
      note,
      allowed: (locked) => locked.companyId === companyId,
    });
    if ("refused" in change) throw refusalError(change);
    if (change.kind === "missing") throw new HttpError(404, NO_SUCH_ORDER);
    if (change.kind === "refused") throw new HttpError(409, ORDER_STATUS_MESSAGES.cannotDecide(change.order));
    return orderAnswerFor(actor, await orderWithHistory(app.db, change.after));
  }

  const answers = {
    200: jsonAnswer("The order, decided.", orderSchema),
    ...errorAnswers(400, 401, 403, 404, 409),
  };

  app.post(
    "/companies/:id/orders/:orderId/approve",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "Approve a colleague's order that waits (company owners)",
        description:
          "It becomes unpaid: its buyer is mailed and may pay it. Your own order waits for another owner (403).",
        tags: ["Companies"],
        security: requires("accessToken"),
        params: approvalParamsSchema,
        body: approvalBodySchema,
        response: answers,
      },
    },
    async (request) => {
      const note = request.body?.note ? `Approved: ${request.body.note}` : "Approved";
      return decide(callerOf(request), request.params.id, request.params.orderId, "approve", note);
    },
  );

  app.post(
    "/companies/:id/orders/:orderId/reject",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "Reject a colleague's order that waits, with a note (company owners)",
        description: "It is cancelled with the note, which its buyer is mailed. Your own order: 403.",
        tags: ["Companies"],
        security: requires("accessToken"),
        params: approvalParamsSchema,
        body: rejectionBodySchema,
        response: answers,
      },
    },
    async (request) => {
      return decide(callerOf(request), request.params.id, request.params.orderId, "reject", request.body.note);
    },
  );
};
