import { describe, expect, it } from "vitest";
import { CachedList, type CachedPage, PageCache } from "./page-cache.js";

function counter(total = 1) {
  const counted = { loads: 0 };
  const load = async (): Promise<CachedPage> => {
    counted.loads++;
    return { body: `[${counted.loads}]`, total, hash: String(counted.loads) };
  };
  return { counted, load };
}

describe("the public page cache", () => {
  it("loads a page once for concurrent and later readers, and again after a clear", async () => {
    const cache = new PageCache();
    const { counted, load } = counter();
    const pages = await Promise.all([cache.get("20:0", load), cache.get("20:0", load), cache.get("20:0", load)]);
    expect(pages.map((page) => page.body)).toEqual(["[1]", "[1]", "[1]"]);
    expect((await cache.get("20:0", load)).body).toBe("[1]");
    cache.clear();
    expect((await cache.get("20:0", load)).body).toBe("[2]");
    expect(counted.loads).toBe(2);
  });

  it("loads again once a page is older than its time to live", async () => {
    const cache = new PageCache(20);
    const { load } = counter();
    expect((await cache.get("6:0", load)).body).toBe("[1]");
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect((await cache.get("6:0", load)).body).toBe("[2]");
  });

  it("does not keep a failed load, and holds at most maxPages pages", async () => {
    const cache = new PageCache(60_000, 2);
    await expect(cache.get("bad", () => Promise.reject(new Error("database down")))).rejects.toThrow("database down");
    const { counted, load } = counter();
    expect((await cache.get("bad", load)).body).toBe("[1]");
    await cache.get("a", load);
    await cache.get("b", load);
    expect((await cache.get("bad", load)).body).toBe("[4]");
    expect(counted.loads).toBe(4);
  });

  it("clears a cache built from others whenever one of them is cleared", async () => {
    const products = new PageCache();
    const reviews = new PageCache();
    const pages = PageCache.builtFrom<CachedPage>([products, reviews]);
    const { counted, load } = counter();
    await pages.get("/", load);
    await pages.get("/", load);
    reviews.clear();
    await pages.get("/", load);
    products.clear();
    await pages.get("/", load);
    expect(counted.loads).toBe(3);
  });

  it("keeps searches apart and bounded, keyed by the whole query whatever its order, cleared with the list", async () => {
    const loaded: string[] = [];
    const list = new CachedList<{ limit: number; offset: number; q?: string }>(
      async (query) => {
        loaded.push(JSON.stringify(query));
        return { items: [], total: 0 };
      },
      (query) => Boolean(query.q),
      3,
    );
    await list.page({ limit: 9, offset: 0 });
    await list.page({ offset: 0, limit: 9 });
    for (const q of ["a", "b", "c", "d", "a"]) await list.page({ limit: 9, offset: 0, q });
    expect(list.cache.size).toBe(1);
    expect(list.searchesHeld).toBe(3);
    // "a" was pushed out by "d", so it loads again.
    expect(loaded.filter((query) => query.includes('"q":"a"'))).toHaveLength(2);
    list.clear();
    expect(list.cache.size).toBe(0);
    expect(list.searchesHeld).toBe(0);
  });
});
