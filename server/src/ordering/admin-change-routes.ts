import {
  idParamsSchema,
  orderChangeApplyBodySchema,
  orderChangeBodySchema,
  orderChangePreviewSchema,
  orderSchema,
} from "@forgeline/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../company/policy.js";
import { callerOf } from "../http/caller.js";
import { errorAnswers, jsonAnswer, requires } from "../http/route-schema.js";
import { spendAllowance } from "../rate-limit/account-allowances.js";
import { previewChange } from "./change-order.js";
import { changeError } from "./change-routes.js";
import { changeByAdmin } from "./proposed-change.js";
import { adminOrderAnswer } from "./step-answer.js";

/**
 * Admins change any order's lines (issue 48; docs/decisions/078-admins-change-orders.md): the buyer's preview and
 * change (change-routes.ts) with the same bodies and every rule of placing checked the same way; a change that raises
 * the total waits for the buyer's acceptance (proposed-change.ts).
 */
export const adminOrderChangeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/admin/orders/:id/changes/preview",
    {
      onRequest: app.backOffice("change:order"),
      schema: {
        summary: "Preview a change of any order's lines (admins only)",
        description:
          "As POST /api/ordering/{id}/changes/preview: `lines` is the order's whole new set of lines; answers each " +
          "line's old and new price, the sums before and after, the difference and the `revision`. Nothing is " +
          "stored. A positive `difference` means the change will wait for the buyer's acceptance.",
        tags: ["Admin orders"],
        security: requires("accessToken"),
        params: idParamsSchema,
        body: orderChangeBodySchema,
        response: {
          200: jsonAnswer("What the change would make of the order.", orderChangePreviewSchema),
          ...errorAnswers(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const actor = await actorOf(app.db, callerOf(request));
      const lines = request.body.lines;
      const preview = await previewChange(app, { actor, orderId: request.params.id, lines, through: "back office" });
      if ("refused" in preview) throw changeError(preview);
      return preview;
    },
  );

  app.post(
    "/admin/orders/:id/changes",
    {
      onRequest: app.backOffice("change:order"),
      schema: {
        summary: "Change any order's lines (admins only)",
        description:
          "The body and checks of POST /api/ordering/{id}/changes: `revision` and `expectedTotal` from the preview " +
          "(another one by now: 409), the quantity rule (400 naming the nearest allowed), stock, a tool withdrawn. " +
          "A change that lowers or keeps the total is applied at once and its buyer mailed what changed. One that " +
          "raises it is not applied: the order answered carries it as `proposedChange` and its buyer is mailed a " +
          "link to accept or decline it (POST /api/ordering/{id}/proposed-change/accept); the company's credit is " +
          "checked when it is accepted. A new proposal replaces one that waited.",
        tags: ["Admin orders"],
        security: requires("accessToken"),
        params: idParamsSchema,
        body: orderChangeApplyBodySchema,
        response: {
          200: jsonAnswer("The order, changed, or with the change waiting for its buyer.", orderSchema),
          ...errorAnswers(400, 401, 403, 404, 409, 429),
        },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      await spendAllowance(app, reply, caller.email, "change-order");
      const actor = await actorOf(app.db, caller);
      const changed = await changeByAdmin(app, { actor, orderId: request.params.id, ...request.body });
      if ("refused" in changed) throw changeError(changed);
      return adminOrderAnswer(app, request, changed.order);
    },
  );
};
