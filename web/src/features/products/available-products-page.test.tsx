import type { Product } from "@forgeline/contract";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { currentAddress, renderPage, serveApi } from "../../test-utils";
import AvailableProductsPage from "./available-products-page";

const tool = (n: number): Product => ({
  _id: `p${n}`,
  name: `Tool ${n}`,
  price: 10,
  quantity: 150,
  image: `/images/p${n}.webp`,
  description: "Steel.",
  sku: `FL-TOOL-${n}`,
  quantityRule: { min: 100, max: 200, step: 1 },
  tiers: [],
});

/** The catalogue as the server answers it: 9 a page, the total in X-Total-Count. */
function serveCatalogue(total: number) {
  const tools = Array.from({ length: total }, (_, index) => tool(index + 1));
  const pages: Parameters<typeof serveApi>[0] = {};
  for (let offset = 0; offset < total; offset += 9) {
    pages[`GET /api/product?limit=9&offset=${offset}`] = {
      body: tools.slice(offset, offset + 9),
      headers: { "x-total-count": String(total) },
    };
  }
  return serveApi(pages);
}

describe("/availableProducts pages the catalogue by 9", () => {
  it("opens the page the address asks for, with links to the pages around it", async () => {
    serveCatalogue(20);
    renderPage(<AvailableProductsPage />, { at: "/availableProducts?page=2" });
    expect(await screen.findByText("Page 2 of 3")).toBeTruthy();
    expect(screen.getByRole("status", { name: "" }).textContent).toBe("20 tools in the catalogue.");
    expect(screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent)).toEqual(
      Array.from({ length: 9 }, (_, index) => `Tool ${index + 10}`),
    );
    expect(screen.getByRole("link", { name: "Previous page" }).getAttribute("href")).toBe("/availableProducts");
    expect(screen.getByRole("link", { name: "Next page" }).getAttribute("href")).toBe("/availableProducts?page=3");
  });

  it("goes to the next page, and has no next page after the last", async () => {
    serveCatalogue(20);
    renderPage(<AvailableProductsPage />, { at: "/availableProducts?page=2", path: "/availableProducts" });
    await userEvent.click(await screen.findByRole("link", { name: "Next page" }));
    expect(await screen.findByText("Page 3 of 3")).toBeTruthy();
    expect(currentAddress()).toBe("/availableProducts?page=3");
    expect(screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent)).toEqual([
      "Tool 19",
      "Tool 20",
    ]);
    expect(screen.queryByRole("link", { name: "Next page" })).toBeNull();
  });

  it("shows no page links when one page holds the whole catalogue", async () => {
    serveCatalogue(9);
    renderPage(<AvailableProductsPage />, { at: "/availableProducts?page=nonsense" });
    expect(await screen.findByText("Tool 9")).toBeTruthy();
    expect(screen.queryByRole("navigation", { name: "Catalogue pages" })).toBeNull();
  });
});

describe("/availableProducts searches, sorts and filters in the address", () => {
  const wrench = { ...tool(1), name: "Combination Wrench Set" };

  it("searches on Search, from page 1, and says how many tools match", async () => {
    const sent = serveApi({
      "GET /api/product?limit=9&offset=9": { body: [tool(10)], headers: { "x-total-count": "10" } },
      "GET /api/product?limit=9&offset=0&q=wrench": { body: [wrench], headers: { "x-total-count": "1" } },
    });
    renderPage(<AvailableProductsPage />, { at: "/availableProducts?page=2", path: "/availableProducts" });
    // The <search> landmark (jsdom knows no role for it; the browser tests find it as a landmark).
    await screen.findByText("Tool 10");
    const form = document.querySelector('search[aria-label="Catalogue"] > form');
    expect(form?.getAttribute("action")).toBe("/availableProducts");
    expect(form?.getAttribute("method")).toBe("get");
    await userEvent.type(screen.getByRole("searchbox", { name: "Search tools" }), "  wrench {Enter}");
    expect(await screen.findByText("1 tool matches “wrench”.")).toBeTruthy();
    expect(currentAddress()).toBe("/availableProducts?q=wrench");
    expect(screen.getByRole("heading", { level: 2, name: "Combination Wrench Set" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Combination Wrench Set" }).getAttribute("href")).toBe("/product/p1");
    expect(sent.map((request) => request.path)).toEqual([
      "/api/product?limit=9&offset=9",
      "/api/product?limit=9&offset=0&q=wrench",
    ]);
  });

  it("sorts and filters at once, keeping the search, and pages within them", async () => {
    serveApi({
      "GET /api/product?limit=9&offset=0&q=set": { body: [tool(1)], headers: { "x-total-count": "12" } },
      "GET /api/product?limit=9&offset=0&q=set&sort=price-asc": { body: [tool(2)], headers: { "x-total-count": "12" } },
      "GET /api/product?limit=9&offset=0&q=set&sort=price-asc&inStock=1": {
        body: [tool(3)],
        headers: { "x-total-count": "12" },
      },
    });
    renderPage(<AvailableProductsPage />, { at: "/availableProducts?q=set", path: "/availableProducts" });
    const sort = await screen.findByRole("combobox", { name: "Sort by" });
    expect((sort as HTMLSelectElement).value).toBe("");
    expect(screen.getByRole("option", { name: "Best match" })).toBeTruthy();
    await userEvent.selectOptions(sort, "Price: low to high");
    expect(await screen.findByText("Tool 2")).toBeTruthy();
    expect(currentAddress()).toBe("/availableProducts?q=set&sort=price-asc");
    await userEvent.click(screen.getByRole("checkbox", { name: "In stock for an order (100+ pieces)" }));
    expect(await screen.findByText("Tool 3")).toBeTruthy();
    expect(currentAddress()).toBe("/availableProducts?q=set&sort=price-asc&inStock=1");
    expect(screen.getByRole("link", { name: "Next page" }).getAttribute("href")).toBe(
      "/availableProducts?q=set&sort=price-asc&inStock=1&page=2",
    );
  });

  it("says when nothing matches and offers to clear the search", async () => {
    serveApi({
      "GET /api/product?limit=9&offset=0&q=zzz": { body: [], headers: { "x-total-count": "0" } },
    });
    renderPage(<AvailableProductsPage />, { at: "/availableProducts?q=zzz" });
    expect(await screen.findByText("0 tools match “zzz”.")).toBeTruthy();
    expect(screen.getByText(/No tools match this search\./)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Clear the search" }).getAttribute("href")).toBe("/availableProducts");
  });

  it("reads a shared address leniently: an unknown sort or a page of no number is left out", async () => {
    const sent = serveApi({
      "GET /api/product?limit=9&offset=0": { body: [tool(1)], headers: { "x-total-count": "1" } },
    });
    renderPage(<AvailableProductsPage />, { at: "/availableProducts?sort=cheapest&page=x&inStock=yes" });
    expect(await screen.findByText("1 tool in the catalogue.")).toBeTruthy();
    expect(sent.map((request) => request.path)).toEqual(["/api/product?limit=9&offset=0"]);
  });
});
