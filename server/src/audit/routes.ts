import { auditEntrySchema, pageQuerySchema, TOTAL_COUNT_HEADER } from "@forgeline/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorAnswers, jsonAnswer, requires } from "../http/route-schema.js";
import { listAudit } from "./queries.js";

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/admin/audit",
    {
      onRequest: app.backOffice("read:audit"),
      schema: {
        summary: "Read the audit log of admin actions and company member changes (admins only)",
        description:
          "Every admin action (make admin, product add, edit, restock and delete, order ship, deliver, cancel and refund) " +
          "and every change of a company member's role or limit and removal (by an owner, or the member leaving) " +
          "with who, when, what, and the values before and after. No route changes or deletes an entry.",
        tags: ["Audit"],
        security: requires("accessToken"),
        querystring: pageQuerySchema,
        response: {
          200: jsonAnswer(
            "One page of the log, newest first; X-Total-Count holds the size of the whole log.",
            z.array(auditEntrySchema),
          ),
          ...errorAnswers(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const { items, total } = await listAudit(app.db, request.query);
      reply.header(TOTAL_COUNT_HEADER, total);
      return items;
    },
  );
};
