import { randomInt } from "node:crypto";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import type { Product } from "@forgeline/contract";
import { count, sql } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresDatabase } from "../db/client.js";
import { LISTENER_NAME } from "../db/listener.js";
import { SILENCE_MARGIN_MS } from "../db/timeouts.js";
import { PICTURES_UNAVAILABLE, SHOP_UNAVAILABLE, unavailableService } from "../http/errors.js";
import { imageUploads } from "../image/tables.js";
import { smtpMailer } from "../mail/mailer.js";
import { mailsTo } from "../mail/queries.js";
import { startOutboxSender } from "../mail/sender.js";
import { bearer, markAddressConfirmed, ORIGIN, signUp, type TestAccount } from "../test/accounts.js";
import { multipartFile } from "../test/multipart.js";
import { CONTACT, orderSteps } from "../test/orders.js";
import { noisePicture } from "../test/pictures.js";
import { emptyPostgresDatabase, NEEDS_POSTGRES } from "../test/postgres.js";
import { startS3StandIn } from "../test/s3-stand-in.js";
import { startSmtpStandIn } from "../test/smtp-stand-in.js";
import { startTcpProxy, type TcpProxy, targetOf, throughProxy } from "../test/tcp-proxy.js";
import { createTestApp } from "../test/test-app.js";
import { within } from "../test/within.js";

/**
 * The fault drills of docs/OPERATIONS.md, 'When a service is away (the fault drills)': a service the shop needs goes
 * away and comes back while callers keep calling, and each test asserts what they saw. The services are real
 * (PostgreSQL, Redis, an SMTP server, an S3-compatible server); PostgreSQL and Redis are cut by a TCP proxy in front of
 * them, and PostgreSQL is also silenced by it (connections kept open, nothing answered). docs/OPERATIONS.md ("When a
 * service is away") says what an operator sees and does in each case, and docs/decisions/022 and 027 why.
 */

const postgresUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const NEEDS_REDIS = "needs TEST_REDIS_URL (a Redis server; .ci/run sets it when one answers on 127.0.0.1:6379)";

/** How long each drill's service stays away. */
const OUTAGE_MS = 3_000;
/** Per-account allowances out of the way: the drills count answers under load, not allowances. */
const ROOMY_ALLOWANCES = { ACCOUNT_ORDERS_PER_HOUR: "100000", UNCONFIRMED_ORDERS_PER_DAY: "100000" };
const METRICS_TOKEN = "fault-drill-metrics-token";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The answer a caller gets while a service the shop needs is away: the shared error shape, asking to try again. */
const tryAgainLater = (message = SHOP_UNAVAILABLE) => ({ statusCode: 503, error: "Service Unavailable", message });

/** A customer whose address is confirmed, so it has an ordinary account's allowances. */
async function confirmedCustomer(app: Parameters<typeof signUp>[0]): Promise<TestAccount> {
  const customer = await signUp(app);
  await markAddressConfirmed(app, customer.email);
  return customer;
}

/** One answer a caller got, with when it was asked and answered (ms since the drill began). */
interface Answer {
  customer: number;
  status: number;
  body: { insertedId?: string | null; message?: string };
  sentAt: number;
  answeredAt: number;
}

/**
 * Customers placing orders one after another, a new tool each time (an unpaid order of a tool stops its
 * buyer ordering it again), with the balancer's health check every quarter of a second, until `stop()`.
 */
