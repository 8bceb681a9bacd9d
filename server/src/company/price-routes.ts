import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { callerOf } from "../http/caller.js";
import { errorAnswers, jsonAnswer, requires } from "../http/route-schema.js";
import { actorOf } from "./policy.js";
import { priceListOf } from "./price-list.js";

/**
 * The caller's company's contract prices: the catalogue and a tool's page show a member the price the cart will
 * charge, not only the list price. Admins set the list through /admin/companies/:id/prices.
 */
export const companyPriceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/companies/mine/prices",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "The contract prices of the caller's company by SKU; none when it has none or they belong to none",
        description:
          'Dollars a piece by SKU, such as `{ "FL-TPM-25": 6.5 }`. Every signed-in customer\'s pages ask it, so ' +
          "belonging to no company is an empty object, not an error.",
        tags: ["Companies"],
        security: requires("accessToken"),
        response: {
          200: jsonAnswer("The company's contract prices by SKU.", z.record(z.string(), z.number())),
          ...errorAnswers(401),
        },
      },
    },
    async (request) => {
      const { membership } = await actorOf(app.db, callerOf(request));
      const prices = membership ? await priceListOf(app.db, membership.companyId) : [];
      return Object.fromEntries(prices.map((price) => [price.sku, price.unitPrice]));
    },
  );
};
