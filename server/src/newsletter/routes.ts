import { MESSAGES, newsletterBodySchema } from "@forgeline/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { subscribe } from "./queries.js";

export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/newsletter",
    {
      config: { rateLimit: { max: 10, timeWindow: "1 minute" } },
      schema: {
        body: newsletterBodySchema,
        response: { 201: z.object({ success: z.literal(true), message: z.string() }) },
      },
    },
    async (request, reply) => {
      await subscribe(app.db, request.body.email);
      return reply.code(201).send({ success: true, message: MESSAGES.newsletterThanks });
    },
  );
};