function shopUnderLoad(app: FastifyInstance, customers: TestAccount[], tools: Product[]) {
  const began = Date.now();
  const now = () => Date.now() - began;
  const answers: Answer[] = [];
  const readiness: Omit<Answer, "customer" | "body">[] = [];
  let stopping = false;
  const shopping = customers.map(async (customer, index) => {
    let next = 0;
    while (!stopping && next < tools.length) {
      const tool = tools[next] as Product;
      const sentAt = now();
      const response = await app.inject({
        method: "POST",
        url: "/api/ordering",
        headers: bearer(customer.token),
        payload: { orderId: tool._id, quantity: 100, ...CONTACT },
      });
      answers.push({ customer: index, status: response.statusCode, body: response.json(), sentAt, answeredAt: now() });
      // A 503 may hide an order that committed as its answer was cut off: ordering the same tool again then
      // answers 200 (an unpaid order of it waits). Either way the next tool is next.
      if (response.statusCode !== 503) next += 1;
      await sleep(50);
    }
  });
  const checking = (async () => {
    while (!stopping) {
      const sentAt = now();
      const response = await app.inject({ method: "GET", url: "/api/ready" });
      readiness.push({ status: response.statusCode, sentAt, answeredAt: now() });
      await sleep(250);
    }
  })();
  return {
    now,
    answers,
    readiness,
    placed: () => answers.filter((answer) => answer.status === 201),
    /** How many customers had an order placed that they asked for after `since`. */
    placingSince: (since: number) =>
      new Set(
        answers.filter((answer) => answer.status === 201 && answer.sentAt > since).map((answer) => answer.customer),
      ).size,
    async stop() {
      stopping = true;
      await Promise.all([...shopping, checking]);
    },
  };
}

/** Connections the pool has handed out and not got back: none once no request runs (a leak never comes back). */
async function connectionsCheckedOut(app: FastifyInstance): Promise<number> {
  const metrics = await app.inject({ method: "GET", url: "/metrics", headers: bearer(METRICS_TOKEN) });
  const use = (state: string) =>
    Number(new RegExp(`^forgeline_db_pool_connections\\{state="${state}"\\} (\\d+)$`, "m").exec(metrics.body)?.[1]);
  return use("total") - use("idle");
}

async function newToolsFor(steps: ReturnType<typeof orderSteps>, count: number): Promise<Product[]> {
  const tools: Product[] = [];
  for (let i = 0; i < count; i++) tools.push(await steps.newTool(100_000));
  return tools;
}

/**
 * Every order acknowledged with 201 is in the database, with its mail in the outbox: none lost. And none
 * twice: no buyer holds two orders of one tool (a 503 that hid a commit, then ordered again, would).
 */
async function expectStoredOnce(direct: pg.Client, acknowledged: string[]) {
  expect(new Set(acknowledged).size).toBe(acknowledged.length);
  const stored = await direct.query<{ id: string }>("select id from orders where id = any($1::uuid[])", [acknowledged]);
  expect(stored.rows.map((row) => row.id).sort()).toEqual([...acknowledged].sort());
  const mailed = await direct.query<{ id: string }>(
    "select data->>'orderId' as id from mail_outbox where template = 'order-placed' and data->>'orderId' = any($1::text[])",
    [acknowledged],
  );
  expect(mailed.rows.map((row) => row.id).sort()).toEqual([...acknowledged].sort());
  const twice = await direct.query(
    "select user_email, product_id from orders group by user_email, product_id having count(*) > 1",
  );
  expect(twice.rows).toEqual([]);
}

