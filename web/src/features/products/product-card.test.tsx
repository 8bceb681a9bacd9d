import type { Product } from "@forgeline/contract";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { currentAddress, renderPage, serveApi, tokenWith } from "../../test-utils";
import { ProductCard } from "./product-card";

const wrench: Product = {
  _id: "p 1",
  name: "Torque wrench",
  price: 24.5,
  quantity: 100,
  image: "/images/wrench.webp",
  description: "Click-type, 1/2 inch drive.",
  sku: "FL-TRQ-12",
  quantityRule: { min: 100, max: 200, step: 1 },
  tiers: [],
};

/** A tool sold 100 to 500 pieces in steps of 25, cheaper from 150 and from 300 pieces. */
const drill: Product = {
  ...wrench,
  _id: "p2",
  name: "Cordless drill",
  price: 99,
  quantity: 1000,
  quantityRule: { min: 100, max: 500, step: 25 },
  tiers: [
    { minQuantity: 150, unitPrice: 89 },
    { minQuantity: 300, unitPrice: 84 },
  ],
};

const piecesField = () => screen.getByLabelText("Pieces") as HTMLInputElement;
const addToOrder = () => screen.getByRole("button", { name: "Add to order" }) as HTMLButtonElement;

describe("the product card", () => {
  it("shows the price per piece, the stock in Pieces and the tool's quantity rule in words", () => {
    renderPage(<ProductCard product={{ ...wrench, price: 1234.5, quantity: 1500 }} />);
    expect(screen.getByRole("heading", { level: 3, name: "Torque wrench" })).toBeTruthy();
    expect(screen.getByText("$1,234.50")).toBeTruthy();
    expect(screen.getByText("1500 Pieces")).toBeTruthy();
    expect(screen.getByText("Order 100 to 200 pieces")).toBeTruthy();
    expect(screen.queryByText(/Volume prices/)).toBeNull();
  });

  it("shows a company member the contract price the cart charges, beside the list price, when it is not dearer", async () => {
    const prices: [readonly unknown[], unknown][] = [[["company", "contract-prices"], { [drill.sku ?? ""]: 86 }]];
    renderPage(<ProductCard product={drill} />, { cached: prices });
    expect(screen.getByText("$99.00")).toBeTruthy();
    expect(screen.getByText("100 pieces at $86.00 a piece (your contract price)")).toBeTruthy();
    // From 300 pieces the volume price, $84.00, is lower: it is the one charged.
    await userEvent.clear(piecesField());
    await userEvent.type(piecesField(), "300");
    expect(screen.getByText("300 pieces at $84.00 a piece (volume price)")).toBeTruthy();
  });

  it("shows the volume prices and a rule with steps", () => {
    renderPage(<ProductCard product={drill} />);
    expect(screen.getByText("Order 100 to 500 pieces in steps of 25")).toBeTruthy();
    expect(screen.getByText("150+ $89.00 · 300+ $84.00")).toBeTruthy();
  });

  it("orders from the rule's minimum in stock: Order Now leads to the order details", () => {
    renderPage(<ProductCard product={wrench} />);
    const orderNow = screen.getByRole("link", { name: "Order Now" });
    expect(orderNow.getAttribute("href")).toBe("/orderdetails?productId=p%201&quantity=100");
    expect(orderNow.getAttribute("aria-describedby")).toBe("stock-p 1");
    expect(screen.queryByRole("note")).toBeNull();
    expect(addToOrder().disabled).toBe(false);
  });

  it("below the rule's minimum in stock, Order Now and Add to order are off and the card says to try again later", () => {
    renderPage(<ProductCard product={{ ...drill, quantityRule: { min: 250, max: 500, step: 25 }, quantity: 240 }} />);
    expect(screen.queryByRole("link", { name: "Order Now" })).toBeNull();
    expect((screen.getByRole("button", { name: "Order Now" }) as HTMLButtonElement).disabled).toBe(true);
    expect(addToOrder().disabled).toBe(true);
    expect(piecesField().disabled).toBe(true);
    expect(screen.getByRole("note").textContent).toBe(
      "Not enough stock for a bulk order right now. Please try again later.",
    );
  });

  it("takes the heading level of where it is shown", () => {
    renderPage(<ProductCard product={wrench} headingLevel={2} />);
    expect(screen.getByRole("heading", { level: 2, name: "Torque wrench" })).toBeTruthy();
  });
});

