import { companyIdParamsSchema, paymentReceivedBodySchema, paymentReceivedSchema } from "@forgeline/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { findCompany } from "../company/queries/companies.js";
import { callerOf } from "../http/caller.js";
import { HttpError } from "../http/errors.js";
import { errorAnswers, jsonAnswer, requires } from "../http/route-schema.js";
import { recordPayment } from "./record-payment.js";
import { answeringRefusals } from "./refusal-answers.js";

/** Money received from companies on account (docs/BUYING-ON-ACCOUNT.md, 'Payments and the ledger'). */
export const receivablesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/admin/companies/:id/payments",
    {
      onRequest: app.backOffice("record:payment"),
      config: { idempotent: true },
      schema: {
        summary: "Record money a company paid by bank transfer (admins only)",
        description:
          "`amount` in dollars, `receivedAt` (YYYY-MM-DD, not in the future), the transfer's `reference` (once per " +
          "company: the same reference again is 409, never two payments) and optional `allocations` (`orderId`, " +
          "`amount`: an invoice of this company with at least that much owed, else 404 or 409). Without " +
          "allocations it pays the company's oldest invoices first; what is left stays as its credit and pays " +
          "the next invoices as they are issued. Audited.",
        tags: ["Admin companies"],
        security: requires("accessToken"),
        params: companyIdParamsSchema,
        body: paymentReceivedBodySchema,
        response: {
          201: jsonAnswer(
            "The payment, what it paid order by order, and the company's credit after it.",
            paymentReceivedSchema,
          ),
          ...errorAnswers(400, 401, 403, 404, 409, 413, 415),
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!(await findCompany(app.db, id))) throw new HttpError(404, "No such company.");
      const by = callerOf(request).email;
      const payment = await answeringRefusals(() => recordPayment(app.db, id, request.body, by));
      return reply.code(201).send(payment);
    },
  );
};
