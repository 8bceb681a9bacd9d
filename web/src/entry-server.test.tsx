// @vitest-environment node
import type { PageQuery, Product, Review } from "@forgeline/contract";
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
    expect(locate(href)).toEqual({ status, address, route });
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
  };
  function loaders(asked: string[]): FirstScreenLoaders {
    return {
      products: async (page: PageQuery) => {
        asked.push(`products ${page.limit}/${page.offset}`);
        return { items: [product], total: 10 };
      },
      reviews: async (page: PageQuery) => {
        asked.push(`reviews ${page.limit}/${page.offset}`);
        return { items: [] as Review[], total: 0 };
      },
    };
  }

  it("loads the catalogue page the address asks for and hands its data to the browser, unable to close the script", async () => {
    const asked: string[] = [];
    const page = await render("/availableProducts?page=2", loaders(asked));
    expect(asked).toEqual(["products 9/9"]);
    const markup = page?.markup.replaceAll("<!-- -->", "");
    expect(markup).toContain("Page 2 of 2");
    expect(markup).toContain(
      '<h2 class="card-title text-lg">Pry bar &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</h2>',
    );
    expect(page?.dataScript.startsWith('<script type="application/json" id="first-screen-data">')).toBe(true);
    expect(page?.dataScript.match(/<\/script>/g)).toHaveLength(1);
    const data = JSON.parse(page?.dataScript.replace(/^<script[^>]*>/, "").replace(/<\/script>$/, "") ?? "");
    expect(data).toEqual([[["products", { limit: 9, offset: 9 }], { items: [product], total: 10 }]]);
  });

  it("loads the home page's six tools and six reviews", async () => {
    const asked: string[] = [];
    await render("/", loaders(asked));
    expect(asked).toEqual(["products 6/0", "reviews 6/0"]);
  });

  it("renders the 404 page where the app has no page", async () => {
    const page = await render("/nowhere", loaders([]));
    expect(page?.markup).toContain("Oops! The page you&#x27;re looking for isn&#x27;t here");
  });

  it("leaves signed-in pages to the browser", async () => {
    expect(await render("/dashboard", loaders([]))).toBeNull();
  });
});
