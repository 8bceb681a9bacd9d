import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Balancer, HAPROXY, NEEDS_HAPROXY, startShippedBalancer } from "../test/haproxy.js";
import { createTestApp } from "../test/test-app.js";

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface Seen {
  method: string;
  headers: IncomingHttpHeaders;
}

/**
 * An instance whose database went away in the middle of a COMMIT: ready to the health checks, a 503 to
 * every request, which it records, so a test sees whether the balancer then sent the request elsewhere.
 */
async function failingInstance(): Promise<{ server: Server; address: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((request, response) => {
    if (request.url === "/api/ready") return response.end("ok");
    seen.push({ method: request.method ?? "", headers: request.headers });
    request.resume();
    request.on("end", () => response.writeHead(503, { "content-type": "application/json" }).end("{}"));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return { server, address: `127.0.0.1:${port}`, seen };
}

describe.skipIf(!HAPROXY)(
  HAPROXY
    ? "the shipped HAProxy configuration in front of the app (issue 45, 6 and 7)"
    : `the shipped HAProxy configuration: ${NEEDS_HAPROXY}`,
  () => {
    let ctx: TestApp;
    let failing: Awaited<ReturnType<typeof failingInstance>>;
    let balancer: Balancer;

    /** Sends the request through the balancer until one has reached the failing instance; answers every answer. */
    async function untilTheFailingOneIsHit(method: string, headers: Record<string, string> = {}) {
      const answers: Response[] = [];
      const before = failing.seen.length;
      for (let i = 0; i < 6 && failing.seen.length === before; i++) {
        answers.push(await fetch(`${balancer.url}/api/no-such-thing`, { method, headers }));
      }
      expect(failing.seen.length).toBeGreaterThan(before);
      return answers;
    }

    beforeAll(async () => {
      ctx = await createTestApp({ env: { TRUST_PROXY: "127.0.0.1" } });
      await ctx.app.listen({ host: "127.0.0.1", port: 0 });
      const { port } = ctx.app.server.address() as { port: number };
      failing = await failingInstance();
      balancer = await startShippedBalancer([failing.address, `127.0.0.1:${port}`, `127.0.0.1:${port}`]);
    });
    afterAll(async () => {
      await balancer?.stop();
      failing?.server.close();
      await ctx?.close();
    });

    it("gives every request the balancer's id, never one the client chose", async () => {
      const answers = await untilTheFailingOneIsHit("GET", { "x-request-id": "chosen-by-the-client" });
      for (const answer of answers) {
        expect(answer.headers.get("x-request-id")).toMatch(UUID);
      }
      const retried = failing.seen.at(-1);
      expect(retried?.headers["x-request-id"]).toMatch(UUID);
      // The GET the failing instance refused went on to the app under the same id: the app logs the balancer's.
      expect(answers.at(-1)?.headers.get("x-request-id")).toBe(retried?.headers["x-request-id"]);
    });

    it("retries a GET after a 503 on another instance", async () => {
      const answers = await untilTheFailingOneIsHit("GET");
      expect(answers.map((answer) => answer.status)).not.toContain(503);
    });

    it("never repeats a write without an Idempotency-Key: its 503 goes back to the client", async () => {
      const answers = await untilTheFailingOneIsHit("POST");
      expect(answers.at(-1)?.status).toBe(503);
    });

    it("retries a write with an Idempotency-Key, which the app answers once and replays", async () => {
      const answers = await untilTheFailingOneIsHit("POST", { "idempotency-key": "balancer-retry-1" });
      expect(answers.map((answer) => answer.status)).not.toContain(503);
    });
  },
);
