import type { PageQuery } from "@forgeline/contract";
import { asc, count, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { type CompanyOnAccount, companiesOnAccount } from "../../company/queries/terms.js";
import type { Database } from "../../db/client.js";
import { preparedOnce } from "../../db/prepared.js";
import { companyCredits } from "../tables.js";
import { type OwingFigures, owingByCompany, owingFigures, owingFiguresOf, owingMoments, owingTotals } from "./owing.js";

/**
 * A page of the receivables list (docs/BUYING-ON-ACCOUNT.md, 'Statements and receivables') in one query: the
 * companies that owe, most overdue first, then most owed, and after them the companies on terms that owe nothing,
 * by name; how many there are; every company's figures added up; and the money received and not yet put against
 * an invoice (kept beside the ledger, decision 041), each page company's and all of it. One pass over the open
 * orders ranks them; only the page's companies are answered, as one row of JSON, since mapping a thousand rows
 * one by one costs the server more than the query.
 */

export interface ReceivablesPageRow {
  company: CompanyOnAccount;
  figures: OwingFigures;
  creditCents: number;
}

export interface ReceivablesPage {
  rows: ReceivablesPageRow[];
  /** How many companies the list holds. */
  total: number;
  totals: OwingFigures;
  /** Every company's money received and not put against an invoice. */
  creditCents: number;
}

type RowValues = [string, string, number | null, number | null, Parameters<typeof owingFiguresOf>[0], number | null];

const pageQuery = preparedOnce((db) => {
  const owing = owingByCompany(db);
  const onAccount = companiesOnAccount(db, owing);
  const page = db
    .$with("page")
    .as(
      db
        .select()
        .from(onAccount)
        .orderBy(sql`${onAccount.position} nulls last`, asc(onAccount.name), asc(onAccount.id))
        .offset(sql.placeholder("offset"))
        .limit(sql.placeholder("limit")),
    );
  const credit = alias(companyCredits, "credit");
  const rows = db
    .select({
      rows: sql`json_agg(json_build_array(${page.id}, ${page.name}, ${page.netDays}, ${page.creditLimitCents},
        ${owingFigures(owing)}, ${credit.creditCents}) order by ${page.position} nulls last, ${page.name}, ${page.id})`,
    })
    .from(page)
    .leftJoin(owing, eq(owing.companyId, page.id))
    .leftJoin(credit, eq(credit.companyId, page.id));
  const total = db.select({ total: count() }).from(onAccount);
  const totals = db.select({ totals: owingTotals(owing) }).from(owing);
  return db
    .with(owing, onAccount, page)
    .select({
      creditCents: sql<string>`coalesce(sum(${companyCredits.creditCents}), 0)`,
      total: sql<number>`(${total})`,
      rows: sql<RowValues[] | null>`(${rows})`,
      totals: sql<Parameters<typeof owingFiguresOf>[0]>`(${totals})`,
    })
    .from(companyCredits)
    .prepare("receivables_page");
});

export async function receivablesPage(db: Database, page: PageQuery, now: Date): Promise<ReceivablesPage> {
  const [row] = await pageQuery(db).execute({ ...owingMoments(now), offset: page.offset, limit: page.limit });
  return {
    rows: (row?.rows ?? []).map(([id, name, netDays, creditLimitCents, figures, creditCents]) => ({
      company: { id, name, netDays, creditLimitCents },
      figures: owingFiguresOf(figures),
      creditCents: creditCents ?? 0,
    })),
    total: Number(row?.total ?? 0),
    totals: owingFiguresOf(row?.totals ?? null),
    creditCents: Number(row?.creditCents ?? 0),
  };
}
