import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { apiCustomer, startServer, stopServer } from "../scripts/server-process.mjs";

export const root = path.resolve(import.meta.dirname, "..");

export function freshDataDir(name) {
  return mkdtempSync(path.join(tmpdir(), `forgeline-bench-${name}-`));
}

export const BENCH_AUTH_SECRET = "bench-secret-0123456789abcdef0123456789abcdef";
export const BENCH_ADMIN = { email: "bench.admin@example.com", password: "bench-admin-password" };

/** The settings of every storefront the bench starts (one process, or each instance of a cluster). */
export const STOREFRONT_ENV = {
  NODE_ENV: "production",
  // The bench pays with the test provider: production refuses it unless chosen explicitly.
  PAYMENT_PROVIDER: "test",
  AUTH_SECRET: BENCH_AUTH_SECRET,
  SEED_ADMIN_EMAIL: BENCH_ADMIN.email,
  SEED_ADMIN_PASSWORD: BENCH_ADMIN.password,
  SHOP_ADDRESS: "Forgeline Tools Ltd, 1 Anvil Road, Springfield",
  SHOP_TAX_ID: "US-00-0000000",
  SHOP_BANK_DETAILS: "Forgeline Tools Ltd · IBAN GB00 TEST 0000 0000 0000 00",
  // Each bench customer places order after order: far past the per-account allowances, which the API
  // suite proves (server/src/rate-limit/account-allowances.test.ts).
  ACCOUNT_ORDERS_PER_HOUR: "1000000",
  UNCONFIRMED_ORDERS_PER_DAY: "1000000",
};

/** The built storefront in its own process, as in production (logs quiet). */
export function startStorefront({ port, dataDir, env = {} }) {
  return startServer(dataDir, port, { ...STOREFRONT_ENV, ...env });
}

export { stopServer as stop };

/** A customer's bearer token, through the same calls the browser makes. */
export async function customerToken(port, email) {
  return (await apiCustomer(port, email, "bench-password-1")).token;
}

/**
 * Many customers' bearer tokens, through the same calls as customerToken. Sign-ups are limited per client
 * address (20 a minute), so each batch of 10 comes from an address of its own on the loopback network
 * (127.0.0.11, 127.0.0.12, …: Linux routes all of 127/8 to the loopback interface).
 */
export async function customerTokens(port, emails) {
  return (await customerSessions(port, emails)).map((session) => session.token);
}

/**
 * Customers signed up as customerTokens signs them up, each with its session cookie (to trade for a new
 * access token when the first one nears its end) and the loopback address it signed up from (for its own
 * later calls: the payment calls are limited per address). `batches` sign-ups run at once, each on an
 * address of its own.
 */
export async function customerSessions(port, emails, { batches = 1 } = {}) {
  const sessions = new Array(emails.length);
  const addresses = Math.ceil(emails.length / 10);
  let nextAddress = 0;
  const worker = async () => {
    while (nextAddress < addresses) {
      const address = nextAddress++;
      const localAddress = `127.0.0.${11 + address}`;
      for (let index = address * 10; index < Math.min(emails.length, address * 10 + 10); index++) {
        const email = emails[index];
        const signUp = await loopbackCall(port, localAddress, {
          method: "POST",
          path: "/api/auth/sign-up/email",
          headers: { "content-type": "application/json", origin: `http://localhost:${port}` },
          body: JSON.stringify({ email, password: "bench-password-1", name: "API Customer" }),
        });
        if (signUp.status !== 200) throw new Error(`sign-up: ${signUp.status} ${signUp.text}`);
        const cookie = (signUp.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
        const token = await accessToken(port, localAddress, email, cookie);
        sessions[index] = { email, token, cookie, localAddress };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(batches, addresses) }, worker));
  return sessions;
}

/** A new access token for a signed-in account, traded for its session cookie as the browser does. */
export async function accessToken(port, localAddress, email, cookie) {
  const traded = await loopbackCall(port, localAddress, {
    method: "PUT",
    path: `/api/user/${email}`,
    headers: { cookie },
  });
  if (traded.status !== 200) throw new Error(`access token: ${traded.status} ${traded.text}`);
  return JSON.parse(traded.text).token;
}

/** One call to the storefront on 127.0.0.1 from `localAddress`; answers the status, headers and text. */
export function loopbackCall(port, localAddress, { method, path, headers, body }) {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, method, path, headers, localAddress }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => {
        text += chunk;
      });
      response.on("end", () => resolve({ status: response.statusCode, headers: response.headers, text }));
    });
    request.on("error", reject);
    request.end(body);
  });
}

