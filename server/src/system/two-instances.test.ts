import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedProducts } from "../seed/catalogue-data.js";
import { multipartFile } from "../test/multipart.js";
import { CONTACT, VISA } from "../test/orders.js";
import { noisePicture } from "../test/pictures.js";
import { emptyPostgresDatabase, NEEDS_POSTGRES } from "../test/postgres.js";
import { startS3StandIn } from "../test/s3-stand-in.js";
import { type ServerProcess, startServerProcess } from "../test/server-process.js";
import { firstLink, startSmtpStandIn } from "../test/smtp-stand-in.js";
import { TEST_AUTH_SECRET } from "../test/test-app.js";
import { within } from "../test/within.js";

const serverUrl = process.env.TEST_DATABASE_URL;

/** The one address of the shop, as behind a load balancer: both instances name it in links and check it as the origin. */
const SHOP = "http://localhost:5999";
const ADMIN = { email: "admin@two-instances.test", password: "admin-password-two-instances" };
const CUSTOMER = { email: "customer@two-instances.test", password: "customer-password-1", name: "Two Instances" };

/**
 * Issue 15's proof: two built server processes on loopback against one fresh PostgreSQL, each with its own
 * DATA_DIR, every step of a customer's and an admin's day alternating between them, then one of them
 * killed in the middle of a stream of orders.
 */
