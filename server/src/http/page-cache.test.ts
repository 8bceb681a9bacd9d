import { describe, expect, it } from "vitest";
import { type CachedPage, PageCache } from "./page-cache.js";

function counter(total = 1) {
  const counted = { loads: 0 };
  const load = async (): Promise<CachedPage> => {
    counted.loads++;
    return { body: `[${counted.loads}]`, total };
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
    const pages = PageCache.builtFrom<CachedPage>(products, reviews);
    const { counted, load } = counter();
    await pages.get("/", load);
    await pages.get("/", load);
    reviews.clear();
    await pages.get("/", load);
    products.clear();
    await pages.get("/", load);
    expect(counted.loads).toBe(3);
  });
});