/** Runs autocannon from a second process on loopback and answers its JSON result. */
export function autocannon({ url, method = "GET", headers = {}, body, duration = 8, connections = 10 }) {
  const args = ["autocannon", "--json", "-d", String(duration), "-c", String(connections), "-m", method];
  for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}=${value}`);
  if (body) args.push("-b", body);
  args.push(url);
  return loadResult("npx", args);
}

/** POST /api/ordering with a new order in each request, one product after another of `productIdsFile`. */
export function autocannonNewOrders({ url, token, productIdsFile, duration = 8 }) {
  return loadResult("node", ["bench/new-orders.mjs", url, token, productIdsFile, String(duration)]);
}

/**
 * PUT /api/cart/lines/{next product} then POST /api/cart/checkout, in pairs, each connection with a buyer
 * (token) of its own: one connection per token (bench/cart-checkouts.mjs).
 */
export function autocannonCartCheckouts({ origin, tokens, productIdsFile, duration = 8 }) {
  const tokensFile = `${productIdsFile}.tokens-${Date.now()}-${Math.random().toString(36).slice(2)}.json`;
  writeFileSync(tokensFile, JSON.stringify(tokens));
  return loadResult("node", ["bench/cart-checkouts.mjs", origin, tokensFile, productIdsFile, String(duration)]);
}

function loadResult(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: ["ignore", "pipe", "ignore"] });
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
    });
    child.on("exit", (code) => {
      try {
        const result = JSON.parse(out);
        resolve({
          rps: Math.round(result.requests.average),
          requests: result.requests.total,
          p50: result.latency.p50,
          p99: result.latency.p99,
          non2xx: result.non2xx,
          errors: result.errors,
        });
      } catch (error) {
        reject(new Error(`autocannon failed (${code}): ${error}`));
      }
    });
  });
}

/**
 * `rounds` rounds of a storefront run and a ceiling run, the order alternating (storefront first, then the
 * ceiling first), so a machine that gets busier or quieter meanwhile weighs on both sides. `run(who, round)`
 * runs one side ("storefront" or "ceiling") and answers its autocannon result. Answers the round with the
 * median share (app, bare, ratio), every round's share sorted (`ratios`) and every round (`measured`).
 */
export async function alternatingRounds(rounds, run) {
  const measured = [];
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? ["storefront", "ceiling"] : ["ceiling", "storefront"];
    const got = {};
    for (const who of order) got[who] = await run(who, round);
    measured.push({ app: got.storefront, bare: got.ceiling, ratio: got.storefront.rps / got.ceiling.rps });
  }
  const ratios = measured.map((m) => m.ratio).sort((a, b) => a - b);
  const median = measured.find((m) => m.ratio === ratios[Math.floor(ratios.length / 2)]);
  return { ...median, ratios, measured };
}

/** A share as a percentage, and the range of a round's shares ("37%-46%"). */
export const percent = (ratio) => `${Math.round(ratio * 100)}%`;
export const shareRange = (ratios) =>
  ratios.length > 1 ? `${percent(ratios[0])}-${percent(ratios.at(-1))}` : percent(ratios[0]);

export function table(headers, rows) {
  const line = (cells) => `| ${cells.join(" | ")} |`;
  return [line(headers), line(headers.map(() => "---")), ...rows.map(line)].join("\n");
}

/**
 * Fills a data folder (and the PostgreSQL database at `databaseUrl`, if given) with the seed plus `extra`
 * generated products, before the server opens it. With `stock`, every tool (the seeded ones too) holds
 * that many pieces.
 */
export async function catalogueOf(extra, databaseUrl, { stock } = {}) {
  const dataDir = freshDataDir(`scale-${extra}`);
  const { openDatabase } = await import(`${root}/server/dist/db/client.js`);
  const { seedCatalogue } = await import(`${root}/server/dist/seed/catalogue.js`);
  const { addProducts } = await import(`${root}/server/dist/product/queries/products.js`);
  const { folderImageStore } = await import(`${root}/server/dist/image/store.js`);
  const database = await openDatabase({ databaseUrl, dataDir });
  await database.migrate();
  await seedCatalogue(database.db, folderImageStore(`${dataDir}/images`));
  const now = Date.now();
  for (let start = 0; start < extra; start += 1000) {
    const batch = Array.from({ length: Math.min(1000, extra - start) }, (_, i) => ({
      name: `Generated tool ${start + i}`,
      sku: `GEN-${start + i}`,
      priceCents: 100 + ((start + i) % 9000),
      quantity: stock ?? 100 + ((start + i) % 500),
      image: "/images/claw-hammer.svg",
      description: "A generated catalogue entry for the scale benchmark.",
      createdAt: new Date(now - 86_400_000 - (start + i) * 1000),
    }));
    await addProducts(database.db, batch);
  }
  if (stock !== undefined) {
    // Counted on hand in the first warehouse through the stock ledger, as a Restock would: the pieces a payment
    // allocates are the ledger's, not a number written over the tool's kept quantity.
    const { products } = await import(`${root}/server/dist/product/tables.js`);
    const { setOnHand } = await import(`${root}/server/dist/product/queries/stock-counts.js`);
    for (const { id } of await database.db.select({ id: products.id }).from(products)) {
      await database.db.transaction((tx) =>
        setOnHand(tx, { productId: id, count: stock, reason: "Stock for the benchmark", by: "bench" }),
      );
    }
  }
  await database.close();
  return dataDir;
}

/** A fresh PostgreSQL database next to TEST_DATABASE_URL's, or null when that is not set. */
export async function postgresDatabase() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return null;
  const name = `forgeline_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return {
    url: parsed.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
