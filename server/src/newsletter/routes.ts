import { MESSAGES, newsletterBodySchema, newsletterSubscribedSchema } from "@forgeline/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorAnswers, jsonAnswer } from "../http/route-schema.js";
import { subscribe } from "./queries.js";

export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/newsletter",
    {
      config: { rateLimit: { max: 10, timeWindow: "1 minute" } },
      schema: {
        summary: "Subscribe an email address to the newsletter",
        description: "Subscribing twice is harmless: the address is stored once.",
        tags: ["Newsletter"],
        body: newsletterBodySchema,
        response: {
          201: jsonAnswer("Subscribed; `message` thanks the subscriber.", newsletterSubscribedSchema),
          ...errorAnswers(400, 413, 415, 429),
        },
      },
    },
    async (request, reply) => {
      await subscribe(app.db, request.body.email);
      return reply.code(201).send({ success: true, message: MESSAGES.newsletterThanks });
    },
  );
};
