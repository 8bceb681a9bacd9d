import { randomUUID } from "node:crypto";
import { mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Order, Product } from "@forgeline/contract";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.js";
import { loadConfig } from "../config.js";
import { seedCatalogue } from "../seed/catalogue.js";
import { bearer, signUp } from "../test/accounts.js";
import { databaseUrlFor } from "../test/global-setup.js";
import { CONTACT, VISA } from "../test/orders.js";
import { TEST_AUTH_SECRET } from "../test/test-app.js";
import { backupDatabase, pgDumpCall, pgRestoreCall, restoreDatabase } from "./backup.js";
import { openDatabase } from "./client.js";

/** docs/OPERATIONS.md, "Database": a shop with orders backed up, restored into an empty place, and found whole. */
async function shopOn(location: { dataDir: string; databaseUrl: string | undefined }) {
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: location.dataDir,
    LOG_LEVEL: "silent",
    PUBLIC_URL: "http://localhost:5000",
    ...(location.databaseUrl && { DATABASE_URL: location.databaseUrl }),
  });
  const database = await openDatabase(config);
  await database.migrate();
  const app = await buildApp({ config, database, authSecret: TEST_AUTH_SECRET });
  await app.ready();
  const close = async () => {
    await app.close();
    await database.close();
  };
  return { app, database, close };
}

/** What must survive: every account, order (with its invoice number) and picture reference. */
async function whatTheShopHolds(app: Awaited<ReturnType<typeof shopOn>>["app"], email: string, token: string) {
  const products = (await app.inject({ method: "GET", url: "/api/product?limit=100" })).json<Product[]>();
  const orders = (
    await app.inject({ method: "GET", url: `/api/ordering?userEmail=${email}`, headers: bearer(token) })
  ).json<Order[]>();
  const accounts = (await app.inject({ method: "GET", url: "/api/user" })).statusCode;
  return {
    pictures: products.map((product) => `${product.sku} ${product.image}`).sort(),
    orders: orders.map((order) => `${order._id} ${order.status} ${order.invoiceNumber} ${order.price}`).sort(),
    accounts,
  };
}

