import { Readable } from "node:stream";
import {
  adminOrderCountsQuerySchema,
  adminOrderExportQuerySchema,
  adminOrderQuerySchema,
  balanceCents,
  centsToDollars,
  idParamsSchema,
  ORDER_STATUS_MESSAGES,
  orderCountsSchema,
  orderNumberText,
  orderSchema,
  plainDollars,
  shipBodySchema,
  TOTAL_COUNT_HEADER,
  withBackOfficeOrderActions,
} from "@forgeline/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { recordAudit } from "../audit/queries.js";
import { callerOf } from "../http/caller.js";
import { csvLine } from "../http/csv.js";
import { HttpError } from "../http/errors.js";
import { personalActor } from "../http/guard.js";
import { errorAnswers, fileAnswer, jsonAnswer, requires } from "../http/route-schema.js";
import { spendAllowance } from "../rate-limit/account-allowances.js";
import { cancelOrder } from "./cancel-order.js";
import { allOrders, countOrders, listOrders } from "./queries/order-list.js";
import { findOrder, type OrderLineRow, type OrderRow } from "./queries/orders.js";
import { deliverOrder, shipOrder } from "./ship-order.js";
import { adminOrderAnswer, moved, NO_SUCH_ORDER } from "./step-answer.js";

/**
 * The export's columns: heading, and the cell of an order's line (a row per line, docs/SELLING-TO-BUSINESSES.md, 'Cart
 * and checkout').
 */
const CSV_COLUMNS: [string, (order: OrderRow, line: OrderLineRow) => string | number | null][] = [
  ["Order number", (order) => orderNumberText(order.number)],
  ["Order id", (order) => order.id],
  ["Placed at", (order) => order.createdAt.toISOString()],
  ["Status", (order) => order.status],
  ["Customer", (order) => order.userName],
  ["Email", (order) => order.userEmail],
  ["Phone", (order) => order.phone],
  ["Address", (order) => order.address],
  ["PO number", (order) => order.poNumber],
  ["Line", (_, line) => line.position + 1],
  ["SKU", (_, line) => line.sku],
  ["Product", (_, line) => line.name],
  ["Quantity", (_, line) => line.quantity],
  ["List unit price (USD)", (_, line) => dollars(line.listUnitCents)],
  ["Unit price (USD)", (_, line) => dollars(line.unitCents)],
  ["Price source", (_, line) => line.priceSource],
  ["Line total (USD)", (_, line) => dollars(line.totalCents)],
  ["Line discount (USD)", (_, line) => dollars(line.discountCents)],
  ["Promotion", (order) => order.promotionName],
  ["Order discount (USD)", (order) => dollars(order.discountCents)],
  ["Order tax (USD)", (order) => dollars(order.taxCents)],
  ["Order total (USD)", (order) => dollars(order.totalCents)],
  ["Carrier", (order) => order.carrier],
  ["Tracking number", (order) => order.trackingNumber],
  ["Tracking URL", (order) => order.trackingUrl],
  ["Transaction id", (order) => order.transactionId],
  ["Payment method", (order) => order.paymentMethod],
  ["Due at", (order) => order.invoiceDueAt?.toISOString() ?? null],
  ["Balance (USD)", (order) => dollars(balanceCents(order))],
];
const dollars = (cents: number) => plainDollars(centsToDollars(cents));
const ORDER_ANSWERS = {
  200: jsonAnswer("The order as it is now, with its history.", orderSchema),
  ...errorAnswers(400, 401, 403, 404, 409),
};

