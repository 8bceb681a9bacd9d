/**
 * Why money on account refused a step, in the data layer's words (no HTTP here): the routes answer each reason with
 * its status (receivables/refusal-answers.ts). Thrown, not returned: it may come after the step wrote something that
 * its transaction must roll back (a payment stored before the allocations it asks for are checked).
 */
export type MoneyRefusalReason =
  /** The order, or the credit note, does not exist. */
  | "no-such-order"
  /** A credit note names an invoice that is not one of the order's (decision 077). */
  | "no-such-invoice"
  /** An allocation names an order that is not one of this company's invoices with money owed. */
  | "not-this-companys"
  /** An allocation above what its invoice still owes. */
  | "above-balance"
  /** A transfer's reference the company's payments have already. */
  | "duplicate-reference"
  /** The order takes no credit note, or not that much (the message says why). */
  | "not-creditable";

export class MoneyRefused extends Error {
  constructor(
    readonly reason: MoneyRefusalReason,
    message: string,
  ) {
    super(message);
  }
}
