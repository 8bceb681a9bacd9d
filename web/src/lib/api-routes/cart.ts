import type { Cart, CartLineBody, CheckoutBody, InsertedId, NewQuoteBody, OrderCreated } from "@forgeline/contract";
import type { Route } from "../api-client";

const part = encodeURIComponent;

/** The cart's calls: its lines, its checkout, a quick order's rows, a line's price, a request for quote. */
export const cartApi = {
  cart: "GET /api/cart" as Route<Cart>,
  /** The contract prices of the buyer's company (none without one): what the cart charges instead of the list price. */
  contractPrices: "GET /api/companies/mine/prices" as Route<Record<string, number>>,
  setLine: (productId: string) => `PUT /api/cart/lines/${part(productId)}` as Route<Cart, CartLineBody>,
  removeLine: (productId: string) => `DELETE /api/cart/lines/${part(productId)}` as Route<Cart>,
  checkout: "POST /api/cart/checkout" as Route<OrderCreated, CheckoutBody>,
  requestQuote: "POST /api/quotes" as Route<InsertedId, NewQuoteBody>,
};
