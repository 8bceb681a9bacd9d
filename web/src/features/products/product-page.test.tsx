import type { Product } from "@forgeline/contract";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { productQuery } from "../../lib/product-query";
import { renderPage } from "../../test-utils";
import ProductPage from "./product-page";

const drill: Product = {
  _id: "p2",
  name: "Cordless drill",
  price: 99,
  quantity: 1000,
  image: "/images/drill.webp",
  description: "20 V.",
  sku: "FL-DRL-20V",
  quantityRule: { min: 100, max: 500, step: 25 },
  tiers: [
    { minQuantity: 150, unitPrice: 89 },
    { minQuantity: 300, unitPrice: 84 },
  ],
};

const show = (product: Product) =>
  renderPage(<ProductPage />, {
    at: "/product/p2",
    path: "/product/:id",
    cached: [[productQuery("p2").queryKey, product]],
  });

describe("a tool's own page", () => {
  it("shows its SKU, its rule in words and a table of its volume prices from the rule's minimum", () => {
    show(drill);
    expect(screen.getByText("FL-DRL-20V")).toBeTruthy();
    expect(screen.getByText("Order 100 to 500 pieces in steps of 25")).toBeTruthy();
    const table = screen.getByRole("table", { name: "Volume prices" });
    expect(
      within(table)
        .getAllByRole("row")
        .map((row) => row.textContent),
    ).toEqual(["From piecesPrice per piece", "100+$99.00", "150+$89.00", "300+$84.00"]);
    expect(screen.getByRole("link", { name: "Order Now" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Add to order" })).toBeTruthy();
  });

  it("has no table without tiers, and no ordering below the rule's minimum in stock", () => {
    show({ ...drill, tiers: [], quantity: 99 });
    expect(screen.queryByRole("table")).toBeNull();
    expect((screen.getByRole("button", { name: "Order Now" }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole("button", { name: "Add to order" }) as HTMLButtonElement).disabled).toBe(true);
  });
});
