import {
  can,
  canTransition,
  idParamsSchema,
  ORDER_STATUS_MESSAGES,
  orderNumberText,
  orderSchema,
  type PickList,
  pickListQuerySchema,
  pickListSchema,
  SHIPMENT_MESSAGES,
  shipmentBodySchema,
  shipmentParamsSchema,
} from "@forgeline/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../company/policy.js";
import { callerOf } from "../http/caller.js";
import { HttpError } from "../http/errors.js";
import { sendPdf } from "../http/pdf-document.js";
import { errorAnswers, fileAnswer, jsonAnswer, requires } from "../http/route-schema.js";
import { allocatedIn } from "../product/queries/stock-allocation.js";
import { spendAllowance } from "../rate-limit/account-allowances.js";
import { findShipment, shipmentsByOrder, warehouseNamed } from "../shipment/queries.js";
import { invoicePdf, shipmentInvoiceOf } from "./invoice-pdf.js";
import { packingSlipPdf } from "./packing-slip-pdf.js";
import { orderFor } from "./policy.js";
import { invoicesOfOrder } from "./queries/account-invoices.js";
import { findOrder, linesByOrder, linesOf, ordersByIds } from "./queries/orders.js";
import { deliverShipment, shipPart } from "./ship-order.js";
import { completeRefusal, planEverythingLeft } from "./shipment-plan.js";
import { adminOrderAnswer, moved, NO_SUCH_ORDER } from "./step-answer.js";

const ORDER_ANSWERS = {
  200: jsonAnswer("The order as it is now, with its shipments and history.", orderSchema),
  ...errorAnswers(400, 401, 403, 404, 409, 413, 415),
};

