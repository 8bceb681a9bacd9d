import { createHash } from "node:crypto";
import { type PageQuery, TOTAL_COUNT_HEADER } from "@forgeline/contract";
import type { FastifyReply, FastifyRequest } from "fastify";
import { COMPRESS_FROM_BYTES, type Encoding, encode, encodingFor } from "./compression.js";
import type { PreparedAnswers } from "./prepared-answers.js";

/**
 * One page of a public list, serialized once: its JSON body and the size of the whole list; compressed
 * once per encoding when first asked so.
 */
export interface CachedPage {
  body: string;
  total: number;
  /** A hash of the body: the answer's ETag (with the encoding appended for a compressed one). */
  hash: string;
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
  /** Moves on with every write to the list: the answers prepared before it are retired (http/prepared-answers.ts). */
  generation = 0;

  constructor(
    private readonly load: (query: Q) => Promise<{ items: unknown[]; total: number }>,
    private readonly apart: (query: Q) => boolean = () => false,
    searchPages = 100,
    private readonly prepared?: PreparedAnswers,
  ) {
    this.#searches = PageCache.builtFrom<CachedPage>([this.cache], searchPages);
  }

  /**
   * Answers a page of the list, and prepares it, so the next requests of the same address get the same bytes
   * without Fastify until the list changes (http/prepared-answers.ts); a search on a shelf of its own.
   */
  async answer(request: FastifyRequest, reply: FastifyReply, query: Q) {
    const generation = this.generation;
    const page = await this.page(query);
    const shelf = this.apart(query) ? "searches" : "pages";
    this.prepared?.keep(reply, this, generation, encodingFor(request), shelf);
    return sendListPage(request, reply, page);
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
    this.generation++;
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
  const compressed = encoding !== "identity" && page.body.length >= COMPRESS_FROM_BYTES;
  // A strong ETag names one representation: a compressed answer's carries its encoding.
  reply.header("etag", `"${page.hash}${compressed ? `-${encoding}` : ""}"`);
  if (compressed) reply.header("vary", "accept-encoding");
  if (matches(request.headers["if-none-match"], page.hash)) return reply.code(304).send();
  if (!compressed) return reply.send(page.body);
  page.encoded ??= {};
  page.encoded[encoding] ??= encode(page.body, encoding);
  return reply.header("content-encoding", encoding).send(await page.encoded[encoding]);
}

/** Whether If-None-Match names this page, in any of its encodings (a weak comparison, as RFC 9110 asks). */
function matches(ifNoneMatch: string | undefined, hash: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const name = tag.trim().replace(/^W\//, "");
    return name === "*" || name.replace(/^"|"$/g, "").replace(/-(br|gzip)$/, "") === hash;
  });
}

/** Loads one page of a list and serializes it for the cache. */
export async function serializedPage(load: Promise<{ items: unknown[]; total: number }>): Promise<CachedPage> {
  const { items, total } = await load;
  const body = JSON.stringify(items);
  return { body, total, hash: createHash("sha1").update(body).digest("base64url") };
}
