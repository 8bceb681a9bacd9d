import type {
  Cart,
  CartFillAnswer,
  CartImportBody,
  CartLineBody,
  CheckoutBody,
  InsertedId,
  NewQuoteBody,
  OrderCreated,
  PricedOrder,
  PricingQuoteBody,
} from "@forgeline/contract";
import type { Route } from "../api-client";

const part = encodeURIComponent;

/** The cart's calls: its lines, its checkout, a quick order's rows, a line's price, a request for quote. */
export const cartApi = {
  cart: "GET /api/cart" as Route<Cart>,
  setCartLine: (productId: string) => `PUT /api/cart/lines/${part(productId)}` as Route<Cart, CartLineBody>,
  removeCartLine: (productId: string) => `DELETE /api/cart/lines/${part(productId)}` as Route<Cart>,
  checkout: "POST /api/cart/checkout" as Route<OrderCreated, CheckoutBody>,
  importRows: "POST /api/cart/import" as Route<CartFillAnswer, CartImportBody>,
  /** What the server would charge for these lines, storing nothing. */
  price: "POST /api/pricing/quote" as Route<PricedOrder, PricingQuoteBody>,
  requestQuote: "POST /api/quotes" as Route<InsertedId, NewQuoteBody>,
};
