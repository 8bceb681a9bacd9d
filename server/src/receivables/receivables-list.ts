import { type AdminReceivables, centsToDollars, type PageQuery, type ReceivablesCompany } from "@forgeline/contract";
import { paymentTermsOf } from "../company/queries/terms.js";
import type { Database } from "../db/client.js";
import { availableCents } from "../ordering/order-money.js";
import { type ReceivablesPageRow, receivablesPage } from "./queries/receivables-page.js";
import { agingDollars } from "./statement.js";

/**
 * What every company on account owes (docs/BUYING-ON-ACCOUNT.md, 'Statements and receivables'): the companies
 * that owe, most overdue first, then most owed; after them the companies on terms that owe nothing, by name. One
 * query answers the page (receivables/queries/receivables-page.ts): the work per call follows the open orders and
 * the page, not the history.
 */

function companyJson({ company, figures, creditCents }: ReceivablesPageRow): ReceivablesCompany {
  const terms =
    company.netDays !== null && company.creditLimitCents !== null
      ? { netDays: company.netDays, creditLimitCents: company.creditLimitCents }
      : null;
  return {
    companyId: company.id,
    name: company.name,
    paymentTerms: paymentTermsOf(company),
    used: centsToDollars(figures.usedCents),
    available: centsToDollars(availableCents({ terms, usedCents: figures.usedCents, hold: null })),
    owed: centsToDollars(figures.owedCents),
    overdue: centsToDollars(figures.overdueCents),
    aging: agingDollars(figures.agingCents),
    hold: figures.hold,
    unallocatedCredit: centsToDollars(creditCents),
  };
}

export async function adminReceivables(
  db: Database,
  page: PageQuery,
  now = new Date(),
): Promise<{ answer: AdminReceivables; total: number }> {
  const { rows, total, totals, creditCents } = await receivablesPage(db, page, now);
  return {
    total,
    answer: {
      asOf: now.toISOString(),
      totals: {
        owed: centsToDollars(totals.owedCents),
        overdue: centsToDollars(totals.overdueCents),
        aging: agingDollars(totals.agingCents),
        unallocatedCredit: centsToDollars(creditCents),
      },
      companies: rows.map(companyJson),
    },
  };
}
