import type { Product } from "@forgeline/contract";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../test-utils";
import { ProductCard } from "./product-card";

const wrench: Product = {
  _id: "p 1",
  name: "Torque wrench",
  price: 24.5,
  quantity: 100,
  image: "/images/wrench.webp",
  description: "Click-type, 1/2 inch drive.",
};

describe("the product card", () => {
  it("shows the price per piece, the stock in Pieces and the 100-200 band", () => {
    renderPage(<ProductCard product={{ ...wrench, price: 1234.5, quantity: 1500 }} />);
    expect(screen.getByRole("heading", { level: 3, name: "Torque wrench" })).toBeTruthy();
    expect(screen.getByText("$1,234.50")).toBeTruthy();
    expect(screen.getByText("1500 Pieces")).toBeTruthy();
    expect(screen.getByText("An order must be between 100 and 200 pieces.")).toBeTruthy();
  });

  it("orders from 100 pieces in stock: Order Now leads to the order details", () => {
    renderPage(<ProductCard product={wrench} />);
    const orderNow = screen.getByRole("link", { name: "Order Now" });
    expect(orderNow.getAttribute("href")).toBe("/orderdetails?productId=p%201");
    expect(orderNow.getAttribute("aria-describedby")).toBe("stock-p 1");
    expect(screen.queryByRole("note")).toBeNull();
  });

  it("at 99 pieces or fewer, Order Now is off and the card says to try again later", () => {
    renderPage(<ProductCard product={{ ...wrench, quantity: 99 }} />);
    expect(screen.queryByRole("link", { name: "Order Now" })).toBeNull();
    expect((screen.getByRole("button", { name: "Order Now" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole("note").textContent).toBe(
      "Not enough stock for a bulk order right now. Please try again later.",
    );
  });

  it("takes the heading level of where it is shown", () => {
    renderPage(<ProductCard product={wrench} headingLevel={2} />);
    expect(screen.getByRole("heading", { level: 2, name: "Torque wrench" })).toBeTruthy();
  });
});
