import type { Product } from "@forgeline/contract";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { bearer, type TestAccount } from "./accounts.js";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * The API as a test file's callers use it, and new tools for it: `call` as an account, with a JSON body when given;
 * `newTool` adds a tool of its own (a name and SKU no other test has, `stock` pieces) as `admin` and answers it as
 * the catalogue shows it. The app and the admin are read when called: a test file makes them in its `beforeAll`.
 */
export function toolSteps(
  app: () => FastifyInstance,
  admin: () => TestAccount,
  tag: { name: string; sku: string; stock: number },
) {
  let tools = 0;
  const call = (method: Method, url: string, who: TestAccount, payload?: object) =>
    app().inject({ method, url, headers: bearer(who.token), ...(payload ? { payload } : {}) });

  async function newTool(fields: Record<string, unknown> = {}): Promise<Product> {
    tools += 1;
    const added = await call("POST", "/api/product", admin(), {
      name: `${tag.name} Tool ${tools}`,
      sku: `${tag.sku}-${Date.now().toString(36).toUpperCase()}-${tools}`,
      price: 10,
      quantity: tag.stock,
      description: `For the ${tag.name.toLowerCase()} tests.`,
      image: "/images/x.webp",
      ...fields,
    });
    expect(added.statusCode, added.body).toBe(201);
    return (await app().inject({ method: "GET", url: `/api/product/${added.json().insertedId}` })).json<Product>();
  }

  return { call, newTool };
}