describe.skipIf(!postgresUrl)(
  postgresUrl
    ? "fault drill: PostgreSQL goes away for seconds under load"
    : `fault drill: PostgreSQL goes away for seconds under load: ${NEEDS_POSTGRES}`,
  () => {
    let database: Awaited<ReturnType<typeof emptyPostgresDatabase>>;
    let proxy: TcpProxy;
    let ctx: Awaited<ReturnType<typeof createTestApp>>;
    let direct: pg.Client;
    let steps: ReturnType<typeof orderSteps>;

    beforeAll(async () => {
      database = await emptyPostgresDatabase(postgresUrl as string);
      proxy = await startTcpProxy(targetOf(database.url, 5432));
      // Every connection of the app, its pool's and its LISTEN connection's, goes through the proxy.
      ctx = await createTestApp({
        databaseUrl: throughProxy(database.url, proxy),
        env: { ...ROOMY_ALLOWANCES, METRICS_TOKEN },
      });
      // The test reads the database past the proxy.
      direct = new pg.Client({ connectionString: database.url });
      await direct.connect();
      steps = orderSteps(ctx.app, await signUp(ctx.app, { admin: true }));
    });
    afterAll(async () => {
      await proxy?.restore();
      await ctx?.close();
      await proxy?.close();
      await direct?.end();
      await database?.drop();
    });

    const checkedOut = () => connectionsCheckedOut(ctx.app);
    const newTools = (count: number) => newToolsFor(steps, count);
    const expectEveryAcknowledgedOrderStored = (acknowledged: string[]) => expectStoredOnce(direct, acknowledged);

    it("answers 503 'Please try again' while it is away, /api/ready fails, the server recovers by itself, no acknowledged order is lost", {
      timeout: 60_000,
    }, async () => {
      const { app } = ctx;
      const customers = await Promise.all(Array.from({ length: 6 }, () => confirmedCustomer(app)));
      const load = shopUnderLoad(app, customers, await newTools(60));
      const { answers, readiness, now } = load;
      await expect.poll(() => load.placed().length, { timeout: 15_000 }).toBeGreaterThanOrEqual(12);

      await proxy.cut();
      const cutAt = now();
      await sleep(OUTAGE_MS);
      // Meanwhile the process is alive (the orchestrator must not restart it) and says why it is not ready.
      const health = await app.inject({ method: "GET", url: "/api/health" });
      const metrics = await app.inject({ method: "GET", url: "/metrics", headers: bearer(METRICS_TOKEN) });
      // A sign-in meets the limits (counted in the database) first: the same 503, not the provider's 500.
      const [first] = customers as [TestAccount];
      const signIn = await app.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        headers: ORIGIN,
        remoteAddress: "10.99.0.1",
        payload: { email: first.email, password: first.password },
      });
      await proxy.restore();
      const restoredAt = now();

      // Back by itself: every customer places an order again, and the health check passes.
      await expect.poll(() => load.placingSince(restoredAt), { timeout: 20_000, interval: 100 }).toBe(customers.length);
      await expect
        .poll(() => readiness.some((check) => check.sentAt > restoredAt && check.status === 200), { timeout: 10_000 })
        .toBe(true);
      await load.stop();
      await expect.poll(checkedOut, { timeout: 5_000 }).toBe(0);

      // Every answer was an order placed (201), one found already placed (200), or 503 "Please try again".
      expect(answers.filter((answer) => ![200, 201, 503].includes(answer.status))).toEqual([]);
      for (const answer of answers.filter((each) => each.status === 503)) {
        expect(answer.body).toEqual(tryAgainLater());
      }
      // Every order asked for while it was away (a moment after the cut) was refused, and none hung.
      const duringOutage = answers.filter((answer) => answer.sentAt > cutAt + 100 && answer.answeredAt < restoredAt);
      expect(duringOutage.length).toBeGreaterThanOrEqual(customers.length);
      expect(duringOutage.map((answer) => answer.status)).toEqual(duringOutage.map(() => 503));
      expect(Math.max(...duringOutage.map((answer) => answer.answeredAt - answer.sentAt))).toBeLessThan(3_000);
      // The health check failed while it was away, and passed before and after.
      const checksDuring = readiness.filter((check) => check.sentAt > cutAt + 100 && check.answeredAt < restoredAt);
      expect(checksDuring.length).toBeGreaterThanOrEqual(3);
      expect(checksDuring.map((check) => check.status)).toEqual(checksDuring.map(() => 503));
      expect(readiness.filter((check) => check.answeredAt < cutAt).map((check) => check.status)).toContain(200);
      expect(health.statusCode).toBe(200);
      expect([signIn.statusCode, signIn.json()]).toEqual([503, tryAgainLater()]);
      // The scrape still answers, and counts the refusals by route.
      expect(metrics.statusCode).toBe(200);
      expect(metrics.body).toMatch(
        /forgeline_http_requests_total\{method="POST",route="\/api\/ordering",status="503"\} \d+/,
      );

      await expectEveryAcknowledgedOrderStored(load.placed().map((answer) => answer.body.insertedId as string));
    });

    it("a restart's terminated connections (57P01) are 503s too, never 500s, and the next orders go through", {
      timeout: 60_000,
    }, async () => {
      const { app } = ctx;
      const customers = await Promise.all(Array.from({ length: 4 }, () => confirmedCustomer(app)));
      const load = shopUnderLoad(app, customers, await newTools(40));
      await expect.poll(() => load.placed().length, { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
      // What a restart (or an administrator) does to the server's sessions, ten times over.
      for (let round = 0; round < 10; round++) {
        await direct.query(
          "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
        );
        await sleep(150);
      }
      const lastAt = load.now();
      await expect.poll(() => load.placingSince(lastAt), { timeout: 20_000, interval: 100 }).toBe(customers.length);
      await load.stop();
      await expect.poll(checkedOut, { timeout: 5_000 }).toBe(0);

      expect(load.answers.filter((answer) => ![200, 201, 503].includes(answer.status))).toEqual([]);
      for (const answer of load.answers.filter((each) => each.status === 503)) {
        expect(answer.body).toEqual(tryAgainLater());
      }
      await expectEveryAcknowledgedOrderStored(load.placed().map((answer) => answer.body.insertedId as string));
    });
  },
);

