import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { HttpError } from "./errors.js";
import type { AnswerRecorder } from "./prepared-answers.js";

/** What the metrics read from the shop when they are scraped; each a small query, run only then. */
export interface ShopGauges {
  /** The mail outbox: mails waiting, and the age in seconds of the oldest (0 when none waits). */
  outbox(): Promise<{ waiting: number; oldestSeconds: number }>;
  /** Orders placed, paid and refunded since the shop began. */
  orders(): Promise<{ placed: number; paid: number; refunded: number }>;
  /** PostgreSQL's pool, when the shop runs on one. */
  pool?: () => { total: number; idle: number; waiting: number };
}

/**
 * `GET /metrics` in Prometheus' format (docs/OPERATIONS.md, 'Metrics'): requests by route and status with their
 * duration, the database pool, the mail outbox, orders placed, paid and refunded, and Node's own process metrics. Not
 * public: it answers only a bearer `METRICS_TOKEN`; without one configured it is not served at all.
 */
export function registerMetrics(
  app: FastifyInstance,
  token: string | undefined,
  gauges: ShopGauges,
): AnswerRecorder | undefined {
  if (!token) return undefined;
  const register = new Registry();
  collectDefaultMetrics({ register, prefix: "forgeline_" });
  const requests = new Counter({
    name: "forgeline_http_requests_total",
    help: "HTTP requests answered, by method, route and status.",
    labelNames: ["method", "route", "status"] as const,
    registers: [register],
  });
  const durations = new Histogram({
    name: "forgeline_http_request_duration_seconds",
    help: "Time to answer an HTTP request, by method and route.",
    labelNames: ["method", "route"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [register],
  });
  // The gauges read from the database. While it does not answer they keep their last values and the
  // scrape still succeeds: the request counts (the 503s) are what an operator needs to see then.
  const fromDatabase = async <T>(read: () => Promise<T>, show: (value: T) => void) => {
    const value = await read().catch((error: unknown) => {
      app.log.warn({ err: error }, "metrics: the database did not answer; its gauges keep their last values");
      return undefined;
    });
    if (value !== undefined) show(value);
  };
  new Gauge({
    name: "forgeline_mail_outbox_waiting",
    help: "Mails in the outbox not sent yet.",
    registers: [register],
    async collect() {
      await fromDatabase(gauges.outbox, ({ waiting }) => this.set(waiting));
    },
  });
  new Gauge({
    name: "forgeline_mail_outbox_oldest_seconds",
    help: "Age of the oldest mail not sent yet, in seconds (0 when none waits).",
    registers: [register],
    async collect() {
      await fromDatabase(gauges.outbox, ({ oldestSeconds }) => this.set(oldestSeconds));
    },
  });
  new Gauge({
    name: "forgeline_orders",
    help: "Orders placed, paid and refunded since the shop began.",
    labelNames: ["event"] as const,
    registers: [register],
    async collect() {
      await fromDatabase(gauges.orders, (orders) => {
        for (const event of ["placed", "paid", "refunded"] as const) this.set({ event }, orders[event]);
      });
    },
  });
  if (gauges.pool) {
    const pool = gauges.pool;
    new Gauge({
      name: "forgeline_db_pool_connections",
      help: "PostgreSQL pool connections: total open, idle, and requests waiting for one.",
      labelNames: ["state"] as const,
      registers: [register],
      collect() {
        const use = pool();
        this.set({ state: "total" }, use.total);
        this.set({ state: "idle" }, use.idle);
        this.set({ state: "waiting" }, use.waiting);
      },
    });
  }

  app.addHook("onResponse", async (request, reply) => {
    // The route's pattern, never the raw address: ids and queries would make endless series.
    const route = request.routeOptions.url ?? "unmatched";
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    durations.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });

  const expected = Buffer.from(`Bearer ${token}`);
  app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
    const given = Buffer.from(request.headers.authorization ?? "");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new HttpError(401, "The metrics need METRICS_TOKEN as a bearer token.");
    }
    reply.type(register.contentType).header("cache-control", "no-store");
    return register.metrics();
  });
  // The answers sent without Fastify (http/prepared-answers.ts) are counted the same way.
  return (method, route, status, seconds) => {
    requests.inc({ method, route, status: String(status) });
    durations.observe({ method, route }, seconds);
  };
}

/** An id a balancer sends is kept when it is a plain token; anything else is replaced (it goes into every log line). */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,100}$/;
