import {
  adminStatsQuerySchema,
  adminStatsSchema,
  DAY_YEARS,
  STATS_DEFAULT_DAYS,
  STATS_MAX_DAYS,
  statsRange,
} from "@forgeline/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorAnswers, jsonAnswer, requires } from "../http/route-schema.js";
import { adminStats } from "./overview.js";

/**
 * The shop owner's overview (docs/SELLING-TO-BUSINESSES.md, 'Overview for the shop owner';
 * docs/decisions/025-admin-overview.md).
 */
export const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/admin/stats",
    {
      onRequest: app.backOffice("read:stats"),
      schema: {
        summary: "The shop owner's overview: revenue, work waiting, low stock and the charts' series (admins only)",
        description:
          `\`from\` and \`to\` are UTC days as YYYY-MM-DD (years ${DAY_YEARS.first} to ${DAY_YEARS.last}), both ` +
          "included: by default the last " +
          `${STATS_DEFAULT_DAYS} days up to today, at most ${STATS_MAX_DAYS} days. Revenue is paid minus ` +
          "refunded, in dollars, from the orders' frozen totals, each on the day it happened; `revenue` covers " +
          "today and the last 7 and 30 days whatever the range, the series the range.",
        tags: ["Admin overview"],
        security: requires("accessToken"),
        querystring: adminStatsQuerySchema,
        response: {
          200: jsonAnswer("The overview's figures.", adminStatsSchema),
          ...errorAnswers(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      // Figures of this moment, for this admin only: never kept by a cache between.
      reply.header("cache-control", "private, no-store");
      return adminStats(app.db, statsRange(request.query));
    },
  );
};
