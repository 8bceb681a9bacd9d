import { companyIdParamsSchema, orderAnswerFor, orderSchema } from "@forgeline/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { companyFor } from "../company/route-access.js";
import { errorAnswers, jsonAnswer, requires } from "../http/route-schema.js";
import { ordersOfCompany } from "./queries/orders.js";
import { withHistory } from "./queries/wire.js";

/**
 * A company's orders, the history its members share (docs/SELLING-TO-BUSINESSES.md, 'Companies'): under the
 * company's path, answered here, where the orders are, through the company's one guard.
 */
export const companyOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/companies/:id/orders",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "The company's orders, newest first (members)",
        description:
          "Every member's, those of former members too, in the shape of GET /api/ordering. A requester gets their " +
          "colleagues' orders without what they owe (`amountPaid`, `credited`, `creditNotes`, `balance`, " +
          "`creditable`, `overdue`); their own with it.",
        tags: ["Companies"],
        security: requires("accessToken"),
        params: companyIdParamsSchema,
        response: {
          200: jsonAnswer("The company's orders, each with its lines and history.", z.array(orderSchema)),
          ...errorAnswers(400, 401, 404),
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { actor } = await companyFor(app.db, request, id, "read:order");
      const orders = await withHistory(app.db, await ordersOfCompany(app.db, id));
      return orders.map((order) => orderAnswerFor(actor, order));
    },
  );
};
