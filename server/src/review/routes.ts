import {
  insertedIdSchema,
  pageQuerySchema,
  reviewBodySchema,
  reviewListQuerySchema,
  reviewSchema,
} from "@forgeline/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { callerOf } from "../http/caller.js";
import { authorize, personalActor } from "../http/guard.js";
import { sendListPage, serializedPage } from "../http/page-cache.js";
import { errorAnswers, jsonAnswer, requires } from "../http/route-schema.js";
import { accountName } from "../identity/queries.js";
import { REVIEWS_PER_HOUR, spendAllowance } from "../rate-limit/account-allowances.js";
import { addReviews, listReviews } from "./queries.js";

export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  // Everyone reads all reviews; `?email=` narrows to one reviewer, and only that reviewer may ask.
  app.get(
    "/review",
    {
      schema: {
        summary: "List the reviews, one page at a time; `email` narrows to the caller's own",
        tags: ["Reviews"],
        // Public, except with `email`, which needs the reviewer's own token.
        security: [{}, ...requires("accessToken")],
        querystring: pageQuerySchema.extend(reviewListQuerySchema.shape),
        response: {
          200: jsonAnswer(
            "One page of reviews, newest first; X-Total-Count holds the size of the whole list.",
            z.array(reviewSchema),
          ),
          ...errorAnswers(400, 401, 403),
        },
      },
      onRequest: async (request) => {
        if ((request.query as { email?: string }).email !== undefined) await app.authenticate(request);
      },
    },
    // The body is serialized here (and cached when public), so the 200 schema documents it without a check;
    // listReviews shapes every item as reviewSchema.
    async (request, reply) => {
      const { email, ...page } = request.query;
      if (email !== undefined) {
        authorize(
          personalActor(callerOf(request)),
          "read:review",
          { userEmail: email },
          {
            forbidden: "You can only list your own reviews.",
          },
        );
      }
      if (email === undefined) return app.pageCaches.reviews.answer(request, reply, page);
      return sendListPage(request, reply, await serializedPage(listReviews(app.db, page, email)));
    },
  );

  app.post(
    "/review",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "Add a review",
        description: `The reviewer's name is the account's; its email stays on the server. At most ${REVIEWS_PER_HOUR} reviews an hour per account.`,
        tags: ["Reviews"],
        security: requires("accessToken"),
        body: reviewBodySchema,
        response: {
          201: jsonAnswer("The review is published; `insertedId` is its id.", insertedIdSchema),
          ...errorAnswers(400, 401, 413, 415, 429),
        },
      },
    },
    async (request, reply) => {
      const { email } = callerOf(request);
      await spendAllowance(app, reply, email, "review");
      // The reviewer's email stays on the server, so an account without a name is shown as "Customer".
      const name = (await accountName(app.db, email)) || "Customer";
      const [id] = await addReviews(app.db, [{ ...request.body, name, email }]);
      await app.listChanged("reviews");
      return reply.code(201).send({ insertedId: id ?? "" });
    },
  );
};
