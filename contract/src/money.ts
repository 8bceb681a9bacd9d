/** Prices are dollars in JSON and integer cents in the database (docs/SPEC-CONFORMANCE.md §3). */
export function centsToDollars(cents: number): number {
  return cents / 100;
}

export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

export function formatPrice(dollars: number): string {
  return usd.format(dollars);
}