describe("Add to order on the card", () => {
  it("picks quantities the rule allows and shows the price per piece each one earns", async () => {
    renderPage(<ProductCard product={drill} />);
    expect(piecesField().value).toBe("100");
    expect(piecesField().min).toBe("100");
    expect(piecesField().step).toBe("25");
    expect(screen.getByText("100 pieces at $99.00 a piece")).toBeTruthy();

    await userEvent.clear(piecesField());
    await userEvent.type(piecesField(), "175");
    expect(screen.getByText("175 pieces at $89.00 a piece (volume price)")).toBeTruthy();
    // Order Now opens the order with the pieces picked.
    expect(screen.getByRole("link", { name: "Order Now" }).getAttribute("href")).toBe(
      "/orderdetails?productId=p2&quantity=175",
    );
  });

  it("says why a quantity off the rule is refused, with the nearest allowed ones, and never changes it", async () => {
    renderPage(<ProductCard product={drill} />);
    await userEvent.clear(piecesField());
    await userEvent.type(piecesField(), "160");
    await userEvent.tab();
    expect(piecesField().value).toBe("160");
    expect(piecesField().getAttribute("aria-invalid")).toBe("true");
    const note = document.getElementById(piecesField().getAttribute("aria-describedby") ?? "");
    expect(note?.textContent).toBe("Order 100 to 500 pieces in steps of 25: 150 or 175");
    expect(addToOrder().disabled).toBe(true);
    expect(screen.getByRole("link", { name: "Order Now" }).getAttribute("href")).toBe("/orderdetails?productId=p2");

    await userEvent.clear(piecesField());
    await userEvent.type(piecesField(), "9999");
    expect(screen.getByText("Order at most 500 pieces")).toBeTruthy();
    await userEvent.clear(piecesField());
    expect(screen.getByText("Order at least 100 pieces")).toBeTruthy();
  });

  it("never offers more than the stock", async () => {
    renderPage(<ProductCard product={{ ...drill, quantity: 260 }} />);
    expect(piecesField().max).toBe("250");
    await userEvent.clear(piecesField());
    await userEvent.type(piecesField(), "300");
    await userEvent.tab();
    expect(piecesField().value).toBe("300");
    expect(screen.getByText("Order at most 250 pieces")).toBeTruthy();
    expect(addToOrder().disabled).toBe(true);
  });

  it("sends a signed-out visitor to sign in, to come back to this page", async () => {
    const sent = serveApi({ "GET /api/auth/get-session": { body: null } });
    renderPage(<ProductCard product={drill} />, { at: "/availableProducts" });
    await userEvent.click(addToOrder());
    await waitFor(() => expect(currentAddress()).toBe("/login"));
    expect(sent.map((request) => `${request.method} ${request.path}`)).toEqual(["GET /api/auth/get-session"]);
  });

  it("puts the line in the cart with the access token, refreshes the cart and says so", async () => {
    const token = tokenWith({ sub: "buyer@example.com", exp: Math.floor(Date.now() / 1000) + 3600 });
    localStorage.setItem("accessToken", token);
    const sent = serveApi({
      "GET /api/auth/get-session": { body: { user: { email: "buyer@example.com", name: "Buyer" } } },
      "PUT /api/cart/lines/p2": { body: { lines: [] } },
    });
    const { queryClient } = renderPage(<ProductCard product={drill} />, {
      at: "/availableProducts",
      cached: [[["cart"], { lines: [] }]],
    });
    await userEvent.clear(piecesField());
    await userEvent.type(piecesField(), "175");
    await userEvent.click(addToOrder());
    expect(await screen.findByText("Added Cordless drill to your order")).toBeTruthy();
    const put = sent.find((request) => request.method === "PUT");
    expect(put).toEqual({
      method: "PUT",
      path: "/api/cart/lines/p2",
      authorization: `Bearer ${token}`,
      body: { quantity: 175 },
    });
    expect(queryClient.getQueryState(["cart"])?.isInvalidated).toBe(true);
    expect(currentAddress()).toBe("/availableProducts");
  });

  it("shows the server's refusal", async () => {
    localStorage.setItem("accessToken", tokenWith({ sub: "buyer@example.com", exp: Date.now() / 1000 + 3600 }));
    serveApi({
      "GET /api/auth/get-session": { body: { user: { email: "buyer@example.com", name: "Buyer" } } },
      "PUT /api/cart/lines/p2": {
        status: 409,
        body: { message: "Only 120 pieces of Cordless drill are in stock" },
      },
    });
    renderPage(<ProductCard product={drill} />);
    await userEvent.click(addToOrder());
    expect(await screen.findByText("Only 120 pieces of Cordless drill are in stock")).toBeTruthy();
  });
});
