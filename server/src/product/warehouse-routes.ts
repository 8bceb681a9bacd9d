import {
  idParamsSchema,
  insertedIdSchema,
  type Warehouse,
  warehouseBodySchema,
  warehousePatchSchema,
  warehouseSchema,
} from "@forgeline/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { recordAudit } from "../audit/queries.js";
import { isUniqueViolation } from "../db/errors.js";
import { callerOf } from "../http/caller.js";
import { HttpError } from "../http/errors.js";
import { errorAnswers, jsonAnswer, requires } from "../http/route-schema.js";
import { warehousesInOrder } from "./queries/stock-ledger.js";
import {
  addWarehouse,
  deactivationRefusal,
  lockWarehouse,
  updateWarehouse,
  type WarehouseRow,
} from "./queries/warehouses.js";

const CODE_TAKEN = "Another warehouse has this code";

function warehouseJson(row: WarehouseRow): Warehouse {
  return {
    _id: row.id,
    code: row.code,
    name: row.name,
    address: row.address,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
  };
}

async function withFreeCode<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, CODE_TAKEN, [{ field: "code", message: CODE_TAKEN }]);
    throw error;
  }
}

/** Warehouses (docs/STOCK.md): where stock is kept; admins list, add and edit them. */
export const warehouseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/admin/warehouses",
    {
      onRequest: app.backOffice("manage:stock"),
      schema: {
        summary: "Every warehouse, the first first (admins only)",
        description: "The first active warehouse is where stock goes when none is named (a new tool, a restock).",
        tags: ["Stock"],
        security: requires("accessToken"),
        response: { 200: jsonAnswer("Every warehouse.", z.array(warehouseSchema)), ...errorAnswers(401, 403) },
      },
    },
    async () => (await warehousesInOrder(app.db)).map(warehouseJson),
  );

  app.post(
    "/admin/warehouses",
    {
      onRequest: app.backOffice("manage:stock"),
      schema: {
        summary: "Add a warehouse (admins only)",
        description: "`code` is 2 to 16 letters, digits or -, kept upper-case; a code another warehouse has is 409.",
        tags: ["Stock"],
        security: requires("accessToken"),
        body: warehouseBodySchema,
        response: {
          201: jsonAnswer("Stored; `insertedId` is its id.", insertedIdSchema),
          ...errorAnswers(400, 401, 403, 409, 413, 415),
        },
      },
    },
    async (request, reply) => {
      const admin = callerOf(request).email;
      const added = await withFreeCode(() =>
        app.db.transaction(async (tx) => {
          const row = await addWarehouse(tx, request.body);
          const after = warehouseJson(row);
          await recordAudit(tx, { actor: admin, action: "warehouse.add", target: row.id, before: null, after });
          return row;
        }),
      );
      return reply.code(201).send({ insertedId: added.id });
    },
  );

  app.patch(
    "/admin/warehouses/:id",
    {
      onRequest: app.backOffice("manage:stock"),
      schema: {
        summary: "Edit a warehouse, or make it inactive or active again (admins only)",
        description:
          "`active: false` is 409 while the warehouse holds stock, or when it is the last active one. A code another " +
          "warehouse has is 409.",
        tags: ["Stock"],
        security: requires("accessToken"),
        params: idParamsSchema,
        body: warehousePatchSchema,
        response: {
          200: jsonAnswer("The warehouse as it is now.", warehouseSchema),
          ...errorAnswers(400, 401, 403, 404, 409, 413, 415),
        },
      },
    },
    async (request) => {
      const admin = callerOf(request).email;
      const { id } = request.params;
      return withFreeCode(() =>
        app.db.transaction(async (tx) => {
          const before = await lockWarehouse(tx, id);
          if (!before) throw new HttpError(404, "No such warehouse.");
          if (before.active && request.body.active === false) {
            const refusal = await deactivationRefusal(tx, before);
            if (refusal) throw new HttpError(409, refusal, [{ field: "active", message: refusal }]);
          }
          const after = await updateWarehouse(tx, id, request.body);
          await recordAudit(tx, {
            actor: admin,
            action: "warehouse.edit",
            target: id,
            before: warehouseJson(before),
            after: warehouseJson(after),
          });
          return warehouseJson(after);
        }),
      );
    },
  );
};
