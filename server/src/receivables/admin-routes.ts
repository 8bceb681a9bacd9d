import { adminReceivablesSchema, pageQuerySchema, TOTAL_COUNT_HEADER } from "@forgeline/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorAnswers, jsonAnswer, requires } from "../http/route-schema.js";
import { adminReceivables } from "./receivables-list.js";

/** What every company on account owes, for the admins (docs/BUYING-ON-ACCOUNT.md, 'Statements and receivables'). */
export const adminReceivablesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/admin/receivables",
    {
      onRequest: app.backOffice("read:receivables"),
      schema: {
        summary: "Every company on account with what it owes, most overdue first (admins only)",
        description:
          "Each company on terms (and any whose terms were taken away while it still owes): its terms, credit " +
          "used and available, what its invoices owe and how much of it is overdue, the aging of that (current, " +
          "1-30, 31-60, 61-90, over 90 days past due), `hold` (an invoice more than 30 days overdue stops its new " +
          "orders on account) and the money it paid that waits for an invoice. Sorted by the amount overdue, " +
          "then by what is owed; `limit` and `offset` page it, X-Total-Count holds how many companies there are, " +
          "and `totals` adds up all of them. Dollars.",
        tags: ["Admin companies"],
        security: requires("accessToken"),
        querystring: pageQuerySchema,
        response: {
          200: jsonAnswer("One page of the companies, and the totals of all.", adminReceivablesSchema),
          ...errorAnswers(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const { answer, total } = await adminReceivables(app.db, request.query);
      reply.header(TOTAL_COUNT_HEADER, total).header("cache-control", "private, no-store");
      return answer;
    },
  );
};
