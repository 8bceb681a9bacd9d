import { insertedIdSchema, pageQuerySchema, reviewBodySchema, reviewListQuerySchema } from "@forgeline/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { callerOf } from "../http/caller.js";
import { HttpError, tooManyRequests } from "../http/errors.js";
import { sendListPage, serializedPage } from "../http/page-cache.js";
import { accountName } from "../identity/queries.js";
import { addReviews, listReviews } from "./queries.js";
import { REVIEWS_PER_HOUR, reviewWaitSeconds } from "./review-limit.js";

export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  // Everyone reads all reviews; `?email=` narrows to one reviewer, and only that reviewer may ask.
  app.get(
    "/review",
    {
      schema: {
        querystring: pageQuerySchema.extend(reviewListQuerySchema.shape),
      },
      onRequest: async (request) => {
        if ((request.query as { email?: string }).email !== undefined) await app.authenticate(request);
      },
    },
    // The body is serialized here (and cached when public); listReviews shapes every item as reviewSchema.
    async (request, reply) => {
      const { email, ...page } = request.query;
      if (email !== undefined && callerOf(request).email !== email) {
        throw new HttpError(403, "You can only list your own reviews.");
      }
      const result = await (email === undefined
        ? app.pageCaches.reviews.page(page)
        : serializedPage(listReviews(app.db, page, email)));
      return sendListPage(reply, result);
    },
  );

  app.post(
    "/review",
    { onRequest: app.authenticate, schema: { body: reviewBodySchema, response: { 201: insertedIdSchema } } },
    async (request, reply) => {
      const { email } = callerOf(request);
      const wait = await reviewWaitSeconds(app.db, email);
      if (wait > 0) {
        tooManyRequests(
          reply,
          wait,
          (minutes) =>
            `You can add at most ${REVIEWS_PER_HOUR} reviews an hour. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
        );
      }
      // The reviewer's email stays on the server, so an account without a name is shown as "Customer".
      const name = (await accountName(app.db, email)) || "Customer";
      const [id] = await addReviews(app.db, [{ ...request.body, name, email }]);
      app.pageCaches.reviews.clear();
      return reply.code(201).send({ insertedId: id ?? "" });
    },
  );
};
