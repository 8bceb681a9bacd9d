import { type CompanyCredit, centsToDollars, type NetDays } from "@forgeline/contract";
import type { Database } from "../db/client.js";
import { availableCents, type CreditStanding, creditStanding } from "../ordering/order-money.js";

/** The standing as the wire says it (GET /api/companies/{id}/credit). */
export async function companyCreditJson(
  db: Database,
  companyId: string,
  known?: CreditStanding["terms"],
): Promise<CompanyCredit> {
  const standing = await creditStanding(db, companyId, known);
  const { terms, hold } = standing;
  return {
    paymentTerms: terms && { netDays: terms.netDays as NetDays, creditLimit: centsToDollars(terms.creditLimitCents) },
    used: centsToDollars(standing.usedCents),
    available: centsToDollars(availableCents(standing)),
    hold: hold && { invoiceNumber: hold.invoiceNumber, dueAt: hold.dueAt.toISOString() },
  };
}
