import swagger, { type SwaggerTransformObject } from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import {
  apiErrorSchema,
  orderSchema,
  productSchema,
  profileSchema,
  reviewSchema,
  userSchema,
} from "@forgeline/contract";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import type { OpenAPIV3_1 } from "openapi-types";
import { z } from "zod";
import { errorAnswers, jsonAnswer, SECURITY_SCHEMES } from "./route-schema.js";

/** The contract's schemas the document names once, under components, and refers to from every route using them. */
const NAMED_SCHEMAS = {
  ApiError: apiErrorSchema,
  Product: productSchema,
  Review: reviewSchema,
  Order: orderSchema,
  Profile: profileSchema,
  User: userSchema,
};

/** One tag per resource; every route names one of these. */
const TAGS = [
  { name: "Catalogue", description: "The tools on sale." },
  { name: "Reviews", description: "Customers' reviews of the shop." },
  { name: "Orders", description: "Bulk orders: one or several tools, each in the quantities its rule allows." },
  { name: "Cart", description: "The signed-in buyer's cart, priced by the server, and its checkout." },
  { name: "Lists", description: "Saved lists of SKUs and quantities, private or shared with the company." },
  {
    name: "Recurring",
    description: "Orders placed again on a calendar, each run once, at the day's prices and rules.",
  },
  { name: "Promotions", description: "The discounts the banner claims and the price function applies." },
  { name: "Companies", description: "Colleagues who share orders, delivery addresses and contract prices." },
  { name: "Payments", description: "Paying an order by card." },
  { name: "Admin orders", description: "Running the shop: every order, shipping, delivery, cancels and refunds." },
  { name: "Admin companies", description: "Running companies: tax exemption and contract price lists." },
  { name: "Quotes", description: "Requests for quote: a buyer's cart priced line by line by the shop." },
  { name: "Admin quotes", description: "Pricing and sending quotes." },
  { name: "Stock", description: "Warehouses, the stock of each tool in each, and the ledger of its movements." },
  { name: "Admin overview", description: "The shop owner's figures: revenue, work waiting, low stock, charts." },
  { name: "Audit", description: "The append-only log of admin actions." },
  { name: "Profile", description: "The signed-in customer's profile." },
  { name: "Images", description: "Pictures for products, reviews and profiles." },
  { name: "Users", description: "Access tokens and roles." },
  { name: "Identity", description: "Sign-up, sign-in, sessions and passwords (the identity provider, Better Auth)." },
  { name: "Newsletter", description: "Mailing-list sign-up." },
  { name: "System", description: "Health and the settings the browser needs." },
  { name: "Documentation", description: "This document." },
];

/**
 * Drops the components no route refers to: the zod transform lists every named schema twice, as the
 * input and the output variant, and most are only ever one of them.
 */
const withUsedComponentsOnly: SwaggerTransformObject = (document) => {
  const full = jsonSchemaTransformObject(document) as Partial<OpenAPIV3_1.Document>;
  const schemas = { ...full.components?.schemas };
  const used = new Set<string>();
  const collectReferences = (value: unknown) =>
    JSON.stringify(value, (key, child) => {
      const name = key === "$ref" && typeof child === "string" ? child.replace("#/components/schemas/", "") : "";
      if (name && !used.has(name)) {
        used.add(name);
        collectReferences(schemas[name]);
      }
      return child;
    });
  collectReferences(full.paths);
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return { ...full, components: { ...full.components, schemas: kept } };
};

const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

/**
 * The OpenAPI 3.1 document of every API route, generated from the routes' zod schemas, at
 * /api/openapi.json, and a reference page for people at /api/docs (Swagger UI, its files served from the
 * @fastify/swagger-ui package: nothing is fetched from elsewhere, and no inline script needs the CSP
 * loosened). Registered before the routes, so that it sees them all.
 */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  for (const [id, schema] of Object.entries(NAMED_SCHEMAS)) z.globalRegistry.add(schema, { id });
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Forgeline Tools storefront API",
        version: "1.0.0",
        description:
          "The JSON API behind the storefront. Errors share one shape (ApiError). Lists answer one page " +
          "(`limit`, `offset`) and the size of the whole list in the X-Total-Count header.",
      },
      tags: TAGS,
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: jsonSchemaTransform,
    transformObject: withUsedComponentsOnly,
  });

  app.get(
    "/api/openapi.json",
    {
      schema: {
        summary: "This document: every API route, its inputs and its answers (OpenAPI 3.1)",
        tags: ["Documentation"],
        response: { 200: jsonAnswer("The OpenAPI document.", openApiDocumentSchema), ...errorAnswers() },
      },
    },
    async () => app.swagger(),
  );

  await app.register(swaggerUi, { routePrefix: "/api/docs", theme: { title: "Forgeline Tools API reference" } });
}