describe.skipIf(!postgresUrl)(
  postgresUrl
    ? "fault drill: PostgreSQL goes silent (no reset, no answer) for seconds under load"
    : `fault drill: PostgreSQL goes silent (no reset, no answer) for seconds under load: ${NEEDS_POSTGRES} (PGlite runs inside the process: no network between them can go silent)`,
  () => {
    /** The limits this drill gives the app: small, so that the drill is short. */
    const STATEMENT_MS = 1_000;
    const CONNECT_MS = 1_000;
    /** Long enough for the listening connection's heartbeat to find the silence (one limit, then its query's). */
    const SILENCE_MS = 5_000;
    /** What a caller may wait at most while it is silent: the limits are 1-2 s, the rest is a busy machine. */
    const ANSWERED_WITHIN_MS = 10_000;
    let database: Awaited<ReturnType<typeof emptyPostgresDatabase>>;
    let proxy: TcpProxy;
    let ctx: Awaited<ReturnType<typeof createTestApp>>;
    let direct: pg.Client;
    let steps: ReturnType<typeof orderSteps>;

    beforeAll(async () => {
      database = await emptyPostgresDatabase(postgresUrl as string);
      proxy = await startTcpProxy(targetOf(database.url, 5432));
      ctx = await createTestApp({
        databaseUrl: throughProxy(database.url, proxy),
        env: {
          ...ROOMY_ALLOWANCES,
          METRICS_TOKEN,
          DATABASE_STATEMENT_TIMEOUT_MS: String(STATEMENT_MS),
          DATABASE_CONNECT_TIMEOUT_MS: String(CONNECT_MS),
        },
      });
      direct = new pg.Client({ connectionString: database.url });
      await direct.connect();
      steps = orderSteps(ctx.app, await signUp(ctx.app, { admin: true }));
    });
    afterAll(async () => {
      proxy?.resume();
      await ctx?.close();
      await proxy?.close();
      await direct?.end();
      await database?.drop();
    });

    const timed = async (call: () => Promise<LightMyRequestResponse>) => {
      const started = Date.now();
      const response = await call();
      return { status: response.statusCode, body: response.json(), ms: Date.now() - started };
    };
    /** The listening connection(s) of the app on this database, and when each began (the server's clock). */
    const listeners = async () =>
      (
        await direct.query<{ started: Date }>(
          "select backend_start as started from pg_stat_activity where datname = current_database() and application_name = $1",
          [LISTENER_NAME],
        )
      ).rows;

    it("answers 503 'Please try again' within seconds while it is silent, /api/ready fails, the server and its listener recover by themselves, no acknowledged order is lost", {
      timeout: 90_000,
    }, async () => {
      const { app } = ctx;
      // The app's connections carry the configured limits.
      const shown = (await ctx.db.execute(sql`show statement_timeout`)) as unknown as {
        rows: { statement_timeout: string }[];
      };
      expect(shown.rows[0]?.statement_timeout).toBe("1s");
      const customers = await Promise.all(Array.from({ length: 4 }, () => confirmedCustomer(app)));
      const [first] = customers as [TestAccount];
      // A tool nobody else orders, for a caller of its own beside the load.
      const spare = await steps.newTool(100_000);
      const load = shopUnderLoad(app, customers, await newToolsFor(steps, 40));
      const { answers, readiness, now } = load;
      await expect.poll(() => load.placed().length, { timeout: 15_000 }).toBeGreaterThanOrEqual(8);
      const silentSince = (await direct.query<{ at: Date }>("select now() as at")).rows[0]?.at as Date;

      proxy.stall();
      const stalledAt = now();
      const order = await timed(() =>
        steps.call("POST", "/api/ordering", first, { orderId: spare._id, quantity: 100, ...CONTACT }),
      );
      const ready = await timed(() => app.inject({ method: "GET", url: "/api/ready" }));
      await sleep(Math.max(0, SILENCE_MS - (now() - stalledAt)));
      proxy.resume();
      const resumedAt = now();

      // Back by itself: every customer places an order again, and the health check passes.
      await expect.poll(() => load.placingSince(resumedAt), { timeout: 20_000, interval: 100 }).toBe(customers.length);
      await expect
        .poll(() => readiness.some((check) => check.sentAt > resumedAt && check.status === 200), { timeout: 10_000 })
        .toBe(true);
      await load.stop();
      // No connection stays checked out: one whose query went unanswered was discarded, not kept.
      await expect.poll(() => connectionsCheckedOut(app), { timeout: 5_000 }).toBe(0);
      // The listening connection found the silence and was replaced: one listens, opened after it began.
      await expect
        .poll(async () => (await listeners()).map((listener) => listener.started > silentSince), { timeout: 15_000 })
        .toEqual([true]);
      // The mail sender goes on by itself too: the mail of every order placed since goes out. (One it held when
      // the silence began waits out its lease: it may have been sent, and that could not be recorded.)
      const acknowledged = load.placed().map((answer) => answer.body.insertedId as string);
      const placedSince = load
        .placed()
        .filter((answer) => answer.sentAt > resumedAt)
        .map((answer) => answer.body.insertedId as string);
      await within(15_000, async () => {
        const unsent = await direct.query(
          "select id from mail_outbox where template = 'order-placed' and sent_at is null and data->>'orderId' = any($1::text[])",
          [placedSince],
        );
        return unsent.rows.length === 0 ? true : undefined;
      });

      expect([order.status, order.body]).toEqual([503, tryAgainLater()]);
      expect(order.ms).toBeLessThan(ANSWERED_WITHIN_MS);
      expect(ready.status).toBe(503);
      expect(ready.ms).toBeLessThan(ANSWERED_WITHIN_MS);
      // Every answer was an order placed (201), one found already placed (200), or 503 "Please try again".
      expect(answers.filter((answer) => ![200, 201, 503].includes(answer.status))).toEqual([]);
      for (const answer of answers.filter((each) => each.status === 503)) {
        expect(answer.body).toEqual(tryAgainLater());
      }
      // Every order asked for while it was silent was refused, none waited long, and each customer asked.
      const duringSilence = answers.filter(
        (answer) => answer.sentAt > stalledAt + 100 && answer.answeredAt < resumedAt,
      );
      expect(new Set(duringSilence.map((answer) => answer.customer)).size).toBe(customers.length);
      expect(duringSilence.map((answer) => answer.status)).toEqual(duringSilence.map(() => 503));
      const askedDuring = answers.filter((answer) => answer.sentAt > stalledAt && answer.sentAt < resumedAt);
      expect(Math.max(...askedDuring.map((answer) => answer.answeredAt - answer.sentAt))).toBeLessThan(
        ANSWERED_WITHIN_MS,
      );
      // The health check failed while it was silent (within its 2 s), and passed before.
      const checksDuring = readiness.filter((check) => check.sentAt > stalledAt + 100 && check.answeredAt < resumedAt);
      expect(checksDuring.length).toBeGreaterThanOrEqual(2);
      expect(checksDuring.map((check) => check.status)).toEqual(checksDuring.map(() => 503));
      expect(readiness.filter((check) => check.answeredAt < stalledAt).map((check) => check.status)).toContain(200);

      await expectStoredOnce(direct, acknowledged);
    });

    it("a transaction whose query goes unanswered fails after one query timeout, and its connection is discarded, not reused", {
      timeout: 30_000,
    }, async () => {
      const queryTimeoutMs = STATEMENT_MS + SILENCE_MARGIN_MS;
      const handle = postgresDatabase(throughProxy(database.url, proxy), 1, {
        statementMs: STATEMENT_MS,
        connectMs: CONNECT_MS,
      });
      let silentAt = 0;
      try {
        const error = await handle.db
          .transaction(async (tx) => {
            await tx.execute(sql`select 1`);
            proxy.stall();
            silentAt = Date.now();
            await tx.execute(sql`select 2`);
          })
          .then(
            () => undefined,
            (failure: unknown) => failure,
          );
        const ms = Date.now() - silentAt;
        expect(unavailableService(error)).toBe("shop");
        // One query timeout: the ROLLBACK behind the unanswered query fails at once rather than waiting another.
        expect(ms).toBeGreaterThanOrEqual(queryTimeoutMs - 50);
        expect(ms).toBeLessThan(1.5 * queryTimeoutMs);
        expect(handle.poolUse?.()).toEqual({ total: 0, idle: 0, waiting: 0 });
      } finally {
        proxy.resume();
        await handle.close();
      }
    });
  },
);

