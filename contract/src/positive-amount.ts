import { dollarsToCents } from "./money.js";

// Apart from money.ts on purpose: money.ts goes into the chunk every public page loads first (web/vite.config.ts,
// "shared"), and only the schemas, which no public page loads first, need this rule.

/**
 * Whether an amount that must be positive comes to a cent at least once rounded to whole cents, as it is stored:
 * $0.004 or 1e-320 is more than $0 yet comes to none, which no price, payment or credit note may be.
 */
export function isAtLeastOneCent(dollars: number): boolean {
  return dollarsToCents(dollars) >= 1;
}

/** The message of a positive amount that comes to no cent: "Amount must be at least $0.01". */
export const atLeastOneCentMessage = (label: string): string => `${label} must be at least $0.01`;
