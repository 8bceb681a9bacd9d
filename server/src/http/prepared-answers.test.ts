import type { Product, Review } from "@forgeline/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signUp, type TestAccount } from "../test/accounts.js";
import { orderSteps } from "../test/orders.js";
import { emptyPostgresDatabase, NEEDS_POSTGRES } from "../test/postgres.js";
import { createTestApp } from "../test/test-app.js";
import { within } from "../test/within.js";

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** The app listening on loopback: prepared answers are sent before Fastify, so only real requests reach them. */
async function listening(ctx: TestApp): Promise<string> {
  await ctx.app.listen({ host: "127.0.0.1", port: 0 });
  const address = ctx.app.server.address();
  if (!address || typeof address === "string") throw new Error("not listening");
  return `http://127.0.0.1:${address.port}`;
}

/** An answer's status, body and headers, without those that change with every request. */
async function answer(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers });
  const body = Buffer.from(await response.arrayBuffer());
  const kept = Object.fromEntries(
    [...response.headers].filter(([name]) => !["date", "x-request-id", "keep-alive", "connection"].includes(name)),
  );
  return { status: response.status, body, headers: kept, requestId: response.headers.get("x-request-id") };
}

const LIST = "/api/product?limit=20";

describe("prepared answers of the public lists", () => {
  let ctx: TestApp;
  let base: string;
  let admin: TestAccount;
  let customer: TestAccount;

  beforeAll(async () => {
    // The balancer, as every request here comes from loopback.
    ctx = await createTestApp({ seed: true, env: { TRUST_PROXY: "127.0.0.1" } });
    base = await listening(ctx);
    admin = await signUp(ctx.app, { admin: true });
    customer = await signUp(ctx.app, { confirmed: true });
  });
  afterAll(() => ctx.close());

  it("answers the same bytes and headers as Fastify, with an ETag and each request's own id", async () => {
    const fromFastify = await ctx.app.inject({ method: "GET", url: LIST });
    const first = await answer(`${base}${LIST}`);
    const second = await answer(`${base}${LIST}`, { "x-request-id": "balancer-7" });
    expect(ctx.app.preparedAnswers.size).toBeGreaterThan(0);
    expect(first.body.toString()).toBe(fromFastify.body);
    expect(second.body.equals(first.body)).toBe(true);
    expect(second.headers).toEqual(first.headers);
    expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers["x-total-count"]).toBe(fromFastify.headers["x-total-count"]);
    expect(first.headers["content-security-policy"]).toBe(fromFastify.headers["content-security-policy"]);
    expect(second.requestId).toBe("balancer-7");
    expect(first.requestId).not.toBe((await answer(`${base}${LIST}`)).requestId);
  });

  it("answers 304 to If-None-Match, compressed or not, and 200 when the tag is another's", async () => {
    for (const encoding of ["identity", "br", "gzip"]) {
      const first = await answer(`${base}/api/review`, { "accept-encoding": encoding });
      expect(first.status).toBe(200);
      const tag = first.headers.etag ?? "";
      expect((await answer(`${base}/api/review`, { "accept-encoding": encoding, "if-none-match": tag })).status).toBe(
        304,
      );
      expect(
        (await answer(`${base}/api/review`, { "accept-encoding": encoding, "if-none-match": `W/${tag}` })).status,
      ).toBe(304);
      expect((await answer(`${base}/api/review`, { "if-none-match": '"another"' })).status).toBe(200);
    }
  });

  it("keeps compressed and plain answers apart", async () => {
    const plain = await answer(`${base}${LIST}`);
    const brotli = await ctx.app.inject({ method: "GET", url: LIST, headers: { "accept-encoding": "br" } });
    await answer(`${base}${LIST}`, { "accept-encoding": "br" });
    const prepared = await fetch(`${base}${LIST}`, { headers: { "accept-encoding": "br" } });
    expect(prepared.headers.get("content-encoding")).toBe(brotli.headers["content-encoding"]);
    expect(await prepared.text()).toBe(plain.body.toString());
  });

  it("shows a product's edit, a new review and the stock a paid order took in the very next answer", async () => {
    const steps = orderSteps(ctx.app, admin);
    const tool = await steps.newTool(1000);
    const listed = async () =>
      (JSON.parse((await answer(`${base}${LIST}`)).body.toString()) as Product[]).find((p) => p._id === tool._id);
    await listed();
    expect(await listed()).toMatchObject({ quantity: 1000 });

    const edit = await ctx.app.inject({
      method: "PATCH",
      url: `/api/product/${tool._id}`,
      headers: bearer(admin.token),
      payload: { name: "Renamed Tool" },
    });
    expect(edit.statusCode).toBe(200);
    expect(await listed()).toMatchObject({ name: "Renamed Tool" });

    await steps.paidOrder(customer, tool);
    expect(await listed()).toMatchObject({ quantity: 850 });

    await answer(`${base}/api/review`);
    const posted = await ctx.app.inject({
      method: "POST",
      url: "/api/review",
      headers: bearer(customer.token),
      payload: { description: "Holds its edge through a whole season.", rating: 5, image: "/images/abc.webp" },
    });
    expect(posted.statusCode).toBe(201);
    const reviews = JSON.parse((await answer(`${base}/api/review`)).body.toString()) as Review[];
    expect(reviews[0]?.description).toBe("Holds its edge through a whole season.");
  });

  it("prepares a search on a shelf of its own: a flood of searches never pushes the lists' pages out", async () => {
    const search = `${base}/api/product?q=hammer&limit=20`;
    const first = await answer(search);
    const prepared = await answer(search, { "x-request-id": "balancer-8" });
    expect(ctx.app.preparedAnswers.held("searches")).toBe(1);
    expect(prepared.body.equals(first.body)).toBe(true);
    expect(prepared.headers).toEqual(first.headers);
    expect(prepared.requestId).toBe("balancer-8");

    // A write to the catalogue retires its searches too.
    const [hammer] = JSON.parse(first.body.toString()) as Product[];
    const edit = await ctx.app.inject({
      method: "PATCH",
      url: `/api/product/${hammer?._id}`,
      headers: bearer(admin.token),
      payload: { name: "Forgeline Renamed Claw Hammer" },
    });
    expect(edit.statusCode).toBe(200);
    const names = (JSON.parse((await answer(search)).body.toString()) as Product[]).map((p) => p.name);
    expect(names).toContain("Forgeline Renamed Claw Hammer");

    await answer(`${base}${LIST}`);
    const pages = ctx.app.preparedAnswers.held("pages");
    expect(pages).toBeGreaterThan(0);
    for (let i = 0; i < 120; i++) await answer(`${base}/api/product?q=tool${i}&limit=20`);
    expect(ctx.app.preparedAnswers.held("searches")).toBe(100);
    expect(ctx.app.preparedAnswers.held("pages")).toBe(pages);
  });

  it("prepares no reviewer's own list, and nothing asked with a cookie or a token", async () => {
    const before = ctx.app.preparedAnswers.size;
    await answer(`${base}/api/product?limit=7`, { cookie: "forgeline.session=someone" });
    await answer(`${base}/api/product?limit=7`, bearer(customer.token));
    await answer(`${base}/api/review?limit=7`, bearer(customer.token));
    await answer(`${base}/api/product?q=hammer&limit=20`, bearer(customer.token));
    await answer(`${base}/api/review?email=${encodeURIComponent(customer.email)}`, bearer(customer.token));
    await answer(`${base}/api/review?email=${encodeURIComponent(customer.email)}`, bearer(customer.token));
    expect(ctx.app.preparedAnswers.size).toBe(before);
  });
});

