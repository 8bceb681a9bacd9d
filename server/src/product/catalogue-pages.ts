import type { PageQuery } from "@forgeline/contract";
import type { FastifyInstance } from "fastify";
import { serializedPage } from "../http/page-cache.js";
import { listProducts } from "./queries.js";

/** One catalogue page, serialized, from the page cache: for the API and the server-rendered pages. */
export function cataloguePage(app: FastifyInstance, page: PageQuery) {
  return app.pageCaches.products.get(`${page.limit}:${page.offset}`, () => serializedPage(listProducts(app.db, page)));
}
