import {
  idParamsSchema,
  ORDER_STATUS_MESSAGES,
  orderAnswerFor,
  orderBodySchema,
  orderCreatedSchema,
  orderListQuerySchema,
  orderSchema,
  SHIPMENT_MESSAGES,
} from "@forgeline/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { actorFor, actorOf } from "../company/policy.js";
import { callerOf } from "../http/caller.js";
import { HttpError } from "../http/errors.js";
import { authorize, personalActor, requireBuyer } from "../http/guard.js";
import { sendPdf } from "../http/pdf-document.js";
import { errorAnswers, fileAnswer, jsonAnswer, requires } from "../http/route-schema.js";
import { findProduct } from "../product/queries/products.js";
import { spendAllowance } from "../rate-limit/account-allowances.js";
import { cancelOrder } from "./cancel-order.js";
import { invoiceOf, invoicePdf } from "./invoice-pdf.js";
import { placeOrder, refusalError } from "./place-order.js";
import { orderFor } from "./policy.js";
import { invoicesOfOrder } from "./queries/account-invoices.js";
import { linesOf, ordersOf } from "./queries/orders.js";
import { orderWithHistory, withHistory } from "./queries/wire.js";

const NO_SUCH_ORDER = "No such order.";

export const orderingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/ordering",
    {
      onRequest: app.authenticate,
      config: { idempotent: true },
      schema: {
        summary: "Order one product (an order of one line)",
        description:
          "`orderId` names the product (the spec's wire name); `quantity` must keep to its quantity rule (100 to " +
          "200 pieces by default) and stock. The prices, promotion, tax, name and email come from the server; " +
          "a `userEmail` other than the caller's is refused. A company's member gives a `poNumber` when the company " +
          "requires one, and `addressId` (one of its delivery addresses) instead of `address` when it keeps any. " +
          "Admin accounts cannot order. POST /api/cart/checkout " +
          "orders several tools at once.",
        tags: ["Orders"],
        security: requires("accessToken"),
        body: orderBodySchema,
        response: {
          200: jsonAnswer(
            "Not placed: an unpaid order of this product is waiting (`success`: false, `insertedId`: null).",
            orderCreatedSchema,
          ),
          201: jsonAnswer("The order is placed; `insertedId` is its id.", orderCreatedSchema),
          ...errorAnswers(400, 401, 403, 404, 413, 415, 429),
        },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      requireBuyer(caller, "create:order");
      // The wire's `orderId` is the id of the product ordered.
      const {
        orderId: productId,
        quantity,
        phone,
        address,
        addressId,
        poNumber,
        userEmail,
        paymentMethod,
        shipping,
      } = request.body;
      if (userEmail !== undefined) {
        authorize(
          personalActor(caller),
          "create:order",
          { userEmail: userEmail.trim().toLowerCase() },
          {
            forbidden: "You can only order for your own account.",
          },
        );
      }
      const product = await findProduct(app.db, productId);
      if (!product) throw new HttpError(404, "This product is no longer in the catalogue.");
      const outcome = await placeOrder(app, reply, {
        email: caller.email,
        delivery: { phone, address, addressId, poNumber },
        lines: [{ product, quantity }],
        paymentMethod,
        shipping,
      });
      if (!("refused" in outcome)) {
        return reply.code(201).send({ success: true, insertedId: outcome.orderId, status: outcome.status });
      }
      // An open order of this product already exists (docs/SPEC-CONFORMANCE.md §8, as
      // docs/decisions/006-deviations-from-spec.md fixes it).
      if (outcome.refused === "held") return { success: false, insertedId: null };
      if (outcome.refused !== "withdrawn" && outcome.refused !== "rule" && outcome.refused !== "stock") {
        throw refusalError(outcome);
      }
      // The modal shows a line's problem beside its quantity field, which names the tool already.
      const message = outcome.refused === "rule" ? outcome.message.slice(product.name.length + 2) : outcome.message;
      throw new HttpError(400, message, [{ field: "quantity", message }]);
    },
  );

  app.get(
    "/ordering",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "List the caller's orders",
        description: "`userEmail` must be the caller's own.",
        tags: ["Orders"],
        security: requires("accessToken"),
        querystring: orderListQuerySchema,
        response: {
          200: jsonAnswer(
            "The caller's orders, newest first: `orderId` is the product's id, `order` its name, `price` the total.",
            z.array(orderSchema),
          ),
          ...errorAnswers(400, 401, 403),
        },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      authorize(
        personalActor(caller),
        "read:order",
        { userEmail: request.query.userEmail },
        {
          forbidden: "You can only see your own orders.",
        },
      );
      const rows = await ordersOf(app.db, caller.email);
      const [actor, orders] = await Promise.all([actorFor(app.db, caller, rows), withHistory(app.db, rows)]);
      return orders.map((order) => orderAnswerFor(actor, order));
    },
  );

  app.get(
    "/ordering/:id",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "Read one of the caller's orders",
        description:
          "Their own, or their company's. A requester reads a colleague's order without what it owes (`amountPaid`, " +
          "`credited`, `creditNotes`, `balance`, `creditable`, `overdue`), which its buyer and the company's owners " +
          "and buyers read.",
        tags: ["Orders"],
        security: requires("accessToken"),
        params: idParamsSchema,
        response: { 200: jsonAnswer("The order.", orderSchema), ...errorAnswers(400, 401, 404) },
      },
    },
    async (request) => {
      const actor = await actorOf(app.db, callerOf(request));
      const order = await orderFor(app.db, actor, request.params.id, "read:order");
      if (!order) throw new HttpError(404, NO_SUCH_ORDER);
      return orderAnswerFor(actor, await orderWithHistory(app.db, order));
    },
  );

  app.post(
    "/ordering/:id/cancel",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "Cancel one of the caller's unpaid orders",
        description: "No money moved, so nothing is refunded; the product can be ordered again at once.",
        tags: ["Orders"],
        security: requires("accessToken"),
        params: idParamsSchema,
        response: {
          200: jsonAnswer("The order, now cancelled.", orderSchema),
          ...errorAnswers(400, 401, 404, 409, 429),
        },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      await spendAllowance(app, reply, caller.email, "cancel-order");
      const actor = await actorOf(app.db, caller);
      const change = await cancelOrder(app, request.params.id, { customer: actor }, request.log);
      if (change.kind === "missing") throw new HttpError(404, NO_SUCH_ORDER);
      if (change.kind === "refused") throw new HttpError(409, ORDER_STATUS_MESSAGES.cannotCancel(change.order));
      return orderAnswerFor(actor, await orderWithHistory(app.db, change.after));
    },
  );

  app.get(
    "/ordering/:id/invoice",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "Download the invoice (PDF) of an invoiced order",
        description:
          "A card order is invoiced when paid, an order on account when it ships (its PDF says when it is due, the " +
          "amount paid, the balance and where to pay). Its buyer gets it, and the owners and buyers of its company; an " +
          "admin any order's; anyone else 404, a requester for a colleague's order too. An order on account shipped " +
          "in parts has an invoice per shipment instead (GET /api/ordering/{id}/shipments/{shipmentId}/invoice): 409.",
        tags: ["Orders"],
        security: requires("accessToken"),
        params: idParamsSchema,
        response: {
          200: fileAnswer("The invoice as a PDF file named after its number.", "application/pdf"),
          ...errorAnswers(400, 401, 404, 409, 429),
        },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const order = await orderFor(app.db, await actorOf(app.db, caller), request.params.id, "invoice:order");
      if (!order) throw new HttpError(404, NO_SUCH_ORDER);
      const invoice = invoiceOf(order, await linesOf(app.db, order.id), app.config);
      if (!invoice) throw new HttpError(409, ORDER_STATUS_MESSAGES.noInvoice(order));
      // On account the order's invoice is its one invoice for the whole total; one shipped in parts has one each.
      const onAccount = order.paymentMethod === "invoice" ? await invoicesOfOrder(app.db, order.id) : [];
      if (onAccount.length > 0 && !(onAccount.length === 1 && onAccount[0]?.totalCents === order.totalCents)) {
        throw new HttpError(409, SHIPMENT_MESSAGES.invoicedPerShipment(onAccount.length));
      }
      await spendAllowance(app, reply, caller.email, "document");
      return sendPdf(reply, await invoicePdf(invoice), `${invoice.number}.pdf`);
    },
  );
};
