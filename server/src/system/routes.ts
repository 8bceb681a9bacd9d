import { publicConfigSchema } from "@forgeline/contract";
import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/health",
    { schema: { response: { 200: z.object({ status: z.literal("ok"), database: z.enum(["pglite", "postgres"]) }) } } },
    async () => {
      await app.db.execute(sql`select 1`);
      return { status: "ok" as const, database: app.databaseKind };
    },
  );

  app.get("/config", { schema: { response: { 200: publicConfigSchema } } }, async () => ({
    payments: app.config.stripe ? ("stripe" as const) : ("test" as const),
    stripePublishableKey: app.config.stripe?.publishableKey ?? null,
    googleSignIn: Boolean(app.config.google),
  }));
};
