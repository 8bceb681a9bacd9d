import {
  deletedCountSchema,
  dollarsToCents,
  idParamsSchema,
  insertedIdSchema,
  pageQuerySchema,
  productBodySchema,
  productSchema,
} from "@forgeline/contract";
import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { callerOf } from "../http/auth-guard.js";
import { HttpError } from "../http/errors.js";
import { sendListPage } from "../http/page-cache.js";
import { findProduct } from "./queries.js";
import { products } from "./tables.js";

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
    return product;
  });

  app.post(
    "/product",
    { onRequest: app.requireAdmin, schema: { body: productBodySchema, response: { 201: insertedIdSchema } } },
    async (request, reply) => {
      const { price, ...fields } = request.body;
      const [created] = await app.db
        .insert(products)
        .values({ ...fields, priceCents: dollarsToCents(price), createdByEmail: callerOf(request).email })
        .returning({ id: products.id });
      app.pageCaches.catalogue.clear();
      return reply.code(201).send({ insertedId: created?.id ?? "" });
    },
  );

  // Orders keep their own copy of the product's name and price, so they read right after this.
  app.delete(
    "/product/:id",
    { onRequest: app.requireAdmin, schema: { params: idParamsSchema, response: { 200: deletedCountSchema } } },
    async (request) => {
      const deleted = await app.db
        .delete(products)
        .where(eq(products.id, request.params.id))
        .returning({ id: products.id });
      if (deleted.length === 0) throw new HttpError(404, "This product is no longer in the catalogue.");
      app.pageCaches.catalogue.clear();
      return { deletedCount: deleted.length };
    },
  );
};