describe("prepared answers without TRUST_PROXY", () => {
  it("give a client's request a new id whatever X-Request-Id it sends", async () => {
    const ctx = await createTestApp({ seed: true });
    try {
      const base = await listening(ctx);
      await answer(`${base}${LIST}`);
      expect(ctx.app.preparedAnswers.size).toBeGreaterThan(0);
      const prepared = await answer(`${base}${LIST}`, { "x-request-id": "balancer-7" });
      expect(prepared.requestId).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await ctx.close();
    }
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)(
  serverUrl ? "prepared answers on two instances" : `prepared answers on two instances: ${NEEDS_POSTGRES}`,
  () => {
    let database: Awaited<ReturnType<typeof emptyPostgresDatabase>>;
    let a: TestApp;
    let b: TestApp;
    let baseA: string;
    let baseB: string;
    let admin: TestAccount;

    beforeAll(async () => {
      database = await emptyPostgresDatabase(serverUrl as string);
      a = await createTestApp({ databaseUrl: database.url, seed: true });
      b = await createTestApp({ databaseUrl: database.url });
      [baseA, baseB] = [await listening(a), await listening(b)];
      admin = await signUp(a.app, { admin: true });
    });
    afterAll(async () => {
      await Promise.all([a?.close(), b?.close()]);
      await database?.drop();
    });

    it("a write on one instance shows in the other's next answers within a second", async () => {
      const names = async (base: string) =>
        (JSON.parse((await answer(`${base}${LIST}`)).body.toString()) as Product[]).map((p) => p.name);
      const [first] = JSON.parse((await answer(`${baseA}${LIST}`)).body.toString()) as Product[];
      // Both instances hold the list prepared.
      for (const base of [baseA, baseB, baseA, baseB]) expect(await names(base)).toContain(first?.name);
      const edit = await b.app.inject({
        method: "PATCH",
        url: `/api/product/${first?._id}`,
        headers: bearer(admin.token),
        payload: { name: "Renamed On B" },
      });
      expect(edit.statusCode).toBe(200);
      expect(await names(baseB)).toContain("Renamed On B");
      await within(1000, async () => ((await names(baseA)).includes("Renamed On B") ? true : undefined));

      const tag = (await answer(`${baseA}${LIST}`)).headers.etag ?? "";
      await a.app.inject({
        method: "PATCH",
        url: `/api/product/${first?._id}`,
        headers: bearer(admin.token),
        payload: { name: "Renamed On A" },
      });
      await within(1000, async () =>
        (await answer(`${baseB}${LIST}`, { "if-none-match": tag })).status === 200 ? true : undefined,
      );
      expect(await names(baseB)).toContain("Renamed On A");
    });
  },
);
