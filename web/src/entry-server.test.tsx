// @vitest-environment node
import type { CatalogueQuery, PageQuery, Product, Promotion, Review } from "@forgeline/contract";
import { describe, expect, it } from "vitest";
import { type FirstScreenLoaders, locate, render } from "./entry-server";

describe("locate: where an address lands in the app's routes, without rendering", () => {
  it.each([
    ["/", 200, "/", ""],
    ["/availableProducts", 200, "/availableProducts", "availableProducts"],
    ["/blogs#hand-tools", 200, "/blogs", "blogs"],
    ["/dashboard", 200, "/dashboard", "dashboard/* >  > "],
    ["/dashboard/payment/p1", 200, "/dashboard/payment/p1", "dashboard/* >  > payment/:id"],
    ["/nowhere", 404, "/nowhere", "*"],
    ["/dashboard/nowhere", 404, "/dashboard/nowhere", "dashboard/* > *"],
  ])("%s: %i", (href, status, address, route) => {
    expect(locate(href)).toEqual({ status, address, route, shared: true });
  });

  it("lands a product's address on its page, and keeps a search out of the shared pages", () => {
    expect(locate("/product/p1?ref=mail")).toEqual({
      status: 200,
      address: "/product/p1",
      route: "product/:id",
      shared: true,
    });
    expect(locate("/product/")).toMatchObject({ status: 404, route: "*" });
    expect(locate("/availableProducts?inStock=1&sort=name&q=%20wrench&page=2&x=1")).toEqual({
      status: 200,
      address: "/availableProducts?q=+wrench&sort=name&inStock=1&page=2",
      route: "availableProducts",
      shared: false,
    });
    expect(locate("/availableProducts?q=%20&sort=name").shared).toBe(true);
  });

  it("keeps only the query parameters the page reads, in a fixed order", () => {
    expect(locate("/availableProducts?utm_source=mail&page=2").address).toBe("/availableProducts?page=2");
    expect(locate("/resetpassword?error=INVALID_TOKEN&token=t1&x=1").address).toBe(
      "/resetpassword?token=t1&error=INVALID_TOKEN",
    );
    expect(locate("/blogs?page=2").address).toBe("/blogs");
  });

  it("reads a path that starts with // as a path, not another host", () => {
    expect(locate("//elsewhere.example/availableProducts")).toEqual({
      status: 404,
      address: "//elsewhere.example/availableProducts",
      route: "*",
      shared: true,
    });
  });
});

