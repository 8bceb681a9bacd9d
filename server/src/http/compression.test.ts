import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signUp } from "../test/accounts.js";
import { orderSteps } from "../test/orders.js";
import { createTestApp } from "../test/test-app.js";

describe("compressed answers", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp({ seed: true });
  });
  afterAll(() => ctx.close());

  const get = (url: string, encoding?: string, token?: string) =>
    ctx.app.inject({
      method: "GET",
      url,
      headers: { ...(encoding ? { "accept-encoding": encoding } : {}), ...(token ? bearer(token) : {}) },
    });

  it("sends a cached catalogue page in brotli or gzip, compressed once, with the same JSON and total", async () => {
    const plain = await get("/api/product?limit=12");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);

    const br = await get("/api/product?limit=12", "gzip, deflate, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toContain("accept-encoding");
    expect(br.headers["x-total-count"]).toBe(plain.headers["x-total-count"]);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 2);

    const gzip = await get("/api/product?limit=12", "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);

    const cached = await ctx.app.pageCaches.catalogue.page({ limit: 12, offset: 0 });
    const again = await get("/api/product?limit=12", "br");
    expect(again.rawPayload.equals(await (cached.encoded?.br ?? Promise.resolve(Buffer.alloc(0))))).toBe(true);
  });

  it("compresses any other JSON answer from 1 KB on, and leaves small ones as they are", async () => {
    const admin = await signUp(ctx.app, { admin: true });
    const customer = await signUp(ctx.app);
    const steps = orderSteps(ctx.app, admin);
    for (let i = 0; i < 3; i++) await steps.placeOrder(customer);
    const url = `/api/ordering?userEmail=${encodeURIComponent(customer.email)}`;
    const plain = await get(url, undefined, customer.token);
    expect(plain.body.length).toBeGreaterThan(1024);
    const gzip = await get(url, "gzip", customer.token);
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());

    const small = await get("/api/health", "gzip, br");
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.json()).toMatchObject({ status: "ok" });
    const refused = await get("/api/ordering?userEmail=x%40example.com", "gzip, br");
    expect(refused.statusCode).toBe(401);
    expect(refused.headers["content-encoding"]).toBeUndefined();
  });
});
