import {
  CREDIT_NOTE_MESSAGES,
  creditNoteBodySchema,
  creditNoteParamsSchema,
  dollarsToCents,
  idParamsSchema,
  orderSchema,
  withBackOfficeOrderActions,
} from "@forgeline/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../company/policy.js";
import { callerOf } from "../http/caller.js";
import { HttpError } from "../http/errors.js";
import { personalActor } from "../http/guard.js";
import { sendPdf } from "../http/pdf-document.js";
import { errorAnswers, fileAnswer, jsonAnswer, requires } from "../http/route-schema.js";
import { creditNotesByOrder, invoicesOfOrder, orderFor, orderWithHistory } from "../ordering/order-money.js";
import { spendAllowance } from "../rate-limit/account-allowances.js";
import { creditNotePdf } from "./credit-note-pdf.js";
import { issueCreditNote } from "./issue-credit-note.js";
import { answeringRefusals } from "./refusal-answers.js";

/**
 * Credit notes (docs/BUYING-ON-ACCOUNT.md, 'Credit notes'): an admin refunds an invoiced order on account by one,
 * in full or in part, and whoever may download the order's invoice downloads its credit notes.
 */
export const creditNoteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/admin/orders/:id/credit-notes",
    {
      onRequest: app.backOffice("credit:order"),
      config: { idempotent: true },
      schema: {
        summary: "Refund an invoiced order on account by a credit note, in full or in part (admins only)",
        description:
          "`amount` in dollars, or all that is left to credit of its invoice when left out; `invoiceNumber`, the " +
          "invoice it is against, may be left out when the order has one (an order shipped in parts has one per " +
          "shipment: 409 naming them when it has several, 404 for one not the order's); `reason`, required, says why in one " +
          "line (on the note, its PDF, the statement and the mail). It issues the next credit note " +
          "(CN-000001, its own gapless sequence), which takes the amount off what the invoice owes; what is more " +
          "than that was paid already and becomes the company's credit, which pays its next invoices. Credited " +
          "in full, the order is refunded; credited in part with nothing left owed, refunded in part. `restock` " +
          "(only with a credit note for all that is left) puts its pieces back in stock. 409: a card order (POST " +
          "/api/admin/orders/{id}/refund refunds it), an order not invoiced yet (cancel it instead) or refunded " +
          "already, or an amount above what is left to credit (the message says how much is). Audited; the " +
          "buyer is mailed.",
        tags: ["Admin orders"],
        security: requires("accessToken"),
        params: idParamsSchema,
        body: creditNoteBodySchema,
        response: {
          201: jsonAnswer("The order with its credit notes, the new one last.", orderSchema),
          ...errorAnswers(400, 401, 403, 404, 409, 413, 415),
        },
      },
    },
    async (request, reply) => {
      const { amount, restock = false, reason, invoiceNumber } = request.body;
      const cents = amount === undefined ? undefined : dollarsToCents(amount);
      const by = callerOf(request).email;
      const issued = await answeringRefusals(() =>
        issueCreditNote(app, request.params.id, { cents, invoiceNumber, restock, by, reason }),
      );
      const order = await orderWithHistory(app.db, issued.after);
      return reply.code(201).send(withBackOfficeOrderActions(personalActor(callerOf(request)), order));
    },
  );

  app.get(
    "/ordering/:id/credit-notes/:number",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "Download a credit note (PDF) of an order on account",
        description:
          "Its number, date, the invoice and order it credits, its reason, the amount and where it went (off the invoice's " +
          "balance, or to the company's credit). Whoever may download the order's invoice: its buyer, the owners " +
          "and buyers of its company, any admin; anyone else 404 (a requester for a colleague's order too), as for " +
          "an order that does not exist.",
        tags: ["Orders"],
        security: requires("accessToken"),
        params: creditNoteParamsSchema,
        response: {
          200: fileAnswer("The credit note as a PDF file named after its number.", "application/pdf"),
          ...errorAnswers(400, 401, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { id, number } = request.params;
      const order = await orderFor(app.db, await actorOf(app.db, caller), id, "invoice:order");
      const notes = order ? ((await creditNotesByOrder(app.db, [order.id])).get(order.id) ?? []) : [];
      const at = notes.findIndex((row) => row.number === number);
      const creditNote = notes[at];
      const invoice =
        order && (await invoicesOfOrder(app.db, order.id)).find((one) => one.number === creditNote?.invoiceNumber);
      if (!order || !creditNote || !invoice) throw new HttpError(404, CREDIT_NOTE_MESSAGES.noSuchCreditNote);
      await spendAllowance(app, reply, caller.email, "document");
      const earlier = notes.slice(0, at).filter((row) => row.invoiceNumber === invoice.number);
      const pdf = await creditNotePdf({ creditNote, earlier, order, invoice, seller: app.config.seller });
      return sendPdf(reply, pdf, `${creditNote.number}.pdf`);
    },
  );
};
