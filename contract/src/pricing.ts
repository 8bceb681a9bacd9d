import { z } from "zod";
import { backordersSchema, shippingField } from "./backorders.js";
import { addressField, paymentMethodField, phoneField } from "./ordering-fields.js";
import { PO_NUMBER_MAX, PRICE_SOURCES } from "./price-source.js";
import { RULE_MAX_PIECES } from "./quantity-rule.js";
import { plainText } from "./text-field.js";

export { PO_NUMBER_MAX, PRICE_SOURCE_LABELS, PRICE_SOURCES, type PriceSource } from "./price-source.js";

/**
 * What the server priced (docs/SELLING-TO-BUSINESSES.md, 'One price function'): the browser shows these figures and
 * never multiplies money. Every amount is dollars with two decimals; the server computes them in integer cents.
 */

export const pricedLineSchema = z.object({
  productId: z.string(),
  sku: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  /** The product's own price per piece. */
  listUnitPrice: z.number(),
  /** What a piece costs in this line: the lowest of list, tier and contract price, or the quote's. */
  unitPrice: z.number(),
  priceSource: z.enum(PRICE_SOURCES),
  /** This line's share of the promotion. */
  discount: z.number(),
  /** unitPrice × quantity, before the discount. */
  total: z.number(),
});

export const appliedPromotionSchema = z.object({ _id: z.string(), name: z.string(), percent: z.number().int() });

/** A cart, a quote of prices or an order's money: the lines and what they add up to. */
export const pricedOrderSchema = z.object({
  lines: z.array(pricedLineSchema),
  /** Pieces of all lines. */
  pieces: z.number().int(),
  /** Sum of the lines' totals. */
  subtotal: z.number(),
  promotion: appliedPromotionSchema.nullable(),
  discount: z.number(),
  /** Percent; 0 when no tax applies. */
  taxRate: z.number(),
  tax: z.number(),
  /** subtotal − discount + tax. */
  total: z.number(),
});

/** A line of the cart: what it costs now, and what the tool allows (its rule and stock) for the stepper. */
export const cartLineSchema = pricedLineSchema.extend({
  quantityRule: z.object({ min: z.number().int(), max: z.number().int(), step: z.number().int() }),
  /** Pieces in stock now. */
  stock: z.number().int(),
  image: z.string(),
  /** Whether the tool takes more than `stock`, and when the rest comes (docs/STOCK.md, 'Backorders'). */
  backorders: backordersSchema.optional(),
});
export const cartSchema = pricedOrderSchema.extend({ lines: z.array(cartLineSchema) });

/** A quantity as the API takes it: a whole number of pieces; the tool's rule is checked against the tool. */
export const lineQuantityField = z
  .number({ error: "Quantity is Required" })
  .int({ error: "Quantity must be a whole number" })
  .min(1, { error: "Order at least 1 piece" })
  .max(RULE_MAX_PIECES, { error: `Order at most ${RULE_MAX_PIECES.toLocaleString("en-US")} pieces` });

export const cartLineBodySchema = z.object({ quantity: lineQuantityField });
export const productIdParamsSchema = z.object({ productId: z.uuid({ error: "Not a valid product id" }) });

/** POST /api/pricing/quote: lines priced for the caller without storing anything. */
export const pricingQuoteBodySchema = z.object({
  lines: z
    .array(z.object({ productId: z.uuid({ error: "Not a valid product id" }), quantity: lineQuantityField }))
    .min(1, { error: "Send at least one line" })
    .max(100, { error: "Send at most 100 lines" }),
});

export const poNumberField = plainText(
  z
    .string()
    .trim()
    .max(PO_NUMBER_MAX, { error: `A PO number has at most ${PO_NUMBER_MAX} characters` }),
  "A PO number",
)
  .optional()
  .transform((value) => (value ? value : undefined));

/** The checkout form as the cart page holds it. */
export const checkoutFormSchema = z.object({ phone: phoneField, address: addressField, poNumber: poNumberField });

/**
 * POST /api/cart/checkout. `expectedTotal` is the total the buyer saw; another total is 409 with the new
 * cart. A company member whose company keeps delivery addresses sends `addressId` instead of `address`
 * (the server checks which one the buyer's company asks for).
 */
export const checkoutBodySchema = checkoutFormSchema.extend({
  address: addressField.optional(),
  addressId: z.uuid({ error: "Not a valid address id" }).optional(),
  expectedTotal: z.number({ error: "expectedTotal is Required" }).min(0).max(1e12),
  paymentMethod: paymentMethodField,
  /** For lines that wait for stock: ship what is there and the rest later (default), or all together. */
  shipping: shippingField,
});

export type PricedLine = z.infer<typeof pricedLineSchema>;
export type PricedOrder = z.infer<typeof pricedOrderSchema>;
export type AppliedPromotion = z.infer<typeof appliedPromotionSchema>;
export type CartLine = z.infer<typeof cartLineSchema>;
export type Cart = z.infer<typeof cartSchema>;
export type CartLineBody = z.infer<typeof cartLineBodySchema>;
export type PricingQuoteBody = z.infer<typeof pricingQuoteBodySchema>;
export type CheckoutBody = z.infer<typeof checkoutBodySchema>;
export type CheckoutFormInput = z.input<typeof checkoutFormSchema>;
