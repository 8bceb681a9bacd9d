import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { Promotion } from "@forgeline/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signUp, type TestAccount } from "../test/accounts.js";
import { createTestApp } from "../test/test-app.js";
import { webBuild } from "../test/web-build.js";

const { webDist } = webBuild();

/** Every route of docs/SPEC-CONFORMANCE.md §2 (a payment page for any order id), as a visitor would type it. */
const APP_PAGES = [
  "/",
  "/availableProducts",
  "/orderdetails?productId=42",
  "/blogs",
  "/login",
  "/signup",
  "/resetpassword",
  "/dashboard",
  "/dashboard/myreview",
  "/dashboard/addReview",
  "/dashboard/myprofile",
  "/dashboard/updateProfile",
  "/dashboard/payment/3f2b8c1e-0d6a-4c1b-9f51-0b7a4e5d2c10",
  "/dashboard/payment/17",
  "/dashboard/users",
  "/dashboard/addProduct",
  "/dashboard/manageProduct",
];

describe("server-rendered pages", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: TestAccount;
  beforeAll(async () => {
    ctx = await createTestApp({ seed: true });
    admin = await signUp(ctx.app, { admin: true });
  });
  afterAll(() => ctx.close());

  const page = (url: string, encoding?: string) =>
    ctx.app.inject({ method: "GET", url, headers: encoding ? { "accept-encoding": encoding } : {} });

  it("renders the home page with its tools and their data, compressed as the browser asks", async () => {
    const plain = await page("/");
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-type"]).toMatch(/^text\/html/);
    expect(plain.body).toContain("Forgeline 20V Cordless Drill");
    expect(plain.body).toContain('<script type="application/json" id="first-screen-data">');
    expect(plain.body).not.toMatch(/<script>/);

    const br = await page("/", "gzip, deflate, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toContain("accept-encoding");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await page("/", "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });

  it("shows a new tool at once, its name as written: no closing the data script, no replace patterns", async () => {
    await page("/");
    const name = "Clamp $& $$ </script><script>alert(1)</script>";
    const added = await ctx.app.inject({
      method: "POST",
      url: "/api/product",
      headers: bearer(admin.token),
      payload: { name, price: 12.5, quantity: 150, image: "/images/claw-hammer.svg", description: "A test clamp." },
    });
    expect(added.statusCode).toBe(201);
    const home = await page("/");
    expect(home.body).toContain("Clamp $&amp; $$ &lt;/script&gt;");
    expect(home.body).toContain("Clamp $& $$ \\u003c/script>\\u003cscript>");
    expect(home.body).not.toContain("<script>alert(1)");
  });

  it("answers every route of the app 200, and any other address 404 with the 404 page, not to be indexed", async () => {
    for (const url of APP_PAGES) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).not.toContain("noindex");
    }
    const unknown = [
      "/no/such/page",
      "/blogs/2024",
      "/dashboard/nope",
      "/dashboard/payment",
      "/adminx",
      "/wp-login.php",
    ];
    for (const url of unknown) {
      const response = await ctx.app.inject({ method: "GET", url, headers: { accept: "text/html" } });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers["content-type"], url).toBe("text/html; charset=utf-8");
      expect(response.body, url).toContain('<h1 class="text-2xl font-bold sm:text-3xl">Oops! The page you&#x27;re');
      expect(response.body, url).toContain('<a class="btn btn-primary" href="/">Back to home</a>');
      expect(response.body, url).toContain('<meta name="robots" content="noindex"></head>');
    }
    const head = await ctx.app.inject({ method: "HEAD", url: "/no/such/page" });
    expect(head.statusCode).toBe(404);
    const missingScript = await ctx.app.inject({
      method: "GET",
      url: "/assets/gone-1234.js",
      headers: { accept: "*/*" },
    });
    expect(missingScript.statusCode).toBe(404);
    expect(missingScript.json()).toEqual({
      statusCode: 404,
      error: "Not Found",
      message: "No API route for /assets/gone-1234.js",
    });
  });

  it("renders a page once for any query string it does not read, and again for one it reads", async () => {
    ctx.app.pageCaches.html.clear();
    const first = await page("/");
    for (let i = 0; i < 50; i++) {
      const junk = await page(`/?utm_source=mail${i}&x=${"a".repeat(i)}&_=${i}`);
      expect(junk.statusCode).toBe(200);
      expect(junk.body).toBe(first.body);
    }
    expect(ctx.app.pageCaches.html.size).toBe(1);

    const pageTwo = await page("/availableProducts?page=2");
    expect(pageTwo.body).toMatch(/Page <!-- -->2<!-- --> of/);
    expect((await page("/availableProducts?ref=ad&page=2&page=3")).body).toBe(pageTwo.body);
    expect(ctx.app.pageCaches.html.size).toBe(2);
    const pageOne = await page("/availableProducts?ref=ad");
    expect(pageOne.body).toMatch(/Page <!-- -->1<!-- --> of/);
    expect(ctx.app.pageCaches.html.size).toBe(3);

    const resetLink = await page("/resetpassword?utm_source=mail&token=abc123");
    expect(resetLink.body).toContain("Change password");
    expect((await page("/resetpassword?utm_source=mail")).body).toContain("Send reset link");
  });

  it("renders a product's own page: its data, its head, JSON-LD; a deleted, unknown or malformed id is a real 404", async () => {
    const [wrench] = (await ctx.app.inject({ method: "GET", url: "/api/product?q=wrench" })).json();
    const shown = await page(`/product/${wrench._id}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain(`<title>${wrench.name} | Forgeline Tools</title>`);
    expect(shown.body.match(/<title>/g)).toHaveLength(1);
    expect(shown.body.match(/<meta name="description"/g)).toHaveLength(1);
    expect(shown.body).toContain(`<link rel="canonical" href="http://localhost:5000/product/${wrench._id}">`);
    expect(shown.body).toContain('<meta property="og:type" content="product">');
    expect(shown.body).toContain(`<h1 id="product-heading" class="text-3xl font-bold">${wrench.name}</h1>`);
    expect(shown.body).not.toContain("noindex");
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(shown.body)?.[1] ?? "");
    expect(jsonLd.offers).toEqual({
      "@type": "Offer",
      url: `http://localhost:5000/product/${wrench._id}`,
      price: "34.50",
      priceCurrency: "USD",
      // 80 pieces: too few for an order of 100.
      availability: "https://schema.org/OutOfStock",
      eligibleQuantity: { "@type": "QuantitativeValue", minValue: 100, maxValue: 200, unitText: "pieces" },
    });

    const restocked = await ctx.app.inject({
      method: "PATCH",
      url: `/api/product/${wrench._id}`,
      headers: bearer(admin.token),
      payload: { quantity: 1000, price: 36 },
    });
    expect(restocked.statusCode).toBe(200);
    const changed = await page(`/product/${wrench._id}`);
    expect(changed.body).toContain('"price":"36.00","priceCurrency":"USD","availability":"https://schema.org/InStock"');
    expect(changed.body).toContain("1000<!-- --> <!-- -->Pieces");

    const removed = await ctx.app.inject({
      method: "DELETE",
      url: `/api/product/${wrench._id}`,
      headers: bearer(admin.token),
    });
    expect(removed.statusCode).toBe(200);
    for (const url of [`/product/${wrench._id}`, "/product/00000000-0000-4000-8000-000000000000", "/product/wrench"]) {
      const gone = await page(url);
      expect(gone.statusCode, url).toBe(404);
      expect(gone.body, url).toContain('<meta name="robots" content="noindex"></head>');
      expect(gone.body, url).toContain("Oops! The page you&#x27;re looking for isn&#x27;t here");
      expect(gone.body, url).toContain("<title>Forgeline Tools: bulk tools from the manufacturer</title>");
    }
  });

  it("renders a search with its results, and keeps searches out of the page cache", async () => {
    ctx.app.pageCaches.html.clear();
    const searched = await page("/availableProducts?q=hamer&sort=price-asc&inStock=1&utm=x");
    expect(searched.statusCode).toBe(200);
    expect(searched.body).toContain("1 tool matches “hamer”.");
    expect(searched.body).toContain('value="hamer"');
    expect(searched.body).toContain("Claw Hammer");
    const none = await page("/availableProducts?q=zzzz");
    expect(none.body).toContain("No tools match this search.");
    expect(ctx.app.pageCaches.html.size).toBe(0);
    await page("/availableProducts?sort=price-asc");
    expect(ctx.app.pageCaches.html.size).toBe(1);
  });

  it("renders the banner's claims on the server from the promotions running now; one an admin ends leaves it", async () => {
    const FIRST_ORDER = "30% off your first order";
    const FORTY_OFF = "40% off orders of 200 pieces or more";
    /** The banner's list of claims as the server rendered it (markup, not the data script). */
    const bannerOf = (html: string) => html.match(/<ul[^>]*aria-label="Promotions"[^>]*>(.*?)<\/ul>/s)?.[1] ?? "";
    const claimsOf = (html: string) => [...bannerOf(html).matchAll(/<li[^>]*>(.*?)<\/li>/g)].map((match) => match[1]);
    const home = await page("/");
    expect(claimsOf(home.body)).toEqual([FIRST_ORDER, FORTY_OFF, "Free shipping"]);
    // Cached compressed too, as a browser asks for it.
    const cachedBr = await page("/", "br");
    expect(claimsOf(brotliDecompressSync(cachedBr.rawPayload).toString())).toEqual([
      FIRST_ORDER,
      FORTY_OFF,
      "Free shipping",
    ]);

    const running = (await ctx.app.inject({ method: "GET", url: "/api/promotions" })).json<Promotion[]>();
    const fortyOff = running.find((promotion) => promotion.name === FORTY_OFF);
    const setActive = (active: boolean) =>
      ctx.app.inject({
        method: "PATCH",
        url: `/api/admin/promotions/${fortyOff?._id}`,
        headers: bearer(admin.token),
        payload: { active },
      });
    const ended = await setActive(false);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toMatchObject({ name: FORTY_OFF, active: false });
    try {
      const after = await page("/");
      expect(claimsOf(after.body)).toEqual([FIRST_ORDER, "Free shipping"]);
      // Nowhere on the page: not in the markup, nor in the data the browser picks up.
      expect(after.body).not.toContain(FORTY_OFF);
      const afterBr = brotliDecompressSync((await page("/", "br")).rawPayload).toString();
      expect(afterBr).toBe(after.body);
    } finally {
      expect((await setActive(true)).statusCode).toBe(200);
    }
    expect(claimsOf((await page("/")).body)).toEqual([FIRST_ORDER, FORTY_OFF, "Free shipping"]);
  });

  it("renders the catalogue page asked for, and leaves signed-in pages to the browser", async () => {
    const second = await page("/availableProducts?page=2");
    expect(second.body).toMatch(/Page <!-- -->2<!-- --> of/);
    const dashboard = await page("/dashboard");
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.body).toContain('<div id="root"></div>');
  });
});

