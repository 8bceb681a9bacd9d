import {
  type AdminReceivables,
  AGING_BUCKETS,
  centsToDollars,
  type PageQuery,
  type ReceivablesCompany,
} from "@forgeline/contract";
import { companiesOnAccount, paymentTermsOf } from "../company/queries/terms.js";
import type { Database } from "../db/client.js";
import { availableCents } from "../ordering/queries/credit.js";
import { NOTHING_OWED, type OwingFigures, owingByCompany, owingInAll, owingRanks } from "../ordering/queries/owing.js";
import { unallocatedCredits } from "./queries/ledger.js";
import { agingOf } from "./statement.js";

/**
 * What every company on account owes (docs/BUYING-ON-ACCOUNT.md, 'Statements and receivables'), most overdue
 * first: its terms, the credit used and left, what its invoices owe and how long past due, the hold, and the
 * money it paid that waits for an invoice. All companies are ranked by two sums each; only the page's are read
 * in full.
 */

const byName = new Intl.Collator("en").compare;

const agingDollars = (agingCents: OwingFigures["agingCents"]) =>
  agingOf(AGING_BUCKETS.map(({ key }) => ({ bucket: key, cents: agingCents[key] })));

export async function adminReceivables(
  db: Database,
  page: PageQuery,
  now = new Date(),
): Promise<{ answer: AdminReceivables; total: number }> {
  const [ranks, credits, inAll] = await Promise.all([owingRanks(db, now), unallocatedCredits(db), owingInAll(db, now)]);
  const companies = await companiesOnAccount(db, ranks.keys());
  const ranked = companies.map((company) => ({ company, ...(ranks.get(company.id) ?? NOTHING_OWED) }));
  ranked.sort(
    (a, b) => b.overdueCents - a.overdueCents || b.owedCents - a.owedCents || byName(a.company.name, b.company.name),
  );
  const shown = ranked.slice(page.offset, page.offset + page.limit).map(({ company }) => company);
  const figures = await owingByCompany(
    db,
    now,
    shown.map((company) => company.id),
  );
  let unallocatedCents = 0;
  for (const cents of credits.values()) unallocatedCents += cents;
  return {
    total: companies.length,
    answer: {
      asOf: now.toISOString(),
      totals: {
        owed: centsToDollars(inAll.owedCents),
        overdue: centsToDollars(inAll.overdueCents),
        aging: agingDollars(inAll.agingCents),
        unallocatedCredit: centsToDollars(unallocatedCents),
      },
      companies: shown.map((company): ReceivablesCompany => {
        const owing = figures.get(company.id) ?? NOTHING_OWED;
        const terms =
          company.netDays !== null && company.creditLimitCents !== null
            ? { netDays: company.netDays, creditLimitCents: company.creditLimitCents }
            : null;
        return {
          companyId: company.id,
          name: company.name,
          paymentTerms: paymentTermsOf(company),
          used: centsToDollars(owing.usedCents),
          available: centsToDollars(availableCents({ terms, usedCents: owing.usedCents, hold: null })),
          owed: centsToDollars(owing.owedCents),
          overdue: centsToDollars(owing.overdueCents),
          aging: agingDollars(owing.agingCents),
          hold: owing.hold,
          unallocatedCredit: centsToDollars(credits.get(company.id) ?? 0),
        };
      }),
    },
  };
}
