/** One page of a public list, serialized once: its JSON body and the size of the whole list. */
export interface CachedPage {
  body: string;
  total: number;
}

/**
 * Pages of the public lists (the catalogue, the reviews) kept in memory for a few seconds: every visitor
 * reads them and they change rarely, so most requests skip the database and the serializer. Writes in
 * this process clear the cache at once; other instances sharing a PostgreSQL see a change within `ttlMs`.
 * Concurrent misses for one page share one load.
 */
export class PageCache {
  readonly #pages = new Map<string, { expires: number; page: Promise<CachedPage> }>();

  constructor(
    private readonly ttlMs = 5_000,
    private readonly maxPages = 500,
  ) {}

  get(key: string, load: () => Promise<CachedPage>): Promise<CachedPage> {
    const now = Date.now();
    const hit = this.#pages.get(key);
    if (hit && hit.expires > now) return hit.page;
    if (!hit && this.#pages.size >= this.maxPages) {
      const oldest = this.#pages.keys().next().value;
      if (oldest !== undefined) this.#pages.delete(oldest);
    }
    const entry = { expires: now + this.ttlMs, page: load() };
    this.#pages.set(key, entry);
    entry.page.catch(() => {
      if (this.#pages.get(key) === entry) this.#pages.delete(key);
    });
    return entry.page;
  }

  clear(): void {
    this.#pages.clear();
  }
}

/** Loads one page of a list and serializes it for the cache. */
export async function serializedPage(load: Promise<{ items: unknown[]; total: number }>): Promise<CachedPage> {
  const { items, total } = await load;
  return { body: JSON.stringify(items), total };
}