const folders: string[] = [];
const newFolder = async () => {
  const folder = await mkdtemp(path.join(tmpdir(), "forgeline-backup-"));
  folders.push(folder);
  return folder;
};
afterAll(async () => {
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

async function roundTrip(before: { dataDir: string; databaseUrl: string | undefined }, after: typeof before) {
  const shop = await shopOn(before);
  await seedCatalogue(shop.database.db, shop.app.imageStore);
  const customer = await signUp(shop.app);
  const [tool] = (await shop.app.inject({ method: "GET", url: "/api/product?inStock=1&limit=1" })).json<Product[]>();
  const placed = await shop.app.inject({
    method: "POST",
    url: "/api/ordering",
    headers: bearer(customer.token),
    payload: { orderId: tool?._id, quantity: 100, ...CONTACT },
  });
  const order = (
    await shop.app.inject({
      method: "GET",
      url: `/api/ordering/${placed.json().insertedId}`,
      headers: bearer(customer.token),
    })
  ).json<Order>();
  const intent = await shop.app.inject({
    method: "POST",
    url: "/api/create-payment-intent",
    headers: bearer(customer.token),
    payload: { orderId: order._id, price: order.price },
  });
  await shop.app.inject({
    method: "POST",
    url: "/api/payments/test/confirm",
    headers: bearer(customer.token),
    payload: { clientSecret: intent.json().clientSecret, ...VISA },
  });
  const held = await whatTheShopHolds(shop.app, customer.email, customer.token);
  expect(held.orders[0]).toMatch(/ paid INV-\d{4}-\d{6} /);
  await shop.close();

  // An earlier backup readable by everyone is written over, and becomes its owner's only.
  const file = path.join(await newFolder(), "shop.backup");
  await writeFile(file, "an earlier backup", { mode: 0o644 });
  await backupDatabase(before, file);
  expect((await stat(file)).mode & 0o777).toBe(0o600);
  await restoreDatabase(after, file);

  const restored = await shopOn(after);
  try {
    // The same account signs in again with its password, and finds everything as it was.
    const again = await signIn(restored.app, customer.email, customer.password);
    expect(await whatTheShopHolds(restored.app, customer.email, again)).toEqual(held);
  } finally {
    await restored.close();
  }
  // A restore never goes over a shop that holds data.
  await expect(restoreDatabase(after, file)).rejects.toThrow();
}

async function signIn(app: Awaited<ReturnType<typeof shopOn>>["app"], email: string, password: string) {
  const session = await app.inject({
    method: "POST",
    url: "/api/auth/sign-in/email",
    headers: { origin: "http://localhost:5000" },
    payload: { email, password },
  });
  const cookie = [session.headers["set-cookie"]]
    .flat()
    .map((c) => String(c).split(";")[0])
    .join("; ");
  return (await app.inject({ method: "PUT", url: `/api/user/${email}`, headers: { cookie } })).json().token as string;
}

describe("backup and restore", () => {
  it("the embedded database: backed up, restored into an empty DATA_DIR, every account, order, invoice and picture found", async () => {
    await roundTrip(
      { dataDir: await newFolder(), databaseUrl: undefined },
      { dataDir: await newFolder(), databaseUrl: undefined },
    );
  }, 120_000);

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "PostgreSQL (pg_dump's format): backed up, restored into an empty database, everything found",
    async () => {
      const url = process.env.TEST_DATABASE_URL ?? "";
      const names = [`forgeline_backup_${randomUUID().slice(0, 8)}`, `forgeline_restore_${randomUUID().slice(0, 8)}`];
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      for (const name of names) await admin.query(`CREATE DATABASE ${name}`);
      try {
        const [from, to] = names.map((name) => databaseUrlFor(url, name)) as [string, string];
        await roundTrip(
          { dataDir: await newFolder(), databaseUrl: from },
          { dataDir: await newFolder(), databaseUrl: to },
        );
      } finally {
        for (const name of names) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    },
    120_000,
  );
});

describe("pg_dump and pg_restore are started with no password where ps shows it", () => {
  const url = "postgresql://shop:s3cr%40t@db.example:6543/forgeline?sslmode=verify-full&sslrootcert=%2Fetc%2Fca.pem";
  const parent = { PATH: "/usr/bin", DATABASE_URL: url, PGCONNECT_TIMEOUT: "5" };

  it("carries the connection in the program's environment, none of it among its arguments", () => {
    for (const call of [pgDumpCall(url, "shop.backup", parent), pgRestoreCall(url, "shop.backup", parent)]) {
      const commandLine = [call.program, ...call.args].join(" ");
      for (const secret of ["s3cr", "postgres", "shop@", "db.example", "forgeline"]) {
        expect({ commandLine, secret, shown: commandLine.includes(secret) }).toMatchObject({ shown: false });
      }
      expect(call.env).toEqual({
        PATH: "/usr/bin",
        PGCONNECT_TIMEOUT: "5",
        PGHOST: "db.example",
        PGPORT: "6543",
        PGUSER: "shop",
        PGPASSWORD: "s3cr@t",
        PGDATABASE: "forgeline",
        PGSSLMODE: "verify-full",
        PGSSLROOTCERT: "/etc/ca.pem",
      });
    }
    expect(pgDumpCall(url, "shop.backup", parent).args).toContain("--file=shop.backup");
    expect(pgRestoreCall(url, "shop.backup", parent).args.at(-1)).toBe("shop.backup");
  });

  it("takes an IPv6 host and a socket folder; refuses a parameter it cannot pass on rather than drop it", () => {
    expect(pgDumpCall("postgres://shop@[::1]/forgeline", "f", {}).env).toEqual({
      PGHOST: "::1",
      PGUSER: "shop",
      PGDATABASE: "forgeline",
    });
    expect(pgDumpCall("postgres:///forgeline?host=%2Fvar%2Frun%2Fpostgresql", "f", {}).env).toEqual({
      PGHOST: "/var/run/postgresql",
      PGDATABASE: "forgeline",
    });
    expect(() => pgDumpCall("postgres://shop:pw@db/forgeline?ssl=true", "f", {})).toThrow(/parameter ssl /);
  });
});
