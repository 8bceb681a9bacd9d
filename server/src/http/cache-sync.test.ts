import Fastify from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, postgresDatabase } from "../db/client.js";
import { LISTENER_NAME } from "../db/listener.js";
import { emptyPostgresDatabase, NEEDS_POSTGRES } from "../test/postgres.js";
import { within } from "../test/within.js";
import { syncPageCaches } from "./cache-sync.js";
import { PageCache } from "./page-cache.js";

const serverUrl = process.env.TEST_DATABASE_URL;
const log = Fastify({ logger: false }).log;

/** One instance's caches, each holding a page, and its sync. */
function instance(database: DatabaseHandle) {
  const lists = {
    catalogue: new PageCache<string>(60_000),
    reviews: new PageCache<string>(60_000),
    promotions: new PageCache<string>(60_000),
  };
  const fill = () => Promise.all(Object.values(lists).map((cache) => cache.get("page", async () => "held")));
  return { lists, fill, sync: syncPageCaches(database, lists, log) };
}

describe.skipIf(!serverUrl)(
  serverUrl ? "page caches across instances" : `page caches across instances: ${NEEDS_POSTGRES}`,
  () => {
    let database: Awaited<ReturnType<typeof emptyPostgresDatabase>>;
    let handles: DatabaseHandle[];
    let a: ReturnType<typeof instance>;
    let b: ReturnType<typeof instance>;

    beforeAll(async () => {
      database = await emptyPostgresDatabase(serverUrl as string);
      handles = [postgresDatabase(database.url, 2), postgresDatabase(database.url, 2)];
      [a, b] = handles.map(instance) as [typeof a, typeof b];
      await Promise.all([a.sync.ready, b.sync.ready]);
    });
    afterAll(async () => {
      await Promise.all([a.sync.close(), b.sync.close()]);
      await Promise.all(handles.map((handle) => handle.close()));
      await database.drop();
    });

    it("a write on one instance clears that list on the other within a second, and only that list", async () => {
      await Promise.all([a.fill(), b.fill()]);
      await b.sync.changed("catalogue");
      expect(b.lists.catalogue.size).toBe(0);
      await within(1000, () => a.lists.catalogue.size === 0 || undefined);
      expect(a.lists.reviews.size).toBe(1);
      expect(b.lists.reviews.size).toBe(1);
    });

    it("an instance whose listening connection dropped clears everything once it listens again, and hears again", async () => {
      await Promise.all([a.fill(), b.fill()]);
      const admin = new pg.Client({ connectionString: database.url });
      await admin.connect();
      const killed = await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()",
        [LISTENER_NAME],
      );
      await admin.end();
      expect(killed.rowCount).toBe(2);
      await within(1000, () => a.lists.catalogue.size + a.lists.reviews.size === 0 || undefined);

      await a.fill();
      await within(1000, () => b.lists.catalogue.size + b.lists.reviews.size === 0 || undefined);
      await b.sync.changed("reviews");
      await within(1000, () => a.lists.reviews.size === 0 || undefined);
      expect(a.lists.catalogue.size).toBe(1);
    });
  },
);
