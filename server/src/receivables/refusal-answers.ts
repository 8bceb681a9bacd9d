import { HttpError } from "../http/errors.js";
import { type MoneyRefusalReason, MoneyRefused } from "./queries/money-refused.js";

/**
 * The HTTP status each refusal of money on account answers: what does not exist, or is not this company's to name,
 * 404 (as for an order the caller may not see); a step the state of the money refuses, 409.
 */
const STATUS: Record<MoneyRefusalReason, 404 | 409> = {
  "no-such-order": 404,
  "no-such-invoice": 404,
  "not-this-companys": 404,
  "above-balance": 409,
  "duplicate-reference": 409,
  "not-creditable": 409,
};

/** Runs a step of money on account for a route: its refusal becomes the HTTP error it means, with its message. */
export async function answeringRefusals<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof MoneyRefused) throw new HttpError(STATUS[error.reason], error.message);
    throw error;
  }
}
