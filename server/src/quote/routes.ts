import {
  type Actor,
  apiErrorSchema,
  centsToDollars,
  idParamsSchema,
  newQuoteBodySchema,
  orderCreatedSchema,
  QUOTE_EXPIRED,
  QUOTE_LIFECYCLE,
  QUOTE_REVISED,
  QUOTE_TRANSITIONS,
  type Quote,
  type QuoteAction,
  quoteAcceptBodySchema,
  quoteActions,
  quoteSchema,
  type Resource,
} from "@forgeline/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { cartLinesOf, clearCart } from "../cart/queries.js";
import { actorOf } from "../company/policy.js";
import { findCompany } from "../company/queries/companies.js";
import type { Database } from "../db/client.js";
import { callerOf } from "../http/caller.js";
import { errorBody, HttpError } from "../http/errors.js";
import { authorize, requireBuyer } from "../http/guard.js";
import { errorAnswers, jsonAnswer, requires } from "../http/route-schema.js";
import { enqueueAccountMail, findAccount } from "../identity/queries.js";
import { taxRateFor } from "../ordering/checkout.js";
import { type BuyerLine, withBuyerLock } from "../ordering/order-rules.js";
import { placeOrder, refusalError, refuse } from "../ordering/place-order.js";
import { productsByIds } from "../product/queries/products.js";
import { spendMailingAllowance } from "../rate-limit/account-allowances.js";
import {
  findQuote,
  insertQuote,
  lockQuote,
  type QuoteRow,
  quoteJson,
  quotesOf,
  statusOf,
  updateQuote,
} from "./queries.js";
import { QUOTE_PDF_ANSWERS, sendQuotePdf } from "./quote-pdf.js";

export const NO_SUCH_QUOTE = "Quote not found";

/** The caller's email; admins keep the shop, they do not ask it for prices. */
const buyerOf = (request: FastifyRequest): string => requireBuyer(callerOf(request), "create:quote");

/**
 * The quote if the guard lets the caller do this to it: who asked sees, accepts and declines it, the members
 * of the company it was asked for see it. Anyone else is answered as if it did not exist (404).
 */
async function quoteFor(db: Database, actor: Actor, id: string, action: "read:quote" | QuoteAction) {
  const row = await findQuote(db, id);
  if (!row) throw new HttpError(404, NO_SUCH_QUOTE);
  authorize(actor, action, row, { missing: NO_SUCH_QUOTE });
  return row;
}

/** The tax rate a quote's order would pay, by the order's rule of tax exemption. */
export async function quoteTaxRate(app: FastifyInstance, db: Database, row: Pick<QuoteRow, "companyId">) {
  const company = row.companyId ? await findCompany(db, row.companyId) : undefined;
  return taxRateFor(company, app.config.taxRateMilli);
}

/**
 * A quote as the wire shows it to this caller, with what they may do to it: through the customers' routes, or
 * in the back office (`BACK_OFFICE`, the admin routes).
 */
export async function quoteAnswer(
  app: FastifyInstance,
  db: Database,
  row: QuoteRow,
  actor: Actor,
  where: Resource = {},
): Promise<Quote> {
  const quote = quoteJson(row, await quoteTaxRate(app, db, row));
  return { ...quote, actions: quoteActions(actor, { ...quote, ...where }) };
}

/** Why the buyer may not take this step now, as a 409's message (from the quote's table); undefined when they may. */
function refusalOf(row: QuoteRow, step: "accept" | "decline"): string | undefined {
  const status = statusOf(row);
  return QUOTE_LIFECYCLE.can(step, status) ? undefined : QUOTE_LIFECYCLE.refusal(step, status);
}

const QUOTE_ANSWER = jsonAnswer("The quote.", quoteSchema);

/** The quote's lines as an order's, at the quoted prices; a tool gone from the shop refuses them. */
async function quotedLines(tx: Database, row: QuoteRow) {
  const products = new Map(
    (
      await productsByIds(
        tx,
        row.lines.map((line) => line.productId),
      )
    ).map((p) => [p.id, p]),
  );
  const lines: BuyerLine[] = [];
  for (const line of row.lines) {
    const product = products.get(line.productId);
    if (!product) return refuse("withdrawn", `${line.name} is no longer in the catalogue`);
    lines.push({ product, quantity: line.quantity, quoteCents: line.unitCents });
  }
  return lines;
}

