import type { PageQuery } from "@forgeline/contract";
import type { FastifyInstance } from "fastify";
import { serializedPage } from "../http/page-cache.js";
import { listReviews } from "./queries.js";

/** One page of everyone's reviews, serialized, from the page cache: for the API and the home page. */
export function publicReviewsPage(app: FastifyInstance, page: PageQuery) {
  return app.pageCaches.reviews.get(`${page.limit}:${page.offset}`, () => serializedPage(listReviews(app.db, page)));
}
