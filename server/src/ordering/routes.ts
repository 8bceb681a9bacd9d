import {
  idParamsSchema,
  ORDER_STATUS_MESSAGES,
  orderBodySchema,
  orderCreatedSchema,
  orderListQuerySchema,
  orderSchema,
} from "@forgeline/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { callerOf } from "../http/caller.js";
import { HttpError } from "../http/errors.js";
import { errorAnswers, fileAnswer, jsonAnswer, requires } from "../http/route-schema.js";
import { accountName } from "../identity/queries.js";
import { findProduct } from "../product/queries.js";
import { invoicePdf } from "./invoice-pdf.js";
import { changeStatus, findOrder, orderOf, ordersOf, orderWithHistory, placeOrder, withHistory } from "./queries.js";

const NO_SUCH_ORDER = "No such order.";

export const orderingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/ordering",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "Order 100 to 200 pieces of one product",
        description:
          "`orderId` names the product (the spec's wire name). The price, name and email come from the server; " +
          "a `userEmail` other than the caller's is refused. Admin accounts cannot order.",
        tags: ["Orders"],
        security: requires("accessToken"),
        body: orderBodySchema,
        response: {
          200: jsonAnswer(
            "Not placed: an unpaid order of this product is waiting (`success`: false, `insertedId`: null).",
            orderCreatedSchema,
          ),
          201: jsonAnswer("The order is placed; `insertedId` is its id.", orderCreatedSchema),
          ...errorAnswers(400, 401, 403, 404, 413, 415),
        },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      if (caller.role === "admin")
        throw new HttpError(403, "Admin accounts cannot place orders; use a customer account.");
      // The wire's `orderId` is the id of the product ordered.
      const { orderId: productId, quantity, phone, address, userEmail } = request.body;
      if (userEmail !== undefined && userEmail.trim().toLowerCase() !== caller.email) {
        throw new HttpError(403, "You can only order for your own account.");
      }
      const product = await findProduct(app.db, productId);
      if (!product) throw new HttpError(404, "This product is no longer in the catalogue.");
      if (quantity > product.quantity) {
        const message = `Only ${product.quantity} pieces of ${product.name} are in stock`;
        throw new HttpError(400, message, [{ field: "quantity", message }]);
      }
      const userName = (await accountName(app.db, caller.email)) || caller.email;
      const orderId = await placeOrder(app.db, {
        productId: product.id,
        productName: product.name,
        unitPriceCents: product.priceCents,
        quantity,
        totalCents: product.priceCents * quantity,
        userEmail: caller.email,
        userName,
        phone,
        address,
      });
      // An unpaid order of this product already exists (docs/SPEC-CONFORMANCE.md §8, as
      // docs/decisions/006-deviations-from-spec.md fixes it).
      if (!orderId) return { success: false, insertedId: null };
      return reply.code(201).send({ success: true, insertedId: orderId });
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
      if (request.query.userEmail !== caller.email) throw new HttpError(403, "You can only see your own orders.");
      return withHistory(app.db, await ordersOf(app.db, caller.email));
    },
  );

  app.get(
    "/ordering/:id",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "Read one of the caller's orders",
        tags: ["Orders"],
        security: requires("accessToken"),
        params: idParamsSchema,
        response: { 200: jsonAnswer("The order.", orderSchema), ...errorAnswers(400, 401, 404) },
      },
    },
    async (request) => {
      const order = await orderOf(app.db, callerOf(request).email, request.params.id);
      if (!order) throw new HttpError(404, NO_SUCH_ORDER);
      return orderWithHistory(app.db, order);
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
          ...errorAnswers(400, 401, 404, 409),
        },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const change = await app.db.transaction((tx) =>
        changeStatus(tx, request.params.id, {
          from: ["unpaid"],
          to: "cancelled",
          by: caller.email,
          note: "Cancelled by the customer",
          ownedBy: caller.email,
        }),
      );
      if (change.kind === "missing") throw new HttpError(404, NO_SUCH_ORDER);
      if (change.kind === "refused") throw new HttpError(409, ORDER_STATUS_MESSAGES.cannotCancel(change.status));
      return orderWithHistory(app.db, change.after);
    },
  );

  app.get(
    "/ordering/:id/invoice",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "Download the invoice (PDF) of a paid order",
        description: "A customer gets the invoices of their own orders; an admin any order's.",
        tags: ["Orders"],
        security: requires("accessToken"),
        params: idParamsSchema,
        response: {
          200: fileAnswer("The invoice as a PDF file named after its number.", "application/pdf"),
          ...errorAnswers(400, 401, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const order =
        caller.role === "admin"
          ? await findOrder(app.db, request.params.id)
          : await orderOf(app.db, caller.email, request.params.id);
      if (!order) throw new HttpError(404, NO_SUCH_ORDER);
      if (!order.invoiceNumber || !order.transactionId || !order.paidAt) {
        throw new HttpError(409, ORDER_STATUS_MESSAGES.noInvoice(order.status));
      }
      const pdf = await invoicePdf({
        number: order.invoiceNumber,
        orderId: order.id,
        seller: app.config.seller,
        buyer: { name: order.userName, email: order.userEmail, phone: order.phone, address: order.address },
        line: {
          productName: order.productName,
          quantity: order.quantity,
          unitPriceCents: order.unitPriceCents,
          totalCents: order.totalCents,
        },
        payment: { reference: order.transactionId, paidAt: order.paidAt },
      });
      return reply
        .type("application/pdf")
        .header("content-disposition", `attachment; filename="${order.invoiceNumber}.pdf"`)
        .header("cache-control", "private, no-store")
        .send(pdf as never); // the typed reply knows a file answer only as text
    },
  );
};
