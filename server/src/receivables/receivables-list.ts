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
import { type OwingFigures, owingByCompany } from "../ordering/queries/owing.js";
import { unallocatedCredits } from "./queries/ledger.js";
import { agingOf } from "./statement.js";

/**
 * What every company on account owes (docs/BUYING-ON-ACCOUNT.md, 'Statements and receivables'), most overdue
 * first: its terms, the credit used and left, what its invoices owe and how long past due, the hold, and the
 * money it paid that waits for an invoice. Three reads of at most a row per company, put together here.
 */

const NOTHING: OwingFigures = {
  usedCents: 0,
  owedCents: 0,
  overdueCents: 0,
  dueNext7DaysCents: 0,
  agingCents: { current: 0, days1To30: 0, days31To60: 0, days61To90: 0, over90: 0 },
  hold: false,
};

const agingDollars = (agingCents: OwingFigures["agingCents"]) =>
  agingOf(AGING_BUCKETS.map(({ key }) => ({ bucket: key, cents: agingCents[key] })));

export async function adminReceivables(
  db: Database,
  page: PageQuery,
  now = new Date(),
): Promise<{ answer: AdminReceivables; total: number }> {
  const owing = await owingByCompany(db);
  const companies = await companiesOnAccount(db, owing.keys());
  const credits = await unallocatedCredits(db);
  const rows = companies.map((company) => {
    const figures = owing.get(company.id) ?? NOTHING;
    const terms =
      company.netDays !== null && company.creditLimitCents !== null
        ? { netDays: company.netDays, creditLimitCents: company.creditLimitCents }
        : null;
    return { company, figures, terms, creditCents: credits.get(company.id) ?? 0 };
  });
  rows.sort(
    (a, b) =>
      b.figures.overdueCents - a.figures.overdueCents ||
      b.figures.owedCents - a.figures.owedCents ||
      a.company.name.localeCompare(b.company.name),
  );
  const sum = (cents: (row: (typeof rows)[number]) => number) => rows.reduce((total, row) => total + cents(row), 0);
  const companiesPage = rows.slice(page.offset, page.offset + page.limit).map(
    ({ company, figures, terms, creditCents }): ReceivablesCompany => ({
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
    }),
  );
  const totalAging = Object.fromEntries(
    AGING_BUCKETS.map(({ key }) => [key, sum((row) => row.figures.agingCents[key])]),
  ) as OwingFigures["agingCents"];
  return {
    total: rows.length,
    answer: {
      asOf: now.toISOString(),
      totals: {
        owed: centsToDollars(sum((row) => row.figures.owedCents)),
        overdue: centsToDollars(sum((row) => row.figures.overdueCents)),
        aging: agingDollars(totalAging),
        unallocatedCredit: centsToDollars(sum((row) => row.creditCents)),
      },
      companies: companiesPage,
    },
  };
}
