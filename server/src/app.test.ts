import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "./test/test-app.js";

// Node enforces these on its HTTP server; cutting a real slow request would take over a minute (Node checks
// request times every 30 s), so this reads the values the server was given.
describe("the HTTP server's timeouts", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it("cuts a request that takes over a minute to arrive, a socket silent for 3 minutes, an idle keep-alive after 72 s", () => {
    expect(ctx.app.server.requestTimeout).toBe(60_000);
    expect(ctx.app.server.timeout).toBe(180_000);
    expect(ctx.app.server.keepAliveTimeout).toBe(72_000);
  });
});