describe.skipIf(!serverUrl)(
  serverUrl ? "two instances on one PostgreSQL" : `two instances on one PostgreSQL: ${NEEDS_POSTGRES}`,
  () => {
    let database: Awaited<ReturnType<typeof emptyPostgresDatabase>>;
    let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;
    let s3: Awaited<ReturnType<typeof startS3StandIn>>;
    let dataDirs: string[];
    let a: ServerProcess;
    let b: ServerProcess;
    let sql: pg.Client;
    let customerToken: string;
    let adminToken: string;
    let toolId: string;

    const call = async (
      instance: ServerProcess,
      method: string,
      url: string,
      options: { token?: string; cookie?: string; body?: object } = {},
    ) => {
      const headers: Record<string, string> = { origin: SHOP };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      if (options.cookie) headers.cookie = options.cookie;
      if (options.body) headers["content-type"] = "application/json";
      const response = await fetch(`${instance.url}${url}`, {
        method,
        headers,
        body: options.body ? JSON.stringify(options.body) : undefined,
        redirect: "manual",
      });
      const text = await response.text();
      return { status: response.status, text, json: () => JSON.parse(text), headers: response.headers };
    };
    const cookieOf = (headers: Headers) =>
      headers
        .getSetCookie()
        .map((cookie) => cookie.split(";")[0])
        .join("; ");

    beforeAll(async () => {
      database = await emptyPostgresDatabase(serverUrl as string);
      smtp = await startSmtpStandIn();
      s3 = await startS3StandIn();
      dataDirs = await Promise.all(["a", "b"].map((name) => mkdtemp(path.join(tmpdir(), `forgeline-${name}-`))));
      const env = {
        DATABASE_URL: database.url,
        PUBLIC_URL: SHOP,
        // Every instance signs and checks sessions, tokens and mailed links with the same secret.
        AUTH_SECRET: TEST_AUTH_SECRET,
        SMTP_URL: smtp.url,
        MAIL_POLL_MS: "100",
        MAIL_RETRY_MS: "100",
        SEED_ADMIN_EMAIL: ADMIN.email,
        SEED_ADMIN_PASSWORD: ADMIN.password,
        // Pictures in one bucket: each instance keeps its own DATA_DIR, and serves what the other stored.
        ...s3.env,
      };
      // Started together on the empty database: they take turns to migrate and seed.
      [a, b] = (await Promise.all(dataDirs.map((dir) => startServerProcess({ ...env, DATA_DIR: dir })))) as [
        ServerProcess,
        ServerProcess,
      ];
      sql = new pg.Client({ connectionString: database.url });
      await sql.connect();
    });
    afterAll(async () => {
      for (const instance of [a, b]) instance?.process.kill("SIGKILL");
      await sql?.end();
      await smtp?.close();
      await s3?.stop();
      await database?.drop();
      await Promise.all((dataDirs ?? []).map((dir) => rm(dir, { recursive: true, force: true })));
    });

    it("both started on the empty database; it was migrated and seeded once", async () => {
      const products = await sql.query("select count(*)::int as n from products");
      expect(products.rows[0].n).toBe(seedProducts.length);
      const admins = await sql.query("select count(*)::int as n from auth_user where email = $1", [ADMIN.email]);
      expect(admins.rows[0].n).toBe(1);
    });

    it("sign up on A; confirm the address and get the access token on B", async () => {
      const signedUp = await call(a, "POST", "/api/auth/sign-up/email", { body: CUSTOMER });
      expect(signedUp.status).toBe(200);
      const mail = await within(5000, async () =>
        smtp.received.find((m) => m.to.includes(CUSTOMER.email) && m.raw.includes("Confirm your Forgeline")),
      );
      const link = new URL(firstLink(mail.raw) ?? "");
      expect(link.origin).toBe(SHOP);
      const confirmed = await call(b, "GET", `${link.pathname}${link.search}`);
      expect(confirmed.status).toBe(302);
      const token = await call(b, "PUT", `/api/user/${CUSTOMER.email}`, { cookie: cookieOf(confirmed.headers) });
      expect(token.status).toBe(200);
      customerToken = token.json().token;
      expect((await call(a, "GET", "/api/profile", { token: customerToken })).status).toBe(200);
    });

    it("the admin adds a tool on A; the customer orders it on B and pays on A", async () => {
      const signedIn = await call(b, "POST", "/api/auth/sign-in/email", { body: ADMIN });
      expect(signedIn.status).toBe(200);
      const token = await call(a, "PUT", `/api/user/${ADMIN.email}`, { cookie: cookieOf(signedIn.headers) });
      adminToken = token.json().token;
      const added = await call(a, "POST", "/api/product", {
        token: adminToken,
        body: { name: "Shared Vise", price: 10, quantity: 1000, description: "Held by two.", image: "/images/v.webp" },
      });
      expect(added.status).toBe(201);
      toolId = added.json().insertedId;

      const placed = await call(b, "POST", "/api/ordering", {
        token: customerToken,
        body: { orderId: toolId, quantity: 150, ...CONTACT },
      });
      expect(placed.status).toBe(201);
      const orderId = placed.json().insertedId;
      // Priced on B as on A: 150 × $10.00, less the seeded "30% off your first order".
      const placedOrder = await call(a, "GET", `/api/ordering/${orderId}`, { token: customerToken });
      expect(placedOrder.json()).toMatchObject({ subtotal: 1500, discount: 450, price: 1050 });
      const intent = await call(a, "POST", "/api/create-payment-intent", {
        token: customerToken,
        body: { orderId, price: 1050 },
      });
      expect(intent.status).toBe(200);
      const paid = await call(a, "POST", "/api/payments/test/confirm", {
        token: customerToken,
        body: { clientSecret: intent.json().clientSecret, ...VISA },
      });
      expect(paid.status).toBe(200);
      const order = await call(b, "GET", `/api/ordering/${orderId}`, { token: customerToken });
      expect(order.json()).toMatchObject({ _id: orderId, paid: true, quantity: 150 });
    });

    it("an admin restocks on B; A's rendered product page shows the new stock within a second", async () => {
      const page = () =>
        fetch(`${a.url}/product/${toolId}`, { headers: { accept: "text/html" } }).then((r) => r.text());
      // A renders the page and keeps it (5 s unless told otherwise): 1000 less the 150 paid for.
      expect(await page()).toContain("850<!-- --> <!-- -->Pieces");
      const restocked = await call(b, "PATCH", `/api/product/${toolId}`, {
        token: adminToken,
        body: { quantity: 5000 },
      });
      expect(restocked.status).toBe(200);
      const shownAt = Date.now();
      // 5000 on hand in the first warehouse, of which the paid order's 150 are allocated.
      await within(1000, async () => ((await page()).includes("4850<!-- --> <!-- -->Pieces") ? true : undefined));
      expect(Date.now() - shownAt).toBeLessThan(1000);
    });

    it("a picture uploaded on A loads from B, in every width, from the shared bucket", async () => {
      const picture = await noisePicture(1400, 1000).jpeg().toBuffer();
      const { payload, headers } = multipartFile("image", "bench.jpg", "image/jpeg", picture);
      const uploaded = await fetch(`${a.url}/api/image`, {
        method: "POST",
        headers: { ...headers, origin: SHOP, authorization: `Bearer ${customerToken}` },
        body: payload,
      });
      expect(uploaded.status).toBe(200);
      const { url } = ((await uploaded.json()) as { data: { url: string } }).data;
      expect(url).toMatch(/^\/images\/[0-9a-f-]{36}-1280\.webp$/);
      for (const width of [320, 640, 1280]) {
        const served = await fetch(`${b.url}${url.replace("-1280.webp", `-${width}.webp`)}`);
        expect(served.status).toBe(200);
        expect(served.headers.get("content-type")).toBe("image/webp");
        expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
        const metadata = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
        expect([metadata.format, metadata.width]).toEqual(["webp", width]);
      }
    });

    it("ten wrong passwords spread across A and B lock the account: the 11th is refused on either", async () => {
      const statuses = [];
      for (let attempt = 0; attempt < 10; attempt++) {
        const instance = attempt % 2 === 0 ? a : b;
        const wrong = await call(instance, "POST", "/api/auth/sign-in/email", {
          body: { email: CUSTOMER.email, password: `wrong-password-${attempt}` },
        });
        statuses.push(wrong.status);
      }
      expect(statuses).toEqual(Array(10).fill(401));
      const eleventh = await call(a, "POST", "/api/auth/sign-in/email", {
        body: { email: CUSTOMER.email, password: CUSTOMER.password },
      });
      expect(eleventh.status).toBe(429);
      expect(eleventh.json().message).toBe(
        "Too many failed sign-ins for this account. Please try again in 15 minute(s).",
      );
      const onB = await call(b, "POST", "/api/auth/sign-in/email", {
        body: { email: CUSTOMER.email, password: CUSTOMER.password },
      });
      expect(onB.status).toBe(429);
    });

    it("each mail was sent once, though both instances deliver the outbox", async () => {
      await within(5000, async () => {
        const waiting = await sql.query("select count(*)::int as n from mail_outbox where sent_at is null");
        return waiting.rows[0].n === 0 ? true : undefined;
      });
      const stored = await sql.query("select count(*)::int as n from mail_outbox");
      expect(smtp.received).toHaveLength(stored.rows[0].n);
      const subjects = smtp.received.map((mail) => `${mail.to.join(",")} ${/^Subject: (.*)$/m.exec(mail.raw)?.[1]}`);
      expect(subjects).toHaveLength(3);
      expect(subjects).toEqual(
        expect.arrayContaining([
          `${CUSTOMER.email} Confirm your Forgeline Tools address`,
          expect.stringMatching(new RegExp(`^${CUSTOMER.email} Your order FL-\\d+ \\(Shared Vise\\) is placed$`)),
          expect.stringMatching(
            new RegExp(`^${CUSTOMER.email} Payment receipt: invoice INV-\\d{4}-000001 for order FL-\\d+$`),
          ),
        ]),
      );
    });

    it("A killed in the middle of a stream of orders: every acknowledged order is stored, and B keeps answering", async () => {
      const tools: string[] = [];
      for (let i = 0; i < 24; i++) {
        const added = await call(b, "POST", "/api/product", {
          token: adminToken,
          body: {
            name: `Stream Tool ${i}`,
            price: 5,
            quantity: 1000,
            description: "Ordered once.",
            image: "/images/s.webp",
          },
        });
        tools.push(added.json().insertedId);
      }
      const acknowledged: string[] = [];
      let failedOnA = 0;
      const order = async (instance: ServerProcess, tool: string) => {
        try {
          const placed = await call(instance, "POST", "/api/ordering", {
            token: customerToken,
            body: { orderId: tool, quantity: 100, ...CONTACT },
          });
          if (placed.status === 201) acknowledged.push(placed.json().insertedId);
          else throw new Error(`answered ${placed.status}`);
        } catch (error) {
          if (instance !== a) throw error;
          failedOnA += 1;
        }
      };
      // Two orders at a time, one to each instance; A dies after the fourth pair has been sent.
      for (let pair = 0; pair < tools.length / 2; pair++) {
        const sent = Promise.all([order(a, tools[2 * pair] as string), order(b, tools[2 * pair + 1] as string)]);
        if (pair === 4) a.process.kill("SIGKILL");
        await sent;
      }
      expect(await a.exited).toBe(null);
      expect(a.process.signalCode).toBe("SIGKILL");
      // B answered every one of its orders; A none after its death.
      expect(failedOnA).toBeGreaterThanOrEqual(7);
      expect(acknowledged.length).toBe(tools.length - failedOnA);
      const stored = await sql.query("select id from orders where id = any($1::uuid[])", [acknowledged]);
      expect(stored.rows.map((row) => row.id).sort()).toEqual([...acknowledged].sort());
      expect((await call(b, "GET", "/api/ready")).status).toBe(200);

      // The survivor stops as an orchestrator stops it: its listening connection and pool close, exit 0.
      const signalledAt = Date.now();
      b.process.kill("SIGTERM");
      expect(await b.exited).toBe(0);
      expect(Date.now() - signalledAt).toBeLessThan(10_000);
      // A backend ends a moment after its client said goodbye (or, for A, after its process died).
      await within(2000, async () => {
        const left = await sql.query(
          "select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
        );
        return left.rows[0].n === 0 ? true : undefined;
      });
    });
  },
);
