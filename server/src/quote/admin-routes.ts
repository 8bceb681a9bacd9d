import {
  adminQuoteSchema,
  BACK_OFFICE,
  centsToDollars,
  idParamsSchema,
  QUOTE_LIFECYCLE,
  QUOTE_TRANSITIONS,
  quotePreviewBodySchema,
  quotePreviewSchema,
  quoteSchema,
  quoteSendBodySchema,
} from "@forgeline/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { recordAudit } from "../audit/queries.js";
import { actorOf } from "../company/policy.js";
import type { Database } from "../db/client.js";
import { callerOf } from "../http/caller.js";
import { HttpError } from "../http/errors.js";
import { errorAnswers, jsonAnswer, requires } from "../http/route-schema.js";
import { enqueueAccountMail } from "../identity/queries.js";
import { pricedJson } from "../pricing/price.js";
import { allQuotes, findQuote, lockQuote, quotedPrice, statusOf, updateQuote } from "./queries.js";
import { QUOTE_PDF_ANSWERS, sendQuotePdf } from "./quote-pdf.js";
import { NO_SUCH_QUOTE, quoteAnswer, quoteTaxRate } from "./routes.js";
import { dearerRefusal, isDearer, todayJson, todayOf, withPrices } from "./today.js";

/** The quote, or 404. */
async function quoteOr404(db: Database, id: string) {
  const row = await findQuote(db, id);
  if (!row) throw new HttpError(404, NO_SUCH_QUOTE);
  return row;
}

/**
 * The admins' side of quotes (docs/SELLING-TO-BUSINESSES.md, 'Quotes'): the list, one quote beside what its lines
 * cost the buyer today, prices tried before sending, and pricing and sending one (audited). A quote dearer than
 * today's price is sent only when the admin confirms it (docs/decisions/036-quotes-beside-todays-price.md).
 */
export const quoteAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/admin/quotes",
    {
      onRequest: app.backOffice("price:quote"),
      schema: {
        summary: "Every quote, newest first (admins only)",
        tags: ["Admin quotes"],
        security: requires("accessToken"),
        response: { 200: jsonAnswer("The quotes.", z.array(quoteSchema)), ...errorAnswers(401, 403) },
      },
    },
    async (request) => {
      const admin = await actorOf(app.db, callerOf(request));
      return Promise.all((await allQuotes(app.db)).map((row) => quoteAnswer(app, app.db, row, admin, BACK_OFFICE)));
    },
  );

  app.get(
    "/admin/quotes/:id",
    {
      onRequest: app.backOffice("price:quote"),
      schema: {
        summary: "One quote, and what its lines would cost the buyer today (admins only)",
        description:
          "`today` prices the quote's lines for its buyer now, as their cart would: per line the unit price and " +
          "its source (`list`, `tier` with `tierFrom`, `contract`), the promotion they would get, tax and total. " +
          "Null when a tool of the quote has left the catalogue.",
        tags: ["Admin quotes"],
        security: requires("accessToken"),
        params: idParamsSchema,
        response: {
          200: jsonAnswer("The quote and today's price.", adminQuoteSchema),
          ...errorAnswers(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const row = await quoteOr404(app.db, request.params.id);
      const admin = await actorOf(app.db, callerOf(request));
      const quote = await quoteAnswer(app, app.db, row, admin, BACK_OFFICE);
      return { ...quote, today: todayJson(await todayOf(app, row)) };
    },
  );

  app.post(
    "/admin/quotes/:id/preview",
    {
      onRequest: app.backOffice("price:quote"),
      schema: {
        summary:
          "Price a quote's lines at unit prices being typed, beside today's price; nothing is kept (admins only)",
        description:
          "`lines`: a unit price above $0 for every line (by `productId`). `quoted` is the quote's order at those " +
          "prices (no promotion, tax as usual), `today` what the buyer would pay today, `dearer` whether sending " +
          "it needs `confirmDearer`.",
        tags: ["Admin quotes"],
        security: requires("accessToken"),
        params: idParamsSchema,
        body: quotePreviewBodySchema,
        response: {
          200: jsonAnswer("The quote at these prices, and today's price.", quotePreviewSchema),
          ...errorAnswers(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const row = await quoteOr404(app.db, request.params.id);
      const priced = withPrices(row.lines, request.body.lines);
      const quoted = quotedPrice(priced, await quoteTaxRate(app, app.db, row));
      if (!quoted) throw new Error("every line of the quote was priced");
      const today = await todayOf(app, row);
      return { quoted: pricedJson(quoted), today: todayJson(today), dearer: isDearer(quoted.totalCents, today) };
    },
  );

  app.get(
    "/admin/quotes/:id/pdf",
    {
      onRequest: app.backOffice("price:quote"),
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
      const row = await quoteOr404(app.db, request.params.id);
      return sendQuotePdf(app, reply, row, callerOf(request).email);
    },
  );

  app.post(
    "/admin/quotes/:id/send",
    {
      onRequest: app.backOffice("price:quote"),
      schema: {
        summary: "Price each line of a quote, set its expiry and send it to the buyer (admins only)",
        description:
          "`lines`: a unit price above $0 for every line of the quote (by `productId`), `expiresAt` in the " +
          "future, a `note`. Sending again revises it: the newest replaces the previous, until the buyer " +
          "accepts (then, or once declined, 409). A total above what the buyer would pay today (`today` of " +
          "GET /admin/quotes/{id}) is 409 naming both totals unless `confirmDearer` is true. The buyer is " +
          "mailed. Audited.",
        tags: ["Admin quotes"],
        security: requires("accessToken"),
        params: idParamsSchema,
        body: quoteSendBodySchema,
        response: { 200: jsonAnswer("The quote as sent.", quoteSchema), ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const admin = callerOf(request).email;
      const { lines, expiresAt, note, confirmDearer } = request.body;
      // A quote's lines never change once asked, so today's price is read before the quote is locked.
      const today = await todayOf(app, await quoteOr404(app.db, request.params.id));
      const row = await app.db.transaction(async (tx) => {
        const before = await lockQuote(tx, request.params.id);
        if (!before) throw new HttpError(404, NO_SUCH_QUOTE);
        const status = statusOf(before);
        if (!QUOTE_LIFECYCLE.can("send", status)) throw new HttpError(409, QUOTE_LIFECYCLE.refusal("send", status));
        const priced = withPrices(before.lines, lines);
        const total = quotedPrice(priced, await quoteTaxRate(app, tx, before))?.totalCents ?? 0n;
        const dearer = isDearer(total, today);
        if (dearer && today && !confirmDearer) throw dearerRefusal(total, today);
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
          after: {
            status: after.status,
            revision: after.revision,
            lines: after.lines,
            expiresAt: after.expiresAt,
            totalCents: Number(total),
            // What the buyer would have paid today, kept with a quote the admin confirmed dearer than that.
            ...(dearer && today ? { todayTotalCents: Number(today.priced.totalCents) } : {}),
          },
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
      return quoteAnswer(app, app.db, row, await actorOf(app.db, callerOf(request)), BACK_OFFICE);
    },
  );
};
