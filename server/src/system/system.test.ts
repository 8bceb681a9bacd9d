import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.js";
import { loadConfig } from "../config.js";
import { postgresDatabase } from "../db/client.js";
import { createTestApp, TEST_AUTH_SECRET } from "../test/test-app.js";

describe("system routes and shared HTTP behaviour", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it("GET /api/health says the process is up", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok", database: ctx.databaseKind });
  });

  it("GET /api/ready answers 200 when the database answers", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/ready" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ready", database: ctx.databaseKind });
  });

  it("GET /api/ready answers 503 when the database does not answer, while /api/health still answers 200", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "forgeline-unready-"));
    // A PostgreSQL address where nothing listens: every query fails to connect.
    const database = postgresDatabase("postgres://postgres@127.0.0.1:1/nowhere", 1);
    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, LOG_LEVEL: "silent", SEED_CATALOGUE: "false" });
    const app = await buildApp({ config, database, authSecret: TEST_AUTH_SECRET });
    try {
      await app.ready();
      const ready = await app.inject({ method: "GET", url: "/api/ready" });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        statusCode: 503,
        error: "Service Unavailable",
        message: "The database does not answer.",
      });
      expect((await app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it("GET /api/config tells the browser only public settings", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/config" });
    expect(response.json()).toEqual({ payments: "test", stripePublishableKey: null, googleSignIn: false });
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/no-such-thing?x=1" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      statusCode: 404,
      error: "Not Found",
      message: "No API route for /api/no-such-thing",
    });
  });

  it("sends security headers: strict CSP, no sniffing, no framing", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/health" });
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  });
});
