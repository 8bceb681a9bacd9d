import {
  productStockParamsSchema,
  type StockMovement,
  stockMovementAnswerSchema,
  stockMovementBodySchema,
} from "@forgeline/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { recordAudit } from "../audit/queries.js";
import type { Database } from "../db/client.js";
import { callerOf } from "../http/caller.js";
import { HttpError } from "../http/errors.js";
import { errorAnswers, jsonAnswer, requires } from "../http/route-schema.js";
import { receiveStock, setOnHand } from "./queries/stock-counts.js";
import { levelsOf, quantityOf, type StockMovementRow } from "./queries/stock-ledger.js";

function movementJson(row: StockMovementRow): StockMovement {
  return {
    _id: row.id,
    productId: row.productId,
    warehouseId: row.warehouseId,
    kind: row.kind,
    onHandChange: row.onHandChange,
    allocatedChange: row.allocatedChange,
    orderId: row.orderId,
    reason: row.reason,
    by: row.by,
    at: row.createdAt.toISOString(),
  };
}

/** A tool's levels per warehouse and its quantity (the sum available); 404 when there is no such tool. */
async function stockOf(db: Database, productId: string) {
  const quantity = await quantityOf(db, productId);
  if (quantity === undefined) throw new HttpError(404, "No such product.");
  return { levels: await levelsOf(db, productId), quantity };
}

/** Receipts and adjustments (docs/STOCK.md), and a tool's stock per warehouse, for admins. */
export const stockMovementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/admin/stock/:productId",
    {
      onRequest: app.backOffice("manage:stock"),
      schema: {
        summary: "A tool's stock per warehouse (admins only)",
        description: "On hand, allocated to orders and available (on hand - allocated) in each warehouse.",
        tags: ["Stock"],
        security: requires("accessToken"),
        params: productStockParamsSchema,
        response: {
          200: jsonAnswer("The tool's levels; `movement` is null.", stockMovementAnswerSchema),
          ...errorAnswers(400, 401, 403, 404),
        },
      },
    },
    async (request) => ({ movement: null, ...(await stockOf(app.db, request.params.productId)) }),
  );

  app.post(
    "/admin/stock/movements",
    {
      onRequest: app.backOffice("manage:stock"),
      schema: {
        summary: "Receive or adjust a tool's stock in a warehouse (admins only)",
        description:
          "`received` adds `quantity` pieces to the warehouse's count on hand; `adjusted` sets the count on hand to " +
          "`quantity` (a recount) and needs a `reason`. Both go to the stock ledger and the audit log. 404 for an " +
          "unknown tool or warehouse; 409 for a withdrawn tool, an inactive warehouse, or a count below what is " +
          "allocated there to orders.",
        tags: ["Stock"],
        security: requires("accessToken"),
        body: stockMovementBodySchema,
        response: {
          201: jsonAnswer(
            "Written; the movement (null when the count was already so) and the levels now.",
            stockMovementAnswerSchema,
          ),
          ...errorAnswers(400, 401, 403, 404, 409, 413, 415),
        },
      },
    },
    async (request, reply) => {
      const admin = callerOf(request).email;
      const { productId, warehouseId, quantity, kind, reason } = request.body;
      const written = await app.db.transaction(async (tx) => {
        const movement =
          kind === "received"
            ? await receiveStock(tx, { productId, warehouseId, quantity, reason, by: admin })
            : await setOnHand(tx, { productId, warehouseId, count: quantity, reason: reason ?? "", by: admin });
        // Pieces that came in go first to the orders waiting for them (docs/STOCK.md, 'Backorders').
        if (movement && movement.onHandChange > 0) {
          await app.events.publish("stockReceived", { tx, productId, by: admin });
        }
        if (movement) {
          await recordAudit(tx, {
            actor: admin,
            action: kind === "received" ? "stock.receive" : "stock.adjust",
            target: productId,
            before: null,
            after: { warehouseId, kind: movement.kind, onHandChange: movement.onHandChange, reason: movement.reason },
          });
        }
        return movement;
      });
      await app.listChanged("catalogue");
      const now = await stockOf(app.db, productId);
      return reply.code(201).send({ movement: written ? movementJson(written) : null, ...now });
    },
  );
};
