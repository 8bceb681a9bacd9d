import {
  type AdminReceivables,
  AGING_BUCKETS,
  centsToDollars,
  type PageQuery,
  type ReceivablesCompany,
} from "@forgeline/contract";
import {
  type CompanyOnAccount,
  companiesById,
  companiesOnTermsBesides,
  countCompaniesOnAccount,
  paymentTermsOf,
} from "../company/queries/terms.js";
import type { Database } from "../db/client.js";
import { availableCents } from "../ordering/queries/credit.js";
import { NOTHING_OWED, type OwingFigures, rankedOwing } from "../ordering/queries/owing.js";
import { unallocatedCredits } from "./queries/ledger.js";
import { agingOf } from "./statement.js";

/**
 * What every company on account owes (docs/BUYING-ON-ACCOUNT.md, 'Statements and receivables'): the companies
 * that owe, most overdue first, then most owed; after them the companies on terms that owe nothing, by name. The
 * ranking, the page's figures and the totals come from one pass over the open orders; then only the page's
 * companies are read, so the work per call follows the page, not the number of companies.
 */

const agingDollars = (agingCents: OwingFigures["agingCents"]) =>
  agingOf(AGING_BUCKETS.map(({ key }) => ({ bucket: key, cents: agingCents[key] })));

function companyJson(company: CompanyOnAccount, figures: OwingFigures, creditCents: number): ReceivablesCompany {
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
  const owing = await rankedOwing(db, now, page);
  const owingShown = owing.ranked.slice(page.offset, page.offset + page.limit);
  const rest = { offset: Math.max(0, page.offset - owing.ranked.length), limit: page.limit - owingShown.length };
  const [total, owingCompanies, restCompanies] = await Promise.all([
    countCompaniesOnAccount(db, owing.ranked),
    companiesById(db, owingShown),
    rest.limit > 0 ? companiesOnTermsBesides(db, owing.ranked, rest) : [],
  ]);
  const shown = [...owingCompanies, ...restCompanies];
  const credits = await unallocatedCredits(
    db,
    shown.map((company) => company.id),
  );
  const { totals } = owing;
  return {
    total,
    answer: {
      asOf: now.toISOString(),
      totals: {
        owed: centsToDollars(totals.owedCents),
        overdue: centsToDollars(totals.overdueCents),
        aging: agingDollars(totals.agingCents),
        unallocatedCredit: centsToDollars(credits.totalCents),
      },
      companies: shown.map((company) =>
        companyJson(company, owing.window.get(company.id) ?? NOTHING_OWED, credits.byCompany.get(company.id) ?? 0),
      ),
    },
  };
}