describe("fault drill: the mail server is down and comes back", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;
  let ctx: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    smtp = await startSmtpStandIn();
    ctx = await createTestApp({ env: { SMTP_URL: smtp.url, METRICS_TOKEN, ...ROOMY_ALLOWANCES } });
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  it("keeps every mail while it is down, tries again, and delivers each one exactly once when it is back", async () => {
    const { app, db } = ctx;
    const admin = await signUp(app, { admin: true });
    const steps = orderSteps(app, admin);
    const tool = await steps.newTool();
    const { port } = smtp;
    await smtp.close();

    // Customers sign up and order while no mail server answers: neither waits for the mail.
    // Confirmed: an unconfirmed address would get its confirmation only (mail/hold.test.ts).
    const customers = await Promise.all(Array.from({ length: 3 }, () => signUp(app, { confirmed: true })));
    for (const customer of customers) await steps.placeOrder(customer, tool);
    // A second instance's sender delivers the same outbox, as behind a load balancer.
    const second = startOutboxSender({
      db,
      mailer: smtpMailer(smtp.url, "shop@example.com"),
      shop: { publicUrl: "http://localhost:5000", bankDetails: "Forgeline Tools Ltd · IBAN GB00 TEST" },
      log: app.log,
      pollMs: 50,
      retryMs: 100,
    });
    try {
      const waiting = async () => (await Promise.all(customers.map((customer) => mailsTo(db, customer.email)))).flat();
      // Each mail (the address confirmation and the order's) is tried again, and kept.
      await expect
        .poll(async () => (await waiting()).filter((mail) => mail.attempts >= 2).length, { timeout: 10_000 })
        .toBe(customers.length * 2);
      const kept = await waiting();
      expect(kept.map((mail) => mail.sentAt)).toEqual(kept.map(() => null));
      expect(kept.every((mail) => mail.lastError?.includes("ECONNREFUSED"))).toBe(true);
      // What the operator sees meanwhile: the shop is ready, and /metrics counts the mails waiting.
      expect((await app.inject({ method: "GET", url: "/api/ready" })).statusCode).toBe(200);
      const metrics = await app.inject({ method: "GET", url: "/metrics", headers: bearer(METRICS_TOKEN) });
      expect(Number(/^forgeline_mail_outbox_waiting (\d+)$/m.exec(metrics.body)?.[1])).toBeGreaterThanOrEqual(
        kept.length,
      );

      smtp = await startSmtpStandIn(port);
      const delivered = () =>
        smtp.received.filter((mail) => customers.some((customer) => mail.to.includes(customer.email)));
      await expect.poll(() => delivered().length, { timeout: 15_000 }).toBe(kept.length);
      // Later rounds of both senders send nothing again.
      await sleep(1_000);
      const subjects = delivered().map((mail) => `${mail.to.join(",")} ${/^Subject: (.*)$/m.exec(mail.raw)?.[1]}`);
      // Each order's own number (FL-100001, …) stands as FL-n: which customer got which is the race's.
      expect(subjects.map((subject) => subject.replace(/FL-\d+/, "FL-n")).sort()).toEqual(
        customers
          .flatMap((customer) => [
            `${customer.email} Confirm your Forgeline Tools address`,
            `${customer.email} Your order FL-n (${tool.name}) is placed`,
          ])
          .sort(),
      );
      expect((await waiting()).every((mail) => mail.sentAt !== null)).toBe(true);
    } finally {
      await second.stop();
    }
  });
});

