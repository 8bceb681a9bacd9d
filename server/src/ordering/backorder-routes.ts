import { backordersWaitingSchema } from "@forgeline/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorAnswers, jsonAnswer, requires } from "../http/route-schema.js";
import { backordersWaiting } from "./queries/backorders.js";

/** The backorders waiting per tool, for admins (docs/STOCK.md, 'Backorders'). */
export const backorderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/admin/stock/backorders",
    {
      onRequest: app.backOffice("manage:stock"),
      schema: {
        summary: "Backorders waiting per tool (admins only)",
        description:
          "Each tool that orders wait for: the pieces waiting, how many orders wait, and when more is expected (the " +
          "tool's day, else its lead time from today; null when neither is set). Most pieces waiting first.",
        tags: ["Stock"],
        security: requires("accessToken"),
        response: {
          200: jsonAnswer("The tools waited for.", backordersWaitingSchema),
          ...errorAnswers(401, 403),
        },
      },
    },
    async () => ({ tools: await backordersWaiting(app.db) }),
  );
};
