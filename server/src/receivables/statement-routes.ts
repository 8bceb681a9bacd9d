import {
  companyIdParamsSchema,
  companyStatementSchema,
  isoMonth,
  OPEN_INVOICES_PER_PAGE,
  type StatementQuery,
  statementQuerySchema,
} from "@forgeline/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../company/policy.js";
import { termsOfRow } from "../company/queries/terms.js";
import { callerOf } from "../http/caller.js";
import { HttpError } from "../http/errors.js";
import { authorize } from "../http/guard.js";
import { pdfDocument, sendPdf } from "../http/pdf-document.js";
import { errorAnswers, fileAnswer, jsonAnswer, requires } from "../http/route-schema.js";
import { spendAllowance } from "../rate-limit/account-allowances.js";
import { companyStatement } from "./statement.js";
import { statementCsv, statementDocument } from "./statement-documents.js";

const NO_SUCH_COMPANY = "No such company.";
const SPENDERS_ONLY = "Only the company's owners and buyers see its statement.";

/** Who may ask, and for which month: every statement route's description ends with it. */
const MONTH_AND_CALLERS =
  "`month` is YYYY-MM (UTC), this month when left out; a malformed month or one after this month is 400. The " +
  "company's owners and buyers only: requesters get 403, anyone outside the company (admins too) 404.";

const SHARED = {
  tags: ["Companies"],
  security: requires("accessToken"),
  params: companyIdParamsSchema,
  querystring: statementQuerySchema,
};

/**
 * A company's statement (docs/BUYING-ON-ACCOUNT.md, 'Statements and receivables'), as JSON, PDF and CSV, for its
 * owners and buyers: the same permission as its credit (`read:credit`), since it says what the company owes.
 */
export const statementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/companies/:id/statement",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "The company's statement of a month: balances, entries, open invoices, aging, credit",
        description:
          "The month's opening balance (invoices less money received and credit notes before it), its ledger " +
          "entries in order (invoices, payments received, payments put against invoices, card payments, credit " +
          "notes), each with the balance after it, and the closing balance; then, as of now, the open invoices " +
          "with their balances and days overdue, the aging of what they owe (current, 1-30, 31-60, 61-90, over " +
          "90 days past due), the terms, credit used and available, and the money received not yet put against " +
          `an invoice. The open invoices come a page at a time (\`openPage\`, ${OPEN_INVOICES_PER_PAGE} a page, the ` +
          `earliest due first; \`openInvoiceCount\` counts them all). Dollars. ${MONTH_AND_CALLERS}`,
        ...SHARED,
        response: {
          200: jsonAnswer("The statement.", companyStatementSchema),
          ...errorAnswers(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const company = await companyForStatement(app, request, request.params.id);
      reply.header("cache-control", "private, no-store");
      return companyStatement(app.db, company, { month: monthOf(request.query), openPage: request.query.openPage });
    },
  );

  app.get(
    "/companies/:id/statement.pdf",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "The company's statement of a month as a PDF",
        description:
          "The opening balance, the month's entries with charges, credits and the balance after each, the " +
          "closing balance, and what the open invoices owe now by age. Counts against the caller's allowance of " +
          `documents (429). ${MONTH_AND_CALLERS}`,
        ...SHARED,
        response: {
          200: fileAnswer("The statement as a PDF named after the month.", "application/pdf"),
          ...errorAnswers(400, 401, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const company = await companyForStatement(app, request, request.params.id);
      await spendAllowance(app, reply, callerOf(request).email, "document");
      const statement = await companyStatement(app.db, company, { month: monthOf(request.query) });
      const pdf = await pdfDocument(
        statementDocument(statement, {
          seller: app.config.seller,
          bankDetails: app.config.bankDetails,
          company: { taxId: company.taxId, billingAddress: company.billingAddress },
        }),
      );
      return sendPdf(reply, pdf, `statement-${statement.month}.pdf`);
    },
  );

  app.get(
    "/companies/:id/statement.csv",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "The company's statement of a month as CSV",
        description:
          "After a header row: the opening balance, one row per entry (date, kind, reference, invoice and order " +
          "number, due date, description, amount, change and balance in dollars), the closing balance. Text " +
          "cells are quoted and a cell a spreadsheet would take for a formula starts with an apostrophe. Counts " +
          `against the caller's allowance of documents (429). ${MONTH_AND_CALLERS}`,
        ...SHARED,
        response: {
          200: fileAnswer("The statement's rows.", "text/csv"),
          ...errorAnswers(400, 401, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const company = await companyForStatement(app, request, request.params.id);
      await spendAllowance(app, reply, callerOf(request).email, "document");
      const statement = await companyStatement(app.db, company, { month: monthOf(request.query) });
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="statement-${statement.month}.csv"`)
        .header("cache-control", "private, no-store")
        .send(statementCsv(statement));
    },
  );
};

const monthOf = (query: StatementQuery) => query.month ?? isoMonth(new Date());

/**
 * The company, once the caller may read its statement: 404 to anyone outside it, 403 to its requesters. Only its
 * members may, so it is the caller's membership's, read with it (its terms too): no second read of the company.
 */
async function companyForStatement(app: FastifyInstance, request: FastifyRequest, id: string) {
  const actor = await actorOf(app.db, callerOf(request));
  authorize(
    actor,
    "read:credit",
    { companyId: id },
    { seeing: "read:company", missing: NO_SUCH_COMPANY, forbidden: SPENDERS_ONLY },
  );
  const { membership } = actor;
  if (membership?.companyId !== id) throw new HttpError(404, NO_SUCH_COMPANY);
  const { name, taxId, billingAddress } = membership.company;
  return { id, name, taxId, billingAddress, terms: termsOfRow(membership.company) };
}
