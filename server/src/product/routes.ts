import {
  deletedCountSchema,
  dollarsToCents,
  idParamsSchema,
  insertedIdSchema,
  pageQuerySchema,
  productBodySchema,
  productSchema,
} from "@forgeline/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { recordAudit } from "../audit/queries.js";
import { callerOf } from "../http/caller.js";
import { HttpError } from "../http/errors.js";
import { sendListPage } from "../http/page-cache.js";
import { errorAnswers, jsonAnswer, requires } from "../http/route-schema.js";
import { addProducts, findProduct, toProductJson, withdrawProduct } from "./queries.js";

export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/product",
    // The body comes already serialized from the page cache, so the 200 schema documents it without a check;
    // listProducts shapes every item as productSchema.
    {
      schema: {
        summary: "List the catalogue, one page at a time",
        tags: ["Catalogue"],
        querystring: pageQuerySchema,
        response: {
          200: jsonAnswer(
            "One page of products, newest first; X-Total-Count holds the size of the whole catalogue.",
            z.array(productSchema),
          ),
          ...errorAnswers(400),
        },
      },
    },
    async (request, reply) => {
      return sendListPage(reply, await app.pageCaches.catalogue.page(request.query));
    },
  );

  // One product, for the order modal of /orderdetails?productId= (an addition to docs/SPEC-CONFORMANCE.md §7).
  app.get(
    "/product/:id",
    {
      schema: {
        summary: "Read one product",
        tags: ["Catalogue"],
        params: idParamsSchema,
        response: { 200: jsonAnswer("The product.", productSchema), ...errorAnswers(400, 404) },
      },
    },
    async (request) => {
      const product = await findProduct(app.db, request.params.id);
      if (!product) throw new HttpError(404, "This product is no longer in the catalogue.");
      return toProductJson(product);
    },
  );

  app.post(
    "/product",
    {
      onRequest: app.requireAdmin,
      schema: {
        summary: "Add a product to the catalogue (admins only)",
        description: "`price` is in dollars; `image` is an address POST /api/image answered.",
        tags: ["Catalogue"],
        security: requires("accessToken"),
        body: productBodySchema,
        response: {
          201: jsonAnswer("The product is in the catalogue; `insertedId` is its id.", insertedIdSchema),
          ...errorAnswers(400, 401, 403, 413, 415),
        },
      },
    },
    async (request, reply) => {
      const { price, ...fields } = request.body;
      const admin = callerOf(request).email;
      const id = await app.db.transaction(async (tx) => {
        const [added = ""] = await addProducts(tx, [
          { ...fields, priceCents: dollarsToCents(price), createdByEmail: admin },
        ]);
        await recordAudit(tx, {
          actor: admin,
          action: "product.add",
          target: added,
          before: null,
          after: request.body,
        });
        return added;
      });
      app.pageCaches.catalogue.clear();
      return reply.code(201).send({ insertedId: id });
    },
  );

  // Deleting withdraws the product: its row stays for its orders' history, its unpaid orders are cancelled.
  app.delete(
    "/product/:id",
    {
      onRequest: app.requireAdmin,
      schema: {
        summary: "Withdraw a product from the catalogue (admins only)",
        description:
          "The product leaves the catalogue; its orders keep their history, and its unpaid orders are cancelled " +
          "with the reason in their history.",
        tags: ["Catalogue"],
        security: requires("accessToken"),
        params: idParamsSchema,
        response: {
          200: jsonAnswer("The product is out of the catalogue (`deletedCount`: 1).", deletedCountSchema),
          ...errorAnswers(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const deleted = await app.db.transaction(async (tx) => {
        const product = await findProduct(tx, id);
        if (!product || !(await withdrawProduct(tx, id))) return false;
        await app.productWithdrawn(tx, id, callerOf(request).email);
        const before = toProductJson(product);
        await recordAudit(tx, {
          actor: callerOf(request).email,
          action: "product.delete",
          target: id,
          before,
          after: null,
        });
        return true;
      });
      if (!deleted) throw new HttpError(404, "This product is no longer in the catalogue.");
      app.pageCaches.catalogue.clear();
      return { deletedCount: 1 };
    },
  );
};
