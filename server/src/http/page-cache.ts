import { type PageQuery, TOTAL_COUNT_HEADER } from "@forgeline/contract";
import type { FastifyReply, FastifyRequest } from "fastify";
import { COMPRESS_FROM_BYTES, type Encoding, encode, encodingFor } from "./compression.js";

/**
 * One page of a public list, serialized once: its JSON body and the size of the whole list; compressed
 * once per encoding when first asked so.
 */
export interface CachedPage {
  body: string;
  total: number;
  encoded?: Partial<Record<Exclude<Encoding, "identity">, Promise<Buffer>>>;
}

/**
 * Pages everyone reads and that change rarely (the catalogue and review pages, the server-rendered HTML)
 * kept in memory for a few seconds, so most requests skip the database, the serializer and the renderer.
 * A write clears the cache at once (and the caches built from it), on every instance sharing a PostgreSQL
 * (http/cache-sync.ts); `ttlMs` bounds how long a page could stay stale should that word be lost.
 * Concurrent misses for one page share one load.
 */
export class PageCache<T = CachedPage> {
  readonly #pages = new Map<string, { expires: number; page: Promise<T> }>();
  readonly #dependents: PageCache<unknown>[] = [];

  constructor(
    private readonly ttlMs = 5_000,
    private readonly maxPages = 500,
  ) {}

  /** A cache of pages built from these caches' pages: cleared whenever any of them is. */
  static builtFrom<D>(sources: PageCache<unknown>[], maxPages?: number): PageCache<D> {
    const cache = new PageCache<D>(undefined, maxPages);
    for (const source of sources) source.#dependents.push(cache as PageCache<unknown>);
    return cache;
  }

  get(key: string, load: () => Promise<T>): Promise<T> {
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

  /** How many pages are held (a test sees through it what was rendered or loaded). */
  get size(): number {
    return this.#pages.size;
  }

  clear(): void {
    this.#pages.clear();
    for (const dependent of this.#dependents) dependent.clear();
  }
}

/** The same query always gives the same key, whatever order its fields were set in. */
function keyOf(query: object): string {
  return Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${String(value)}`)
    .join("&");
}

/**
 * A public list (the catalogue, everyone's reviews) read page by page through its cache: the API sends a
 * page as it is, the server-rendered pages read the same page. A write to the list's table clears it.
 * Queries `apart` says are searches go to a second, smaller cache: searches come in endless variety, each
 * read by few, and a flood of them must neither grow memory nor push the plain pages out.
 */
export class CachedList<Q extends PageQuery = PageQuery> {
  readonly cache = new PageCache();
  readonly #searches: PageCache;

  constructor(
    private readonly load: (query: Q) => Promise<{ items: unknown[]; total: number }>,
    private readonly apart: (query: Q) => boolean = () => false,
    searchPages = 100,
  ) {
    this.#searches = PageCache.builtFrom<CachedPage>([this.cache], searchPages);
  }

  page(query: Q): Promise<CachedPage> {
    const cache = this.apart(query) ? this.#searches : this.cache;
    return cache.get(keyOf(query), () => serializedPage(this.load(query)));
  }

  /** How many searches are held (a test sees through it that they are bounded). */
  get searchesHeld(): number {
    return this.#searches.size;
  }

  clear(): void {
    this.cache.clear();
  }
}

/**
 * Answers a list page: its serialized items, compressed when the browser takes it and the page is big
 * enough (compressed once per page and encoding), and the size of the whole list in X-Total-Count.
 */
export async function sendListPage(request: FastifyRequest, reply: FastifyReply, page: CachedPage) {
  reply.header(TOTAL_COUNT_HEADER, page.total).type("application/json; charset=utf-8");
  const encoding = encodingFor(request);
  if (encoding === "identity" || page.body.length < COMPRESS_FROM_BYTES) return reply.send(page.body);
  page.encoded ??= {};
  page.encoded[encoding] ??= encode(page.body, encoding);
  return reply
    .header("content-encoding", encoding)
    .header("vary", "accept-encoding")
    .send(await page.encoded[encoding]);
}

/** Loads one page of a list and serializes it for the cache. */
export async function serializedPage(load: Promise<{ items: unknown[]; total: number }>): Promise<CachedPage> {
  const { items, total } = await load;
  return { body: JSON.stringify(items), total };
}
