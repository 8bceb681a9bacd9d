import { z } from "zod";
import { ORDER_MIN_QUANTITY } from "./constants.js";
import { imageField } from "./image.js";
import { MAX_LENGTH, maximumCount, maximumPrice, STOCK_MAX, UNIT_PRICE_MAX_CENTS } from "./limits.js";
import { MESSAGES } from "./messages.js";
import { centsToDollars } from "./money.js";
import { requiredText } from "./text-field.js";

export const productSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** Unit price in dollars. */
  price: z.number(),
  /** Pieces in stock. */
  quantity: z.number().int(),
  image: z.string(),
  description: z.string(),
});

export type Product = z.infer<typeof productSchema>;

/** A number from a form or JSON; an empty field is "required", not zero. */
function requiredNumber<T extends z.ZodType>(requiredMessage: string, rules: (number: z.ZodCoercedNumber) => T) {
  return z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    rules(z.coerce.number({ error: requiredMessage })),
  );
}

/** POST /api/product (admins). The creator's email comes from the token. */
export const productBodySchema = z.object({
  name: requiredText(MESSAGES.nameRequired, "Name", MAX_LENGTH.productName),
  /** Dollars per piece, capped so that a whole order fits the 32-bit cents of the database. */
  price: requiredNumber(MESSAGES.priceRequired, (number) =>
    number
      .positive({ error: "Price must be more than $0" })
      .max(centsToDollars(UNIT_PRICE_MAX_CENTS), { error: maximumPrice(UNIT_PRICE_MAX_CENTS) })
      .multipleOf(0.01, { error: "Price can have at most 2 decimals" }),
  ),
  /** Pieces in stock. */
  quantity: requiredNumber(MESSAGES.quantityRequired, (number) =>
    number
      .int({ error: "Quantity must be a whole number" })
      .min(ORDER_MIN_QUANTITY, { error: MESSAGES.quantityMinimum })
      .max(STOCK_MAX, { error: maximumCount(STOCK_MAX) }),
  ),
  description: requiredText(MESSAGES.descriptionRequired, "Description", MAX_LENGTH.productDescription),
  image: imageField(),
});

export const deletedCountSchema = z.object({ deletedCount: z.number().int() });

export type ProductBody = z.infer<typeof productBodySchema>;
export type ProductInput = z.input<typeof productBodySchema>;
export type DeletedCount = z.infer<typeof deletedCountSchema>;
