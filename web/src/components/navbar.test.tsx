import type { Cart } from "@forgeline/contract";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { sessionQuery } from "../lib/session";
import { renderPage, serveApi, tokenWith } from "../test-utils";
import { Navbar } from "./navbar";

const EMAIL = "ana@example.com";
const ADMIN_CHECK = `GET /api/admin/${encodeURIComponent(EMAIL)}`;
const line = (productId: string) => ({
  productId,
  sku: "FL-TW-150",
  name: "Torque wrench",
  quantity: 100,
  listUnitPrice: 24.5,
  unitPrice: 24.5,
  priceSource: "list" as const,
  discount: 0,
  total: 2450,
  quantityRule: { min: 100, max: 200, step: 1 },
  stock: 500,
  image: "/images/wrench.webp",
});
const cartOf = (lines: number): Cart => ({
  lines: Array.from({ length: lines }, (_, index) => line(`p${index}`)),
  pieces: lines * 100,
  subtotal: lines * 2450,
  promotion: null,
  discount: 0,
  taxRate: 0,
  tax: 0,
  total: lines * 2450,
});

function renderNavbar(signedIn: boolean) {
  if (signedIn)
    localStorage.setItem("accessToken", tokenWith({ sub: EMAIL, exp: Math.floor(Date.now() / 1000) + 3600 }));
  return renderPage(<Navbar />, {
    cached: [[sessionQuery.queryKey, signedIn ? { email: EMAIL, name: "Ana" } : null]],
  });
}

describe("the navbar's cart", () => {
  it.each([
    [2, "Cart (2)", "Cart, 2 lines"],
    [1, "Cart (1)", "Cart, 1 line"],
    [0, "Cart (0)", "Cart, 0 lines"],
  ])("shows a signed-in customer the number of lines in the cart: %i", async (lines, text, name) => {
    serveApi({ [ADMIN_CHECK]: { body: { admin: false } }, "GET /api/cart": { body: cartOf(lines) } });
    renderNavbar(true);
    // The link is a lazy module: under load its first import takes more than the default second.
    const link = await screen.findByRole("link", { name }, { timeout: 5000 });
    expect(link.textContent).toBe(text);
    expect(link.getAttribute("href")).toBe("/cart");
    // Beside it, the buyer's other way in: the quick order by SKU.
    expect(screen.getByRole("link", { name: "Quick Order" }).getAttribute("href")).toBe("/quick-order");
  });

  it("asks for the company's contract prices only once the page is live, never while it hydrates", async () => {
    const sent = serveApi({
      [ADMIN_CHECK]: { body: { admin: false } },
      "GET /api/cart": { body: cartOf(1) },
      "GET /api/companies/mine/prices": { body: { "FL-TW-150": 20 } },
    });
    delete document.documentElement.dataset.ready;
    renderNavbar(true);
    await screen.findByRole("link", { name: "Cart, 1 line" }, { timeout: 5000 });
    const pricesAsked = () => sent.some((request) => request.path === "/api/companies/mine/prices");
    expect(pricesAsked()).toBe(false);
    document.documentElement.dataset.ready = "true";
    await expect.poll(pricesAsked).toBe(true);
    delete document.documentElement.dataset.ready;
  });

  it("shows an admin no cart, and asks for none", async () => {
    const sent = serveApi({ [ADMIN_CHECK]: { body: { admin: true } } });
    renderNavbar(true);
    await expect.poll(() => sent.map((request) => request.path)).toEqual([`/api/admin/${encodeURIComponent(EMAIL)}`]);
    expect(screen.queryByRole("link", { name: /^Cart/ })).toBeNull();
    expect(screen.queryByRole("link", { name: "Quick Order" })).toBeNull();
    expect(screen.getByRole("link", { name: "Dashboard" })).toBeTruthy();
  });

  it("shows a visitor no cart, and asks the server nothing", () => {
    const sent = serveApi({});
    renderNavbar(false);
    expect(screen.queryByRole("link", { name: /^Cart/ })).toBeNull();
    expect(screen.queryByRole("link", { name: "Quick Order" })).toBeNull();
    expect(screen.getByRole("link", { name: "Login" })).toBeTruthy();
    expect(sent).toEqual([]);
  });
});
