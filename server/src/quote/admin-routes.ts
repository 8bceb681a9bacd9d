import {
  centsToDollars,
  dollarsToCents,
  idParamsSchema,
  QUOTE_LIFECYCLE,
  QUOTE_TRANSITIONS,
  quoteSchema,
  quoteSendBodySchema,
} from "@forgeline/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { recordAudit } from "../audit/queries.js";
import { actorOf } from "../company/policy.js";
import { callerOf } from "../http/caller.js";
import { HttpError } from "../http/errors.js";
import { errorAnswers, jsonAnswer, requires } from "../http/route-schema.js";
import { enqueueAccountMail } from "../identity/queries.js";
import { allQuotes, findQuote, lockQuote, quotedPrice, statusOf, updateQuote } from "./queries.js";
import { QUOTE_PDF_ANSWERS, sendQuotePdf } from "./quote-pdf.js";
import { NO_SUCH_QUOTE, quoteAnswer, quoteTaxRate } from "./routes.js";

/**
 * The admins' side of quotes (docs/SELLING-TO-BUSINESSES.md, 'Quotes'): the list, and pricing and sending one
 * (audited).
 */
export const quoteAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/admin/quotes",
    {
      onRequest: app.requireAdmin,
      schema: {
        summary: "Every quote, newest first (admins only)",
        tags: ["Admin quotes"],
        security: requires("accessToken"),
        response: { 200: jsonAnswer("The quotes.", z.array(quoteSchema)), ...errorAnswers(401, 403) },
      },
    },
    async (request) => {
      const admin = await actorOf(app.db, callerOf(request));
      return Promise.all((await allQuotes(app.db)).map((row) => quoteAnswer(app, app.db, row, admin)));
    },
  );

  app.get(
    "/admin/quotes/:id/pdf",
    {
      onRequest: app.requireAdmin,
      schema: {
        summary: "Download any priced quote (PDF), as its buyer gets it (admins only)",
        description: "An unknown quote is 404; one still waiting for its prices 409.",
        tags: ["Admin quotes"],
        security: requires("accessToken"),
        params: idParamsSchema,
        response: QUOTE_PDF_ANSWERS,
      },
    },
    async (request, reply) => {
      const row = await findQuote(app.db, request.params.id);
      if (!row) throw new HttpError(404, NO_SUCH_QUOTE);
      return sendQuotePdf(app, reply, row, callerOf(request).email);
    },
  );

  app.post(
    "/admin/quotes/:id/send",
    {
      onRequest: app.requireAdmin,
      schema: {
        summary: "Price each line of a quote, set its expiry and send it to the buyer (admins only)",
        description:
          "`lines`: a unit price above $0 for every line of the quote (by `productId`), `expiresAt` in the " +
          "future, a `note`. Sending again revises it: the newest replaces the previous, until the buyer " +
          "accepts (then, or once declined, 409). The buyer is mailed. Audited.",
        tags: ["Admin quotes"],
        security: requires("accessToken"),
        params: idParamsSchema,
        body: quoteSendBodySchema,
        response: { 200: jsonAnswer("The quote as sent.", quoteSchema), ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const admin = callerOf(request).email;
      const { lines, expiresAt, note } = request.body;
      const prices = new Map(lines.map((line) => [line.productId, dollarsToCents(line.unitPrice)]));
      const row = await app.db.transaction(async (tx) => {
        const before = await lockQuote(tx, request.params.id);
        if (!before) throw new HttpError(404, NO_SUCH_QUOTE);
        const status = statusOf(before);
        if (!QUOTE_LIFECYCLE.can("send", status)) throw new HttpError(409, QUOTE_LIFECYCLE.refusal("send", status));
        const unpriced = before.lines.findIndex((line) => !prices.has(line.productId));
        const stray = lines.findIndex((line) => !before.lines.some((kept) => kept.productId === line.productId));
        if (unpriced >= 0 || stray >= 0 || prices.size !== lines.length) {
          const message = "Price every line of the quote once, and no other tool";
          throw new HttpError(400, message, [{ field: "lines", message }]);
        }
        const priced = before.lines.map((line) => ({ ...line, unitCents: prices.get(line.productId) ?? null }));
        const total = quotedPrice(priced, await quoteTaxRate(app, tx, before))?.totalCents ?? 0n;
        const after = await updateQuote(tx, before.id, {
          status: QUOTE_TRANSITIONS.send.to,
          lines: priced,
          expiresAt: new Date(expiresAt),
          shopNote: note,
          revision: before.revision + 1,
          sentAt: new Date(),
          sentBy: admin,
          totalCents: Number(total),
        });
        await recordAudit(tx, {
          actor: admin,
          action: "quote.send",
          target: before.id,
          before: {
            status: before.status,
            revision: before.revision,
            lines: before.lines,
            expiresAt: before.expiresAt,
          },
          after: { status: after.status, revision: after.revision, lines: after.lines, expiresAt: after.expiresAt },
        });
        await enqueueAccountMail(tx, before.userEmail, "quote-update", {
          step: "sent",
          quoteId: before.id,
          total: centsToDollars(total),
          expiresAt: after.expiresAt?.toISOString() ?? null,
          revision: after.revision,
        });
        return after;
      });
      return quoteAnswer(app, app.db, row, await actorOf(app.db, callerOf(request)));
    },
  );
};
