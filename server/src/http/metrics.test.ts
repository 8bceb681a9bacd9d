import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp } from "../test/accounts.js";
import { orderSteps } from "../test/orders.js";
import { createTestApp } from "../test/test-app.js";

const METRICS_TOKEN = "metrics-token-0123456789";
const BALANCER = "10.0.0.5";
const UUID = /^[0-9a-f-]{36}$/;

/** docs/OPERATIONS.md, 'Metrics': /metrics behind its token, and an id on every request. */
describe("observability", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { METRICS_TOKEN, TRUST_PROXY: BALANCER } });
  });
  afterAll(() => ctx.close());

  const metrics = (authorization?: string) =>
    ctx.app.inject({ method: "GET", url: "/metrics", headers: authorization ? { authorization } : {} });

  it("answers /metrics only to its bearer token", async () => {
    expect((await metrics()).statusCode).toBe(401);
    expect((await metrics("Bearer not-the-token-at-all")).statusCode).toBe(401);
    expect((await metrics(`Bearer ${METRICS_TOKEN}`)).statusCode).toBe(200);
  });

  it("counts requests by route pattern and status, orders, the outbox and the process", async () => {
    const admin = await signUp(ctx.app, { admin: true });
    const customer = await signUp(ctx.app);
    const steps = orderSteps(ctx.app, admin);
    const tool = await steps.newTool();
    await steps.paidOrder(customer, tool);
    await ctx.app.inject({ method: "GET", url: `/api/product/${tool._id}` });
    await ctx.app.inject({ method: "GET", url: "/api/product/00000000-0000-4000-8000-000000000000" });

    const text = (await metrics(`Bearer ${METRICS_TOKEN}`)).body;
    expect(text).toMatch(
      /forgeline_http_requests_total\{method="GET",route="\/api\/product\/:id",status="200"\} [1-9]/,
    );
    expect(text).toMatch(/forgeline_http_requests_total\{method="GET",route="\/api\/product\/:id",status="404"\} 1/);
    expect(text).toMatch(
      /forgeline_http_request_duration_seconds_bucket\{le="0\.1",method="GET",route="\/api\/product\/:id"\}/,
    );
    expect(text).toMatch(/forgeline_orders\{event="placed"\} 1\n/);
    expect(text).toMatch(/forgeline_orders\{event="paid"\} 1\n/);
    expect(text).toMatch(/forgeline_orders\{event="refunded"\} 0\n/);
    expect(text).toMatch(/forgeline_mail_outbox_waiting \d+/);
    expect(text).toMatch(/forgeline_mail_outbox_oldest_seconds [\d.e+-]+/);
    expect(text).toMatch(/forgeline_process_resident_memory_bytes \d+/);
    // No address of a single order or product becomes a series of its own.
    expect(text).not.toContain(tool._id);
  });

  it("gives every answer a request id: the trusted balancer's when it is a plain token, else a new one", async () => {
    const health = (headers: Record<string, string>, remoteAddress = BALANCER) =>
      ctx.app.inject({ method: "GET", url: "/api/health", headers, remoteAddress });
    expect((await health({})).headers["x-request-id"]).toMatch(UUID);
    expect((await health({ "x-request-id": "lb-7f3a.42" })).headers["x-request-id"]).toBe("lb-7f3a.42");
    expect((await health({ "x-request-id": 'x" injected=1 {}' })).headers["x-request-id"]).toMatch(UUID);
    // A client that reaches the server past the balancer does not choose the id its lines are logged under.
    const direct = await health({ "x-request-id": "lb-7f3a.42" }, "203.0.113.9");
    expect(direct.headers["x-request-id"]).toMatch(UUID);
  });
});

describe("without TRUST_PROXY", () => {
  it("makes a new request id whatever the client sends", async () => {
    const ctx = await createTestApp();
    try {
      const answer = await ctx.app.inject({
        method: "GET",
        url: "/api/health",
        headers: { "x-request-id": "lb-7f3a.42" },
      });
      expect(answer.headers["x-request-id"]).toMatch(UUID);
    } finally {
      await ctx.close();
    }
  });
});

describe("without METRICS_TOKEN", () => {
  it("does not serve /metrics at all", async () => {
    const ctx = await createTestApp();
    try {
      const answer = await ctx.app.inject({ method: "GET", url: "/metrics" });
      expect(answer.statusCode).not.toBe(200);
      expect(answer.body).not.toContain("forgeline_");
    } finally {
      await ctx.close();
    }
  });
});
