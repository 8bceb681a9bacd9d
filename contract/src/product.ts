import { z } from "zod";
import { ORDER_MIN_QUANTITY } from "./constants.js";
import { imageField } from "./image.js";
import { MESSAGES } from "./messages.js";

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
  name: z
    .string({ error: MESSAGES.nameRequired })
    .trim()
    .min(1, { error: MESSAGES.nameRequired })
    .max(200, { error: "Name must be 200 characters or fewer" }),
  price: requiredNumber(MESSAGES.priceRequired, (number) =>
    number
      .positive({ error: "Price must be more than $0" })
      .max(1_000_000, { error: "Price must be $1,000,000 or less" })
      .multipleOf(0.01, { error: "Price can have at most 2 decimals" }),
  ),
  quantity: requiredNumber(MESSAGES.quantityRequired, (number) =>
    number
      .int({ error: "Quantity must be a whole number" })
      .min(ORDER_MIN_QUANTITY, { error: MESSAGES.quantityMinimum })
      .max(10_000_000, { error: "Quantity must be 10,000,000 or less" }),
  ),
  description: z
    .string({ error: MESSAGES.descriptionRequired })
    .trim()
    .min(1, { error: MESSAGES.descriptionRequired })
    .max(2000, { error: "Description must be 2000 characters or fewer" }),
  image: imageField(),
});

export const deletedCountSchema = z.object({ deletedCount: z.number().int() });

export type ProductBody = z.infer<typeof productBodySchema>;
export type ProductInput = z.input<typeof productBodySchema>;