/** Shipments in parts (docs/STOCK.md, 'Shipments'): shipping part of an order, delivering it, its slip, the pick list. */
export const shipmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/admin/orders/:id/shipments",
    {
      onRequest: app.backOffice("ship:order"),
      schema: {
        summary: "Ship part of an order from one warehouse (admins only)",
        description:
          "Ships the pieces named from `warehouseId`, out of what the order has allocated there, in one shipment with " +
          "its carrier and tracking, its mail and packing slip. 404 for an unknown order or warehouse; 409 for a tool " +
          "not in the order or more than can ship from that warehouse (naming the line and how many can), an order " +
          "that may not ship (a card order unpaid, cancelled, awaiting approval), one that ships complete while pieces " +
          "wait. On account the shipment issues its own invoice for what it carries (due its net days after it " +
          "ships; the last shipment bills what is left of the total). The order becomes `partially-shipped`, or " +
          "`shipped` with its last piece.",
        tags: ["Admin orders"],
        security: requires("accessToken"),
        params: idParamsSchema,
        body: shipmentBodySchema,
        response: ORDER_ANSWERS,
      },
    },
    async (request) => {
      const { trackingUrl = null, ...rest } = request.body;
      const change = await shipPart(app, request.params.id, callerOf(request).email, { ...rest, trackingUrl });
      return adminOrderAnswer(app, request, moved(change, ORDER_STATUS_MESSAGES.cannotShip));
    },
  );

  app.post(
    "/admin/orders/:id/shipments/:shipmentId/deliver",
    {
      onRequest: app.backOffice("deliver:order"),
      schema: {
        summary: "Mark one shipment of an order delivered (admins only)",
        description:
          "The order is delivered once it shipped every piece and each of its shipments is delivered. 404 for an " +
          "unknown order or shipment; 409 when the shipment is delivered already.",
        tags: ["Admin orders"],
        security: requires("accessToken"),
        params: shipmentParamsSchema,
        response: ORDER_ANSWERS,
      },
    },
    async (request) => {
      const { id, shipmentId } = request.params;
      const change = await deliverShipment(app, id, shipmentId, callerOf(request).email);
      return adminOrderAnswer(app, request, moved(change, ORDER_STATUS_MESSAGES.cannotDeliver));
    },
  );

  app.get(
    "/ordering/:id/shipments/:shipmentId/packing-slip.pdf",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "Download the packing slip (PDF) of one shipment of an order",
        description:
          "What the parcel holds, from which warehouse, and what of each line is still to come; no prices. Whoever " +
          "may read the order gets it, and admins; anyone else 404.",
        tags: ["Orders"],
        security: requires("accessToken"),
        params: shipmentParamsSchema,
        response: {
          200: fileAnswer("The packing slip as a PDF file named after the order and shipment.", "application/pdf"),
          ...errorAnswers(400, 401, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const actor = await actorOf(app.db, caller);
      const order = await findOrder(app.db, request.params.id);
      if (!order || !can(actor, "read:shipment", order)) throw new HttpError(404, NO_SUCH_ORDER);
      const shipment = await findShipment(app.db, order.id, request.params.shipmentId);
      if (!shipment) throw new HttpError(404, SHIPMENT_MESSAGES.noShipment);
      await spendAllowance(app, reply, caller.email, "document");
      const pdf = await packingSlipPdf(order, await linesOf(app.db, order.id), shipment, app.config.seller);
      return sendPdf(reply, pdf, `packing-slip-${orderNumberText(order.number)}-${shipment.number}.pdf`);
    },
  );

  app.get(
    "/ordering/:id/shipments/:shipmentId/invoice",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "Download the invoice (PDF) a shipment of an order on account is billed on",
        description:
          "On account each shipment issues its own invoice (its number, date, due date from its ship date, the pieces " +
          "it carried with their share of the discount and tax, what was paid and credited of it, and where to pay). " +
          "Whoever may download the order's invoice gets it: its buyer, the owners and buyers of its company, any " +
          "admin; anyone else 404, a requester for a colleague's order too. 409 for a card order's shipment (its " +
          "invoice is the order's, GET /api/ordering/{id}/invoice).",
        tags: ["Orders"],
        security: requires("accessToken"),
        params: shipmentParamsSchema,
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
      const shipments = (await shipmentsByOrder(app.db, [order.id])).get(order.id) ?? [];
      const shipment = shipments.find((one) => one.id === request.params.shipmentId);
      if (!shipment) throw new HttpError(404, SHIPMENT_MESSAGES.noShipment);
      const number = shipment.invoiceNumber;
      const invoice = number
        ? (await invoicesOfOrder(app.db, order.id)).find((one) => one.number === number)
        : undefined;
      const pieces = new Map<number, number>();
      for (const line of shipments.filter((one) => one.invoiceNumber === number).flatMap((one) => one.lines)) {
        pieces.set(line.position, (pieces.get(line.position) ?? 0) + line.quantity);
      }
      const data =
        invoice && shipmentInvoiceOf(order, await linesOf(app.db, order.id), { invoice, pieces }, app.config);
      if (!data) throw new HttpError(409, SHIPMENT_MESSAGES.noShipmentInvoice);
      await spendAllowance(app, reply, caller.email, "document");
      return sendPdf(reply, await invoicePdf(data), `${data.number}.pdf`);
    },
  );

  app.get(
    "/admin/stock/pick-list",
    {
      onRequest: app.backOffice("manage:stock"),
      schema: {
        summary: "The orders ready to ship with what to pick for them from one warehouse (admins only)",
        description:
          "Oldest order first: each order that may ship now and has pieces allocated in the warehouse, with its lines " +
          "and the pieces to pick there. 404 for an unknown warehouse.",
        tags: ["Stock"],
        security: requires("accessToken"),
        querystring: pickListQuerySchema,
        response: {
          200: jsonAnswer("The pick list.", pickListSchema),
          ...errorAnswers(400, 401, 403, 404),
        },
      },
    },
    async (request): Promise<PickList> => {
      const warehouse = await warehouseNamed(app.db, request.query.warehouseId);
      if (!warehouse) throw new HttpError(404, SHIPMENT_MESSAGES.noWarehouse);
      const held = await allocatedIn(app.db, warehouse.id);
      const rows = await ordersByIds(app.db, [...new Set(held.map((row) => row.orderId ?? ""))]);
      const lines = await linesByOrder(
        app.db,
        rows.map((row) => row.id),
      );
      const orders = rows.flatMap((row) => {
        const own = lines.get(row.id) ?? [];
        if (!canTransition("ship", row) || completeRefusal(row, own)) return [];
        const mine = held
          .filter((piece) => piece.orderId === row.id)
          .map(({ productId, allocated }) => ({ productId, allocated, warehouseId: warehouse.id }));
        const [parcel] = planEverythingLeft(own, mine, warehouse.id);
        if (!parcel) return [];
        const byPosition = new Map(own.map((line) => [line.position, line]));
        return [
          {
            _id: row.id,
            number: orderNumberText(row.number),
            customer: row.userName,
            company: row.companyName,
            placedAt: row.createdAt.toISOString(),
            paymentMethod: row.paymentMethod,
            fulfilmentStatus: row.fulfilmentStatus,
            lines: parcel.pieces.map((piece) => ({
              ...piece,
              sku: byPosition.get(piece.position)?.sku ?? "",
              name: byPosition.get(piece.position)?.name ?? "",
            })),
          },
        ];
      });
      return { warehouse: { _id: warehouse.id, code: warehouse.code, name: warehouse.name }, orders };
    },
  );
};
