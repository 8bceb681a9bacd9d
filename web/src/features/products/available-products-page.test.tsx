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
    expect(screen.getByText("20 tools in the catalogue. Every order is between 100 and 200 pieces.")).toBeTruthy();
    expect(screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent)).toEqual(
      Array.from({ length: 9 }, (_, index) => `Tool ${index + 10}`),
    );
    expect(screen.getByRole("link", { name: "Previous page" }).getAttribute("href")).toBe("/availableProducts?page=1");
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