describe("source maps", () => {
  it("are not in the build", async () => {
    const files = await readdir(webDist, { recursive: true });
    expect(files.filter((file) => /\.map\b/.test(file))).toEqual([]);
  });

  it("are never served, even when a build left some beside the scripts", async () => {
    const dist = await mkdtemp(path.join(tmpdir(), "forgeline-web-"));
    await mkdir(path.join(dist, "assets"));
    await writeFile(
      path.join(dist, "index.html"),
      '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
    );
    await writeFile(path.join(dist, "assets/app-1a2b.js"), "console.log('shop');");
    for (const map of ["app-1a2b.js.map", "app-1a2b.js.map.gz", "app-1a2b.js.map.br"]) {
      await writeFile(path.join(dist, "assets", map), '{"version":3,"sources":["../src/secret.ts"]}');
    }
    const ctx = await createTestApp({ env: { WEB_DIST_DIR: dist } });
    try {
      const script = await ctx.app.inject({ method: "GET", url: "/assets/app-1a2b.js" });
      expect(script.statusCode).toBe(200);
      for (const url of ["/assets/app-1a2b.js.map", "/assets/app-1a2b.js.map.gz", "/assets/app-1a2b.js.map.br"]) {
        const map = await ctx.app.inject({ method: "GET", url });
        expect(map.statusCode, url).toBe(404);
        expect(map.body, url).not.toContain("secret.ts");
      }
    } finally {
      await ctx.close();
      await rm(dist, { recursive: true, force: true });
    }
  });
});
