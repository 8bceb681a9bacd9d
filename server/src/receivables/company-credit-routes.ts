import { companyCreditSchema, companyIdParamsSchema } from "@forgeline/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { companyFor } from "../company/route-access.js";
import { errorAnswers, jsonAnswer, requires } from "../http/route-schema.js";
import { companyCreditJson } from "./company-credit.js";

const SPENDERS_ONLY = "Only the company's owners and buyers see its credit.";

/**
 * What a company may still owe on account (docs/BUYING-ON-ACCOUNT.md, 'Terms and credit'): under the company's
 * path, answered here, where money on account is, through the company's one guard.
 */
export const companyCreditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/companies/:id/credit",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "What the company may still owe on account (owners and buyers)",
        description:
          "Its terms (null: it pays by card), the credit used (the balances of its orders on account that are not " +
          "cancelled, waiting ones included), the credit available, and `hold`: an invoice more than 30 days " +
          "overdue, which stops new orders on account. Requesters get 403; anyone outside the company 404.",
        tags: ["Companies"],
        security: requires("accessToken"),
        params: companyIdParamsSchema,
        response: {
          200: jsonAnswer("The company's credit.", companyCreditSchema),
          ...errorAnswers(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      await companyFor(app.db, request, request.params.id, "read:credit", undefined, SPENDERS_ONLY);
      return companyCreditJson(app.db, request.params.id);
    },
  );
};
