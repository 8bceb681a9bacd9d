import { publicConfigSchema } from "@forgeline/contract";
import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorAnswers, jsonAnswer } from "../http/route-schema.js";

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/health",
    {
      schema: {
        summary: "Check that the server and its database answer",
        tags: ["System"],
        response: {
          200: jsonAnswer(
            "The server runs and its database answers.",
            z.object({ status: z.literal("ok"), database: z.enum(["pglite", "postgres"]) }),
          ),
          ...errorAnswers(),
        },
      },
    },
    async () => {
      await app.db.execute(sql`select 1`);
      return { status: "ok" as const, database: app.databaseKind };
    },
  );

  app.get(
    "/config",
    {
      schema: {
        summary: "Read the public settings the browser needs (payment provider, Google sign-in)",
        tags: ["System"],
        response: { 200: jsonAnswer("The public settings.", publicConfigSchema), ...errorAnswers() },
      },
    },
    async () => ({
      payments: app.config.stripe ? ("stripe" as const) : ("test" as const),
      stripePublishableKey: app.config.stripe?.publishableKey ?? null,
      googleSignIn: Boolean(app.config.google),
    }),
  );
};