describe("render: a public page with its first screen's data", () => {
  const product: Product = {
    _id: "p1",
    name: "Pry bar </script><script>alert(1)</script>",
    price: 12.5,
    quantity: 150,
    image: "/images/p1.webp",
    description: "Forged steel.",
    sku: "FL-PRY-1",
    quantityRule: { min: 100, max: 500, step: 25 },
    tiers: [{ minQuantity: 200, unitPrice: 11 }],
  };
  const promotion: Promotion = {
    _id: "promo-1",
    name: "30% off your first order",
    percent: 30,
    firstOrder: true,
    minPieces: null,
    startsAt: null,
    endsAt: null,
    active: true,
    createdAt: "2026-01-01T00:00:00.000Z",
  };
  function loaders(asked: string[], promotions: Promotion[] = [promotion]): FirstScreenLoaders {
    return {
      products: async ({ limit, offset, ...search }: CatalogueQuery) => {
        asked.push(`products ${limit}/${offset}${Object.keys(search).length ? ` ${JSON.stringify(search)}` : ""}`);
        return { items: [product], total: 10 };
      },
      reviews: async (page: PageQuery) => {
        asked.push(`reviews ${page.limit}/${page.offset}`);
        return { items: [] as Review[], total: 0 };
      },
      product: async (id: string) => {
        asked.push(`product ${id}`);
        return id === product._id ? product : null;
      },
      promotions: async () => {
        asked.push("promotions");
        return promotions;
      },
    };
  }
  const site = { origin: "https://shop.example" };

  it("loads the catalogue page the address asks for and hands its data to the browser, unable to close the script", async () => {
    const asked: string[] = [];
    const page = await render("/availableProducts?page=2", loaders(asked), site);
    expect(asked).toEqual(["products 9/9"]);
    const markup = page?.markup.replaceAll("<!-- -->", "");
    expect(markup).toContain("Page 2 of 2");
    expect(markup).toContain(
      '<a class="link link-hover" href="/product/p1">Pry bar &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</a></h2>',
    );
    expect(page?.dataScript.startsWith('<script type="application/json" id="first-screen-data">')).toBe(true);
    expect(page?.dataScript.match(/<\/script>/g)).toHaveLength(1);
    const data = JSON.parse(page?.dataScript.replace(/^<script[^>]*>/, "").replace(/<\/script>$/, "") ?? "");
    expect(data).toEqual([[["products", { limit: 9, offset: 9 }], { items: [product], total: 10 }]]);
  });

  it("loads the home page's six tools, six reviews and the promotions running now, which the banner claims", async () => {
    const asked: string[] = [];
    const page = await render("/", loaders(asked), site);
    expect(asked).toEqual(["products 6/0", "reviews 6/0", "promotions"]);
    expect(page?.markup).toContain("30% off your first order");
    const data = JSON.parse(page?.dataScript.replace(/^<script[^>]*>/, "").replace(/<\/script>$/, "") ?? "");
    expect(data).toContainEqual([["promotions"], [promotion]]);
  });

  it("claims no discount on the home page while no promotion runs", async () => {
    const page = await render("/", loaders([], []), site);
    expect(page?.markup).toContain("Free shipping on every order");
    expect(page?.markup).not.toContain("% off");
  });

  it("renders the 404 page where the app has no page", async () => {
    const page = await render("/nowhere", loaders([]), site);
    expect(page?.status).toBe(404);
    expect(page?.head).toBeNull();
    expect(page?.markup).toContain("Oops! The page you&#x27;re looking for isn&#x27;t here");
  });

  it("leaves signed-in pages to the browser", async () => {
    expect(await render("/dashboard", loaders([]), site)).toBeNull();
  });

  it("searches, sorts and filters the catalogue as the address says", async () => {
    const asked: string[] = [];
    const page = await render("/availableProducts?q=wrench&sort=price-desc&inStock=1", loaders(asked), site);
    expect(asked).toEqual(['products 9/0 {"q":"wrench","sort":"price-desc","inStock":true}']);
    expect(page?.markup).toContain("10 tools match “wrench”.");
    expect(page?.markup).toContain('value="wrench"');
  });

  it("renders a product's page with its head: title, description, canonical, Open Graph, JSON-LD", async () => {
    const asked: string[] = [];
    const page = await render("/product/p1", loaders(asked), site);
    expect(asked).toEqual(["product p1"]);
    expect(page?.status).toBe(200);
    expect(page?.markup).toContain("Pry bar &lt;/script&gt;");
    const head = page?.head ?? "";
    expect(head).toContain(
      "<title>Pry bar &#60;/script&#62;&#60;script&#62;alert(1)&#60;/script&#62; | Forgeline Tools</title>",
    );
    expect(head).toContain('<meta name="description" content="Forged steel.">');
    expect(head).toContain('<link rel="canonical" href="https://shop.example/product/p1">');
    expect(head).toContain('<meta property="og:image" content="https://shop.example/images/p1.webp">');
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(head.match(/<\/script>/g)).toHaveLength(1);
    const jsonLd = JSON.parse(head.replace(/^.*<script type="application\/ld\+json">/, "").replace(/<\/script>$/, ""));
    expect(jsonLd).toMatchObject({
      "@type": "Product",
      name: product.name,
      sku: "FL-PRY-1",
      offers: {
        "@type": "Offer",
        price: "12.50",
        priceCurrency: "USD",
        availability: "https://schema.org/InStock",
        eligibleQuantity: { minValue: 100, maxValue: 500 },
      },
    });
  });

  it("answers 404 for a product the catalogue does not have, with nothing of its own in the head", async () => {
    const page = await render("/product/gone", loaders([]), site);
    expect(page?.status).toBe(404);
    expect(page?.head).toBeNull();
    expect(page?.markup).toContain("Oops! The page you&#x27;re looking for isn&#x27;t here");
  });
});