describe("fault drill: the object store is down", () => {
  let s3: Awaited<ReturnType<typeof startS3StandIn>>;
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let customer: TestAccount;

  beforeAll(async () => {
    s3 = await startS3StandIn();
    ctx = await createTestApp({ env: s3.env });
    customer = await signUp(ctx.app);
  });
  afterAll(async () => {
    await ctx.close();
    await s3.stop();
  });

  const upload = async () => {
    const body = multipartFile("image", "bench.png", "image/png", await noisePicture(700, 500).png().toBuffer());
    return ctx.app.inject({
      method: "POST",
      url: "/api/image",
      payload: body.payload,
      headers: { ...body.headers, ...bearer(customer.token) },
    });
  };
  /** The objects in the bucket, read past the server. */
  const objects = async () => {
    const client = new S3Client({ ...ctx.config.s3, requestChecksumCalculation: "WHEN_REQUIRED" });
    const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.env.S3_BUCKET }));
    client.destroy();
    return (listed.Contents ?? []).map(({ Key }) => Key ?? "").sort();
  };
  const uploadsRecorded = async () => (await ctx.db.select({ uploads: count() }).from(imageUploads))[0]?.uploads;

  it("answers an upload 503 'Please try again' and keeps nothing; after it is back, uploads work", async () => {
    const before = await upload();
    expect(before.statusCode).toBe(200);
    const earlier: string = before.json().data.url;
    const objectsBefore = await objects();
    const recordedBefore = await uploadsRecorded();

    await s3.down();
    const refused = await upload();
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual(tryAgainLater(PICTURES_UNAVAILABLE));
    expect(refused.headers["retry-after"]).toBe("5");
    // No record of the upload (it does not count against the day's allowance either).
    expect(await uploadsRecorded()).toBe(recordedBefore);
    // A stored picture cannot be read meanwhile: 503, not a 404 that a CDN would keep.
    const served = await ctx.app.inject({ method: "GET", url: earlier });
    expect(served.statusCode).toBe(503);
    // The rest of the shop goes on.
    expect((await ctx.app.inject({ method: "GET", url: "/api/ready" })).statusCode).toBe(200);

    await s3.up();
    // Nothing of the refused upload reached the bucket.
    expect(await objects()).toEqual(objectsBefore);
    const after = await upload();
    expect(after.statusCode).toBe(200);
    const stem = (after.json().data.url as string).replace("/images/", "").replace("-700.webp", "");
    expect(await objects()).toEqual(
      [...objectsBefore, `${stem}-320.webp`, `${stem}-640.webp`, `${stem}-700.webp`].sort(),
    );
    expect(await uploadsRecorded()).toBe((recordedBefore ?? 0) + 1);
    expect((await ctx.app.inject({ method: "GET", url: earlier })).statusCode).toBe(200);
  });
});