/** The admins' side of the order lifecycle (docs/SPEC-CONFORMANCE.md, "Additions"); refunds are in payment/. */
export const adminOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminAnswer = (request: FastifyRequest, row: OrderRow) => adminOrderAnswer(app, request, row);

  app.get(
    "/admin/orders",
    {
      onRequest: app.backOffice("read:order"),
      schema: {
        summary: "List every order, newest first (admins only)",
        description:
          "`status` shows one status only, or `to-ship` the orders the shop must ship now (a card order once paid, one on account as soon as it goes ahead); `q` finds orders by their number (FL-100234 or 100234), by customer " +
          "email, product name, SKU or PO number (any part) or by the start of the order id. GET /api/admin/orders/counts gives the tab counts for the same `q`.",
        tags: ["Admin orders"],
        security: requires("accessToken"),
        querystring: adminOrderQuerySchema,
        response: {
          200: jsonAnswer(
            "One page of orders; X-Total-Count holds how many the filter finds in all.",
            z.array(orderSchema),
          ),
          ...errorAnswers(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const { status, q, limit, offset } = request.query;
      const { items, total } = await listOrders(app.db, { status, q }, { limit, offset });
      reply.header(TOTAL_COUNT_HEADER, total);
      const admin = personalActor(callerOf(request));
      return items.map((order) => withBackOfficeOrderActions(admin, order));
    },
  );

  app.get(
    "/admin/orders.csv",
    {
      onRequest: app.backOffice("export:order"),
      schema: {
        summary: "Download every order the list's filter finds, as CSV (admins only)",
        description:
          "The same `status` and `q` as GET /api/admin/orders, all pages, newest first, sent as it is read. " +
          "Cells a spreadsheet would take for a formula start with an apostrophe.",
        tags: ["Admin orders"],
        security: requires("accessToken"),
        querystring: adminOrderExportQuerySchema,
        response: {
          200: fileAnswer("One row per line of each order, after a header row.", "text/csv"),
          ...errorAnswers(400, 401, 403, 429),
        },
      },
    },
    async (request, reply) => {
      await spendAllowance(app, reply, callerOf(request).email, "orders-export");
      const rows = allOrders(app.db, request.query);
      // Every customer's name, phone and address leave the shop here: who took them, and which, is kept.
      await recordAudit(app.db, {
        actor: callerOf(request).email,
        action: "order.export",
        target: "orders.csv",
        before: null,
        after: { status: request.query.status ?? null, q: request.query.q ?? null },
      });
      async function* lines() {
        yield csvLine(CSV_COLUMNS.map(([heading]) => heading));
        for await (const { order, lines: orderLines } of rows) {
          for (const line of orderLines) yield csvLine(CSV_COLUMNS.map(([, cell]) => cell(order, line)));
        }
      }
      reply.type("text/csv; charset=utf-8").header("content-disposition", 'attachment; filename="orders.csv"');
      // Sent as it is read, never held whole; the typed reply knows the answer only as text.
      return reply.send(Readable.from(lines()) as never);
    },
  );

  app.get(
    "/admin/orders/counts",
    {
      onRequest: app.backOffice("read:order"),
      schema: {
        summary: "Count the orders per status, for the status tabs (admins only)",
        tags: ["Admin orders"],
        security: requires("accessToken"),
        querystring: adminOrderCountsQuerySchema,
        response: {
          200: jsonAnswer("How many orders `q` finds in each status, and in all.", orderCountsSchema),
          ...errorAnswers(400, 401, 403),
        },
      },
    },
    async (request) => countOrders(app.db, request.query.q),
  );

  app.get(
    "/admin/orders/:id",
    {
      onRequest: app.backOffice("read:order"),
      schema: {
        summary: "Read any order with its history (admins only)",
        tags: ["Admin orders"],
        security: requires("accessToken"),
        params: idParamsSchema,
        response: {
          200: jsonAnswer("The order, with its history.", orderSchema),
          ...errorAnswers(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const order = await findOrder(app.db, request.params.id);
      if (!order) throw new HttpError(404, NO_SUCH_ORDER);
      return adminAnswer(request, order);
    },
  );

  app.post(
    "/admin/orders/:id/ship",
    {
      onRequest: app.backOffice("ship:order"),
      schema: {
        summary: "Ship an order with its carrier and tracking number (admins only)",
        description:
          "`trackingUrl` is optional and must start with https://. A card order ships once paid (else 409); an " +
          "order on account ships unpaid and is invoiced as it ships: `invoice` gives its number, date and due date.",
        tags: ["Admin orders"],
        security: requires("accessToken"),
        params: idParamsSchema,
        body: shipBodySchema,
        response: { 200: ORDER_ANSWERS[200], ...errorAnswers(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request) => {
      const { carrier, trackingNumber, trackingUrl = null } = request.body;
      const shipment = { carrier, trackingNumber, trackingUrl };
      const change = await shipOrder(app, request.params.id, callerOf(request).email, shipment);
      return adminAnswer(request, moved(change, ORDER_STATUS_MESSAGES.cannotShip));
    },
  );

  app.post(
    "/admin/orders/:id/deliver",
    {
      onRequest: app.backOffice("deliver:order"),
      schema: {
        summary: "Mark a shipped order delivered (admins only)",
        tags: ["Admin orders"],
        security: requires("accessToken"),
        params: idParamsSchema,
        response: ORDER_ANSWERS,
      },
    },
    async (request) => {
      const change = await deliverOrder(app, request.params.id, callerOf(request).email);
      return adminAnswer(request, moved(change, ORDER_STATUS_MESSAGES.cannotDeliver));
    },
  );

  app.post(
    "/admin/orders/:id/cancel",
    {
      onRequest: app.backOffice("cancel:order"),
      schema: {
        summary: "Cancel an unpaid order (admins only)",
        description: "No money moved, so nothing is refunded. A paid order is refunded instead.",
        tags: ["Admin orders"],
        security: requires("accessToken"),
        params: idParamsSchema,
        response: ORDER_ANSWERS,
      },
    },
    async (request) => {
      const change = await cancelOrder(app, request.params.id, { admin: callerOf(request).email }, request.log);
      return adminAnswer(request, moved(change, ORDER_STATUS_MESSAGES.cannotCancel));
    },
  );
};
