import { onFirstUse } from "./first-use.js";
/**
 * The one module that converts money (docs/decisions/031-one-home-per-rule.md, "Money"): integer cents in the
 * database and in every sum, dollars with two decimals on the wire (docs/SPEC-CONFORMANCE.md §3). Sums are
 * added in cents, on the server, and converted once; dollars are never added.
 */
/**
 * Money in integer cents, as the database keeps it and every sum adds it: what an order owes, what may be credited
 * of it, a payment. Dollars (a plain number) only on the wire.
 */
export type Cents = number;

export function centsToDollars(cents: number | bigint): number {
  return Number(cents) / 100;
}

export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** Whether an amount in dollars is whole cents (two decimals at most), within a float's error: 8.33 is, 8.333 not. */
export function isWholeCents(dollars: number): boolean {
  return Math.abs(dollars * 100 - dollarsToCents(dollars)) < 1e-6;
}

const usd = onFirstUse(() => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }));

/** Dollars as a person reads them: "$1,249.50". */
export function formatPrice(dollars: number): string {
  return usd().format(dollars);
}

/** Cents as a person reads them: "$1,249.50". */
export function formatCents(cents: number | bigint): string {
  return formatPrice(centsToDollars(cents));
}

/** Dollars as a machine reads them, two decimals, no sign or separator: "1249.50" (a CSV cell, schema.org). */
export function plainDollars(dollars: number): string {
  return dollars.toFixed(2);
}