/** Requests for quote, as a buyer sees them (docs/SELLING-TO-BUSINESSES.md, 'Quotes'). */
export const quoteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/quotes",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "Ask for a quote of the cart's lines, with a note",
        description:
          "The cart's lines are copied into a request for quote and the cart empties. An empty cart is 409. " +
          "The buyer is mailed; so at each later step. Each account has a daily allowance (429), smaller until " +
          "its address is confirmed.",
        tags: ["Quotes"],
        security: requires("accessToken"),
        body: newQuoteBodySchema,
        response: {
          201: jsonAnswer("Asked; `insertedId` is the quote's id.", z.object({ insertedId: z.string() })),
          ...errorAnswers(400, 401, 403, 409, 413, 415, 429),
        },
      },
    },
    async (request, reply) => {
      const email = buyerOf(request);
      if ((await cartLinesOf(app.db, email)).length === 0) throw new HttpError(409, "Your cart is empty.");
      const account = await findAccount(app.db, email);
      await spendMailingAllowance(app, reply, { email, confirmed: account?.verified ?? false }, "request-quote");
      const { company } = await actorOf(app.db, callerOf(request));
      const created = await withBuyerLock(app.db, { email }, async (tx) => {
        const cart = await cartLinesOf(tx, email);
        const products = new Map(
          (
            await productsByIds(
              tx,
              cart.map((line) => line.productId),
            )
          ).map((p) => [p.id, p]),
        );
        const lines = cart.flatMap((line) => {
          const product = products.get(line.productId);
          if (!product || product.archivedAt) return [];
          return [
            {
              productId: product.id,
              sku: product.sku,
              name: product.name,
              quantity: line.quantity,
              listUnitCents: product.priceCents,
              unitCents: null,
            },
          ];
        });
        if (lines.length === 0) return undefined;
        const row = await insertQuote(tx, {
          userEmail: email,
          companyId: company?.id ?? null,
          note: request.body.note,
          lines,
        });
        await clearCart(tx, email);
        await enqueueAccountMail(tx, email, "quote-update", {
          step: "requested",
          quoteId: row.id,
          total: null,
          expiresAt: null,
          revision: 0,
        });
        return row;
      });
      if (!created) throw new HttpError(409, "Your cart is empty.");
      return reply.code(201).send({ insertedId: created.id });
    },
  );

  app.get(
    "/quotes",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "The caller's quotes, and their company's for members, newest first",
        tags: ["Quotes"],
        security: requires("accessToken"),
        response: { 200: jsonAnswer("The quotes.", z.array(quoteSchema)), ...errorAnswers(401, 403) },
      },
    },
    async (request) => {
      const email = buyerOf(request);
      const actor = await actorOf(app.db, callerOf(request));
      const rows = await quotesOf(app.db, email, actor.company?.id);
      return Promise.all(rows.map((row) => quoteAnswer(app, app.db, row, actor)));
    },
  );

  app.get(
    "/quotes/:id",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "One quote: its lines, the quoted prices and total once sent, its expiry",
        description: "The caller's own, or their company's when a member; anyone else's is 404.",
        tags: ["Quotes"],
        security: requires("accessToken"),
        params: idParamsSchema,
        response: { 200: QUOTE_ANSWER, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) => {
      buyerOf(request);
      const actor = await actorOf(app.db, callerOf(request));
      return quoteAnswer(app, app.db, await quoteFor(app.db, actor, request.params.id, "read:quote"), actor);
    },
  );

  app.get(
    "/quotes/:id/pdf",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "Download a priced quote (PDF): its lines at the quoted prices, the total, until when it holds",
        description:
          "Whoever may read the quote: its buyer, or a member of the company it was asked for; anyone else's is " +
          "404. A quote still waiting for its prices is 409. Downloads share the account's allowance of " +
          "invoices, quotes and statements (429).",
        tags: ["Quotes"],
        security: requires("accessToken"),
        params: idParamsSchema,
        response: QUOTE_PDF_ANSWERS,
      },
    },
    async (request, reply) => {
      const email = buyerOf(request);
      const actor = await actorOf(app.db, callerOf(request));
      return sendQuotePdf(app, reply, await quoteFor(app.db, actor, request.params.id, "read:quote"), email);
    },
  );

  app.post(
    "/quotes/:id/accept",
    {
      onRequest: app.authenticate,
      config: { idempotent: true },
      schema: {
        summary: "Accept a sent quote: one order at exactly the quoted prices",
        description:
          "The buyer who asked accepts. The order's lines carry the quoted prices (`priceSource: quote`), no " +
          "promotion, tax as usual (none for a tax-exempt company), and the company's approvals as any order. " +
          `An expired quote is 409 "${QUOTE_EXPIRED}"; one accepted already, declined or not priced yet 409; ` +
          "a withdrawn tool or a line above stock 409 naming it. Of two accepts at once one places the order.",
        tags: ["Quotes"],
        security: requires("accessToken"),
        params: idParamsSchema,
        body: quoteAcceptBodySchema,
        response: {
          201: jsonAnswer("The order is placed; `insertedId` is its id. Pay it next.", orderCreatedSchema),
          409: jsonAnswer(
            "Not placed: `message` says why; `quote` is the quote as it stands when it was revised meanwhile.",
            apiErrorSchema.extend({ quote: quoteSchema.optional() }),
          ),
          ...errorAnswers(400, 401, 403, 404, 413, 415, 429),
        },
      },
    },
    async (request, reply) => {
      const email = buyerOf(request);
      const actor = await actorOf(app.db, callerOf(request));
      const found = await quoteFor(app.db, actor, request.params.id, "accept:quote");
      const early = refusalOf(found, "accept");
      if (early) throw new HttpError(409, early);
      // The quote as locked at acceptance: a revision is answered with it.
      const read: { quote?: QuoteRow } = {};
      const outcome = await placeOrder(app, reply, {
        email,
        delivery: request.body,
        paymentMethod: request.body.paymentMethod,
        lines: async (tx) => {
          const row = await lockQuote(tx, found.id);
          if (!row) return refuse("gone", NO_SUCH_QUOTE);
          read.quote = row;
          const closed = refusalOf(row, "accept");
          if (closed) return refuse("closed", closed);
          if (row.revision !== request.body.revision) return refuse("revised", QUOTE_REVISED);
          return quotedLines(tx, row);
        },
        quantities: "quoted",
        alongside: async (tx, { orderId, priced }) => {
          const row = read.quote as QuoteRow;
          await updateQuote(tx, row.id, { status: QUOTE_TRANSITIONS.accept.to, orderId, decidedAt: new Date() });
          await enqueueAccountMail(tx, email, "quote-update", {
            step: "accepted",
            quoteId: row.id,
            total: centsToDollars(priced.totalCents),
            expiresAt: row.expiresAt?.toISOString() ?? null,
            revision: row.revision,
          });
        },
      });
      if (!("refused" in outcome)) {
        return reply.code(201).send({ success: true, insertedId: outcome.orderId, status: outcome.status });
      }
      if (outcome.refused === "revised" && read.quote) {
        const quote = await quoteAnswer(app, app.db, read.quote, actor);
        return reply.code(409).send({ ...errorBody(409, QUOTE_REVISED), quote });
      }
      throw refusalError(outcome);
    },
  );

  app.post(
    "/quotes/:id/decline",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "Decline a quote; nothing is ordered",
        description: "The buyer who asked declines, before accepting; an accepted or expired quote is 409.",
        tags: ["Quotes"],
        security: requires("accessToken"),
        params: idParamsSchema,
        response: { 200: QUOTE_ANSWER, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      buyerOf(request);
      const actor = await actorOf(app.db, callerOf(request));
      const found = await quoteFor(app.db, actor, request.params.id, "decline:quote");
      const row = await app.db.transaction(async (tx) => {
        const locked = await lockQuote(tx, found.id);
        if (!locked) throw new HttpError(404, NO_SUCH_QUOTE);
        const closed = refusalOf(locked, "decline");
        if (closed) throw new HttpError(409, closed);
        const declined = await updateQuote(tx, locked.id, {
          status: QUOTE_TRANSITIONS.decline.to,
          decidedAt: new Date(),
        });
        await enqueueAccountMail(tx, locked.userEmail, "quote-update", {
          step: "declined",
          quoteId: locked.id,
          total: null,
          expiresAt: null,
          revision: locked.revision,
        });
        return declined;
      });
      return quoteAnswer(app, app.db, row, actor);
    },
  );
};
