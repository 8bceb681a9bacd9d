import { publicConfigSchema } from "@forgeline/contract";
import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorAnswers, jsonAnswer } from "../http/route-schema.js";

/** A balancer checks every few seconds; an answer slower than this is as good as none. */
const READY_WITHIN_MS = 2_000;

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/health",
    {
      schema: {
        summary: "Check that the server process is up (liveness)",
        description:
          "Answers without touching the database, so an orchestrator does not restart every instance while the database is away; a load balancer asks `GET /api/ready`.",
        tags: ["System"],
        response: {
          200: jsonAnswer(
            "The server process runs; `database` names the kind it is configured with.",
            z.object({ status: z.literal("ok"), database: z.enum(["pglite", "postgres"]) }),
          ),
          ...errorAnswers(),
        },
      },
    },
    async () => ({ status: "ok" as const, database: app.databaseKind }),
  );

  app.get(
    "/ready",
    {
      schema: {
        summary: "Check that this instance can take requests: its database answers (readiness)",
        description: `For the load balancer's health check: 200 when a query on the database comes back within ${READY_WITHIN_MS / 1000} s; 503 when it does not, and once the instance is shutting down (SIGTERM), while it finishes the requests in flight.`,
        tags: ["System"],
        response: {
          200: jsonAnswer(
            "The database answers: send requests here.",
            z.object({ status: z.literal("ready"), database: z.enum(["pglite", "postgres"]) }),
          ),
          ...errorAnswers(503),
        },
      },
    },
    async (request, reply) => {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${READY_WITHIN_MS} ms`)), READY_WITHIN_MS);
      });
      try {
        await Promise.race([app.db.execute(sql`select 1`), late]);
      } catch (error) {
        request.log.warn({ err: error }, "not ready: the database does not answer");
        return reply
          .code(503)
          .send({ statusCode: 503, error: "Service Unavailable", message: "The database does not answer." });
      } finally {
        clearTimeout(timer);
      }
      return { status: "ready" as const, database: app.databaseKind };
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
