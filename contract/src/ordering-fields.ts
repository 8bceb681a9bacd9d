import { z } from "zod";
import { MAX_LENGTH } from "./limits.js";
import { PAYMENT_METHODS } from "./order-facts.js";
import { requiredText } from "./text-field.js";

/** The delivery contact of an order: the modal, the cart's checkout and a quote's acceptance ask the same. */
export const PHONE_PATTERN = /^\+?[0-9][0-9 -]{5,18}[0-9]$/;

export const phoneField = z
  .string({ error: "Phone is Required" })
  .trim()
  .min(1, { error: "Phone is Required", abort: true })
  .regex(PHONE_PATTERN, { error: "Provide a valid phone number: digits, spaces, + and -, 7 to 20 characters" });

export const addressField = requiredText("Address is Required", "Address", MAX_LENGTH.address, "many");

/** A number of pieces as the API takes it; the tool's own rule is checked against the tool. */
export const wholeQuantityField = z.coerce
  .number({ error: "Quantity is Required" })
  .int({ error: "Quantity must be a whole number" });

/** How the buyer pays an order they place: by card (when not said) or, on account, by invoice. */
export const paymentMethodField = z.enum(PAYMENT_METHODS, { error: "Choose how to pay: card or invoice" }).optional();
