import { z } from "zod";
import { positiveMoneyField } from "./company.js";
import { addressField, paymentMethodField } from "./ordering-fields.js";
import { QUOTE_ACTIONS } from "./permissions.js";
import { checkoutFormSchema, pricedLineSchema, pricedOrderSchema } from "./pricing.js";
import { QUOTE_LIMITS, QUOTE_STATUSES } from "./quote-terms.js";
import { plainText } from "./text-field.js";

const noteField = plainText(
  z
    .string({ error: "The note must be text" })
    .trim()
    .max(QUOTE_LIMITS.note, { error: `A note has at most ${QUOTE_LIMITS.note} characters` }),
  "A note",
  "many",
);

/** POST /api/quotes: the cart becomes a request for quote with the buyer's note. */
export const newQuoteBodySchema = z.object({ note: noteField.optional().default("") });

/** One line of a quote: what the buyer asked for, and the unit price the shop quoted (null until it is sent). */
export const quoteLineSchema = z.object({
  productId: z.string(),
  sku: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  /** The tool's list price when the quote was requested. */
  listUnitPrice: z.number(),
  /** The quoted price per piece; null while the quote waits for a price. */
  unitPrice: z.number().nullable(),
});

export const quoteSchema = z.object({
  _id: z.string(),
  status: z.enum(QUOTE_STATUSES),
  userEmail: z.string(),
  companyId: z.string().nullable(),
  /** What the buyer wrote with the request. */
  note: z.string(),
  /** What the shop wrote with its price; null until sent. */
  shopNote: z.string().nullable(),
  lines: z.array(quoteLineSchema),
  /** The quoted lines priced as their order would be (tax as usual, no promotion); null until sent. */
  priced: pricedOrderSchema.nullable(),
  /** How many times it was sent (a revision replaces the previous). */
  revision: z.number().int(),
  expiresAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
  /** The order placed when it was accepted. */
  orderId: z.string().nullable(),
  /** What the caller may do to it now (permissions.ts). */
  actions: z.array(z.enum(QUOTE_ACTIONS)),
});

const unitPriceField = positiveMoneyField("The unit price", QUOTE_LIMITS.maxUnitPrice);

/** A unit price for every line of the quote, by tool. */
const quotedPricesField = z
  .array(z.object({ productId: z.uuid({ error: "Not a valid product id" }), unitPrice: unitPriceField }))
  .min(1, { error: "Price every line" })
  .max(100, { error: "A quote has at most 100 lines" });

/**
 * POST /api/admin/quotes/{id}/send: a unit price for every line, the expiry and a note; sent again, it replaces.
 * A quote whose total is above what the buyer would pay today is refused (409) unless `confirmDearer` is true.
 */
export const quoteSendBodySchema = z.object({
  lines: quotedPricesField,
  expiresAt: z.iso
    .datetime({ offset: true, error: "The expiry must be a date and time" })
    .refine((value) => Date.parse(value) > Date.now(), { error: "The expiry must be in the future" })
    .refine((value) => Date.parse(value) <= Date.now() + QUOTE_LIMITS.maxDaysValid * 86_400_000, {
      error: `A quote holds at most ${QUOTE_LIMITS.maxDaysValid} days`,
    }),
  note: noteField.optional().default(""),
  confirmDearer: z.boolean({ error: "confirmDearer must be true or false" }).optional().default(false),
});

/** A line of a quote as its buyer would pay for it today, and why: the price source, and the tier's threshold. */
export const todayLineSchema = pricedLineSchema.extend({
  /** From how many pieces the volume price applies, when it is the line's price ("200+"); else null. */
  tierFrom: z.number().int().nullable(),
});

/**
 * A quote's lines priced for its buyer today as their cart would price them (tier, contract price, the
 * promotion they would get, tax). Admins read it beside the prices they set.
 */
export const todayPriceSchema = pricedOrderSchema.extend({ lines: z.array(todayLineSchema) });

/** GET /api/admin/quotes/{id}: the quote, and what its lines cost the buyer today (null once a tool left the shop). */
export const adminQuoteSchema = quoteSchema.extend({ today: todayPriceSchema.nullable() });

/** POST /api/admin/quotes/{id}/preview: the unit prices the admin has typed, priced without sending anything. */
export const quotePreviewBodySchema = z.object({ lines: quotedPricesField });

export const quotePreviewSchema = z.object({
  /** The typed prices as the quote's order would be priced (no promotion, tax as usual). */
  quoted: pricedOrderSchema,
  today: todayPriceSchema.nullable(),
  /** The quoted total is above today's: sending it needs `confirmDearer`. */
  dearer: z.boolean(),
});

/**
 * POST /api/quotes/{id}/accept: where the order goes, as at checkout (the prices are the quote's), and the
 * revision the buyer read, so that prices sent since are not accepted unseen.
 */
export const quoteAcceptBodySchema = checkoutFormSchema.extend({
  address: addressField.optional(),
  addressId: z.uuid({ error: "Not a valid address id" }).optional(),
  revision: z
    .number({ error: "Say which revision of the quote you accept" })
    .int({ error: "Say which revision of the quote you accept" })
    .min(1, { error: "Say which revision of the quote you accept" }),
  paymentMethod: paymentMethodField,
});

export type Quote = z.infer<typeof quoteSchema>;
export type QuoteLine = z.infer<typeof quoteLineSchema>;
export type NewQuoteBody = z.input<typeof newQuoteBodySchema>;
export type QuoteSendBody = z.input<typeof quoteSendBodySchema>;
export type TodayLine = z.infer<typeof todayLineSchema>;
export type TodayPrice = z.infer<typeof todayPriceSchema>;
export type AdminQuote = z.infer<typeof adminQuoteSchema>;
export type QuotePreviewBody = z.input<typeof quotePreviewBodySchema>;
export type QuotePreview = z.infer<typeof quotePreviewSchema>;
export type QuoteAcceptBody = z.input<typeof quoteAcceptBodySchema>;
