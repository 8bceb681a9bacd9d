import { idParamsSchema, orderAnswerFor, orderSchema, proposedChangeBodySchema } from "@forgeline/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../company/policy.js";
import { callerOf } from "../http/caller.js";
import { errorAnswers, jsonAnswer, requires } from "../http/route-schema.js";
import { spendAllowance } from "../rate-limit/account-allowances.js";
import { changeError } from "./change-routes.js";
import { acceptProposedChange, declineProposedChange } from "./proposed-change.js";
import { orderWithHistory } from "./queries/wire.js";

const WHO =
  "Whoever may change the order: its buyer, and the owners and buyers of its company (a requester's acceptance " +
  "waits for an owner, as their own change would). Anyone else, admins too, is told there is no such order.";

/**
 * The buyer's answer to an admin's change that raises the order's total (issue 48;
 * docs/decisions/078-admins-change-orders.md): accepted, it is applied as their own change would be; declined, it
 * is dropped. The rules are the use case's (proposed-change.ts).
 */
export const proposedChangeRoutes: FastifyPluginAsyncZod = async (app) => {
  const decisions = [
    {
      step: "accept",
      decide: acceptProposedChange,
      summary: "Accept the change an admin proposed",
      description:
        "`changeId` is the `proposedChange` the order showed (another one by now: 409). It is applied on the " +
        "revision it was made on (changed since: 409) at the total it showed, every rule of placing checked again: " +
        "stock, a tool withdrawn, the company's credit on account (409 naming by how much it is over).",
      answer: "The order, changed.",
    },
    {
      step: "decline",
      decide: declineProposedChange,
      summary: "Decline the change an admin proposed",
      description: "`changeId` as for accepting. The order stays as it is; its history says the change was declined.",
      answer: "The order, as it was.",
    },
  ] as const;

  for (const { step, decide, summary, description, answer } of decisions) {
    app.post(
      `/ordering/:id/proposed-change/${step}`,
      {
        onRequest: app.authenticate,
        schema: {
          summary,
          description: `${description} ${WHO}`,
          tags: ["Orders"],
          security: requires("accessToken"),
          params: idParamsSchema,
          body: proposedChangeBodySchema,
          response: {
            200: jsonAnswer(answer, orderSchema),
            ...errorAnswers(400, 401, 404, 409, 429),
          },
        },
      },
      async (request, reply) => {
        const caller = callerOf(request);
        await spendAllowance(app, reply, caller.email, "change-order");
        const actor = await actorOf(app.db, caller);
        const decided = await decide(app, { actor, orderId: request.params.id, changeId: request.body.changeId });
        if ("refused" in decided) throw changeError(decided);
        return orderAnswerFor(actor, await orderWithHistory(app.db, decided.order));
      },
    );
  }
};
