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
import { callerOf } from "../http/caller.js";
import { HttpError } from "../http/errors.js";
import { sendListPage } from "../http/page-cache.js";
import { addProducts, deleteProduct, findProduct, toProductJson } from "./queries.js";

export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/product",
    // The body comes already serialized from the page cache; listProducts shapes every item as productSchema.
    { schema: { querystring: pageQuerySchema } },
    async (request, reply) => {
      return sendListPage(reply, await app.pageCaches.catalogue.page(request.query));
    },
  );

  // One product, for the order modal of /orderdetails?productId= (an addition to SPEC.md point 7).
  app.get("/product/:id", { schema: { params: idParamsSchema, response: { 200: productSchema } } }, async (request) => {
    const product = await findProduct(app.db, request.params.id);
    if (!product) throw new HttpError(404, "This product is no longer in the catalogue.");
    return toProductJson(product);
  });

  app.post(
    "/product",
    { onRequest: app.requireAdmin, schema: { body: productBodySchema, response: { 201: insertedIdSchema } } },
    async (request, reply) => {
      const { price, ...fields } = request.body;
      const [id] = await addProducts(app.db, [
        { ...fields, priceCents: dollarsToCents(price), createdByEmail: callerOf(request).email },
      ]);
      app.pageCaches.catalogue.clear();
      return reply.code(201).send({ insertedId: id ?? "" });
    },
  );

  // Orders keep their own copy of the product's name and price, so they read right after this.
  app.delete(
    "/product/:id",
    { onRequest: app.requireAdmin, schema: { params: idParamsSchema, response: { 200: deletedCountSchema } } },
    async (request) => {
      if (!(await deleteProduct(app.db, request.params.id))) {
        throw new HttpError(404, "This product is no longer in the catalogue.");
      }
      app.pageCaches.catalogue.clear();
      return { deletedCount: 1 };
    },
  );
};