describe.skipIf(!redisUrl)(
  redisUrl
    ? "fault drill: Redis is down (the shared counters)"
    : `fault drill: Redis is down (the shared counters): ${NEEDS_REDIS}`,
  () => {
    let proxy: TcpProxy;
    let ctx: Awaited<ReturnType<typeof createTestApp>>;

    beforeAll(async () => {
      proxy = await startTcpProxy(targetOf(redisUrl as string, 6379));
      ctx = await createTestApp({ env: { REDIS_URL: throughProxy(redisUrl as string, proxy), ...ROOMY_ALLOWANCES } });
    });
    afterAll(async () => {
      await proxy?.restore();
      await ctx?.close();
      await proxy?.close();
    });

    it("refuses sign-ins with 503 'Please try again' while the counters cannot be reached, never uncounted; recovers when it is back", {
      timeout: 60_000,
    }, async () => {
      const { app } = ctx;
      const admin = await signUp(app, { admin: true });
      const steps = orderSteps(app, admin);
      const [locked, other] = await Promise.all([confirmedCustomer(app), confirmedCustomer(app)]);
      const tool = await steps.newTool();
      // An address of its own: Redis outlives the run, and other runs count there too.
      const remoteAddress = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
      const signIn = (account: TestAccount, password = account.password) =>
        app.inject({
          method: "POST",
          url: "/api/auth/sign-in/email",
          headers: ORIGIN,
          remoteAddress,
          payload: { email: account.email, password },
        });
      const timed = async (call: () => Promise<LightMyRequestResponse>) => {
        const started = Date.now();
        const response = await call();
        return { response, ms: Date.now() - started };
      };

      // Ten wrong passwords lock the account, in Redis.
      for (let attempt = 0; attempt < 10; attempt++) {
        expect((await signIn(locked, `wrong-password-${attempt}`)).statusCode).toBe(401);
      }
      expect((await signIn(locked)).statusCode).toBe(429);
      expect((await signIn(other)).statusCode).toBe(200);

      await proxy.cut();
      // Every sign-in is refused at once, right password or wrong, locked account or not: none is let
      // through uncounted, none gets as far as a password check (a 401 would tell a guesser something).
      const attempts = [];
      for (const [account, password] of [
        [other, other.password],
        [other, "wrong-password-x"],
        [locked, locked.password],
        [locked, "wrong-password-y"],
        [other, other.password],
      ] as const) {
        attempts.push(await timed(() => signIn(account, password)));
      }
      for (const { response, ms } of attempts) {
        expect(response.statusCode).toBe(503);
        expect(response.json()).toEqual(tryAgainLater());
        expect(response.headers["retry-after"]).toBe("5");
        expect(ms).toBeLessThan(2_500);
      }
      // What else needs a count is refused the same way: an order (the account's allowance) and the
      // newsletter (the address's).
      const order = await steps.call("POST", "/api/ordering", other, { orderId: tool._id, quantity: 100, ...CONTACT });
      expect([order.statusCode, order.json()]).toEqual([503, tryAgainLater()]);
      const newsletter = await app.inject({
        method: "POST",
        url: "/api/newsletter",
        remoteAddress,
        payload: { email: "reader@example.com" },
      });
      expect(newsletter.statusCode).toBe(503);
      // What needs no count goes on, and the instance stays in the balancer: Redis is the same for every one.
      expect((await app.inject({ method: "GET", url: "/api/product" })).statusCode).toBe(200);
      expect((await steps.call("GET", `/api/ordering?userEmail=${other.email}`, other)).statusCode).toBe(200);
      expect((await app.inject({ method: "GET", url: "/api/ready" })).statusCode).toBe(200);

      await sleep(OUTAGE_MS - 1_000);
      await proxy.restore();
      // Back by itself within seconds: the other account signs in, and orders.
      await expect.poll(async () => (await signIn(other)).statusCode, { timeout: 10_000, interval: 200 }).toBe(200);
      const placed = await steps.call("POST", "/api/ordering", other, { orderId: tool._id, quantity: 100, ...CONTACT });
      expect(placed.statusCode).toBe(201);
      // The lock outlived the outage: the locked account is still refused, with its own message.
      const stillLocked = await signIn(locked);
      expect(stillLocked.statusCode).toBe(429);
      expect(stillLocked.json().message).toMatch(/^Too many failed sign-ins for this account\. Please try again in/);
    });
  },
);
