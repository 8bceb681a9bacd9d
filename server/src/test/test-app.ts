import { randomUUID } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyServerOptions } from "fastify";
import pg from "pg";
import { inject } from "vitest";
import { buildApp } from "../app.js";
import { loadConfig } from "../config.js";
import { type DatabaseHandle, openPglite, pgliteDatabase, postgresDatabase } from "../db/client.js";
import type { Mailer } from "../mail/mailer.js";
import { seedCatalogue } from "../seed/catalogue.js";
import { databaseUrlFor } from "./global-setup.js";

/** A fresh copy of the migrated database: PGlite in memory, or PostgreSQL when TEST_DATABASE_URL is set. */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  const template = inject("postgresTemplate");
  if (url && template) {
    const name = `forgeline_test_${randomUUID().replaceAll("-", "")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    await admin.end();
    const handle = postgresDatabase(databaseUrlFor(url, name), 4);
    return {
      ...handle,
      close: async () => {
        await handle.close();
        const dropper = new pg.Client({ connectionString: url });
        await dropper.connect();
        await dropper.query(`DROP DATABASE IF EXISTS ${name}`);
        await dropper.end();
      },
    };
  }
  const dump = await readFile(inject("pgliteTemplate"));
  return pgliteDatabase(await openPglite({ loadDataDir: new Blob([dump]) }));
}

export interface TestAppOptions {
  seed?: boolean;
  /**
   * The app on this PostgreSQL database (migrated here, not dropped by `close()`) rather than a fresh copy
   * of the template: e.g. an empty one of its own, reached through a proxy a fault drill can cut.
   */
  databaseUrl?: string;
  env?: Record<string, string>;
  mailer?: Mailer;
  logger?: FastifyServerOptions["logger"];
}

/**
 * The suites sign up and in thousands of times: at the shop's cost a hash takes about 160 ms of a core here,
 * at this one a sixteenth of it. The hashes are real scrypt all the same; the default cost is proven in
 * identity/password-hash.test.ts.
 */
export const TEST_PASSWORD_HASH_COST = "10";

export const TEST_AUTH_SECRET = "test-secret-0123456789abcdef0123456789abcdef";

/** The real app on a fresh database, for `app.inject`. Call `close()` in afterAll. */
export async function createTestApp(options: TestAppOptions = {}) {
  const dataDir = await mkdtemp(path.join(tmpdir(), "forgeline-app-"));
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    PUBLIC_URL: "http://localhost:5000",
    // Mail leaves the outbox within a tenth of a second, so a test waits for it no longer than for an answer.
    MAIL_POLL_MS: "100",
    MAIL_RETRY_MS: "100",
    // Fixtures place many orders per customer; the allowances themselves are proven with their real
    // defaults in rate-limit/account-allowances.test.ts.
    ACCOUNT_ORDERS_PER_HOUR: "100000",
    UNCONFIRMED_ORDERS_PER_DAY: "100000",
    PASSWORD_HASH_COST: TEST_PASSWORD_HASH_COST,
    ...(options.databaseUrl && { DATABASE_URL: options.databaseUrl }),
    ...options.env,
  });
  const database = options.databaseUrl
    ? postgresDatabase(options.databaseUrl, undefined, config.databaseTimeouts)
    : await createTestDatabase();
  if (options.databaseUrl) await database.migrate();
  const app = await buildApp({
    config,
    database,
    authSecret: TEST_AUTH_SECRET,
    mailer: options.mailer,
    logger: options.logger ?? false,
  });
  if (options.seed) await seedCatalogue(database.db, app.imageStore);
  await app.ready();
  let others = 0;
  return {
    app,
    db: database.db,
    databaseKind: database.kind,
    /** This app's number among instances (db/client.ts): a request it runs holds keys under it. */
    instance: database.instance,
    /**
     * The database as another instance of the app opens it: the same tables, a number of its own, and
     * nothing to migrate or close.
     */
    otherInstance: (): DatabaseHandle => {
      others += 1;
      return {
        db: database.db,
        kind: database.kind,
        migrate: async () => {},
        close: async () => {},
        oneAtATime: (work) => work(),
        instance: database.instance + others,
        instanceAlive: async () => true,
      };
    },
    config,
    close: async () => {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
