import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { DatabaseHandle } from "../db/client.js";

/** The public lists whose pages are cached; clearing one clears the pages built from it (HTML, sitemap). */
export type SharedList = "catalogue" | "reviews" | "promotions";

const CHANNEL = "forgeline_page_caches";

export interface CacheSync {
  /** A write changed this list: its pages are cleared here at once, and on every other instance. */
  changed(list: SharedList): Promise<void>;
  /** Resolves once this instance hears the others (at once on PGlite). */
  ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * Keeps every instance's page caches in step. On PostgreSQL a write on one instance is announced with
 * NOTIFY and each other instance clears the same list when it hears it; an instance whose listening
 * connection dropped clears everything when it listens again, since it may have missed some. On PGlite
 * there is only this instance.
 */
export function syncPageCaches(
  database: DatabaseHandle,
  lists: Record<SharedList, { clear(): void }>,
  log: FastifyBaseLogger,
): CacheSync {
  const clearAll = () => {
    for (const list of Object.values(lists)) list.clear();
  };
  if (!database.listen) {
    return { changed: async (list) => lists[list].clear(), ready: Promise.resolve(), close: async () => {} };
  }
  // This instance clears its own pages at once and ignores the echo of its own notification.
  const instance = randomUUID();
  const listener = database.listen(CHANNEL, {
    onNotification(payload) {
      const [from, list] = payload.split(" ");
      if (from !== instance && list && Object.hasOwn(lists, list)) lists[list as SharedList].clear();
    },
    onReconnected() {
      log.info("listening for other instances' writes again; page caches cleared");
      clearAll();
    },
    onError(error) {
      log.warn({ err: error }, "the connection listening for other instances' writes failed; reconnecting");
    },
  });
  return {
    async changed(list) {
      lists[list].clear();
      try {
        await database.db.execute(sql`select pg_notify(${CHANNEL}, ${`${instance} ${list}`})`);
      } catch (error) {
        // The write itself is committed; other instances show it when their pages expire (seconds).
        log.error({ err: error }, "could not tell other instances to clear their page caches");
      }
    },
    ready: listener.ready,
    close: () => listener.close(),
  };
}
