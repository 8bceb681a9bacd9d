import { idParamsSchema, orderSchema, refundBodySchema, withBackOfficeOrderActions } from "@forgeline/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { callerOf } from "../http/caller.js";
import { personalActor } from "../http/guard.js";
import { errorAnswers, jsonAnswer, requires } from "../http/route-schema.js";
import { refundOrder } from "./order-refund.js";

/** An admin's refund of an order: here beside the provider that gives the money back. */
export const refundRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/admin/orders/:id/refund",
    {
      onRequest: app.backOffice("refund:order"),
      schema: {
        summary: "Refund a paid, shipped or delivered order in full (admins only)",
        description:
          "The payment provider gives the whole amount back. A paid order's pieces always go back to stock; " +
          "for a shipped or delivered order `restock` says whether they do. 409 for any other status; 502 " +
          "when the provider does not refund, and then nothing is changed; 503 when the provider refunded but " +
          "the shop could not record it: refunding again completes it (one idempotency key per order, so the " +
          "customer is refunded once).",
        tags: ["Admin orders"],
        security: requires("accessToken"),
        params: idParamsSchema,
        body: refundBodySchema,
        response: {
          200: jsonAnswer("The order, now refunded, with its history.", orderSchema),
          ...errorAnswers(400, 401, 403, 404, 409, 413, 415, 502, 503),
        },
      },
    },
    async (request) => {
      const { order, restocked } = await refundOrder(app.db, app.paymentProvider, request.log, {
        orderId: request.params.id,
        admin: callerOf(request).email,
        restock: request.body.restock,
      });
      if (restocked) await app.listChanged("catalogue");
      return withBackOfficeOrderActions(personalActor(callerOf(request)), order);
    },
  );
};
