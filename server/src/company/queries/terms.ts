import { centsToDollars, dollarsToCents, type NetDays, type PaymentTerms } from "@forgeline/contract";
import { eq, isNotNull, or, type SQL, type Subquery, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client.js";
import { preparedOnce } from "../../db/prepared.js";
import { companies } from "../tables.js";

/** A company's terms on account (docs/BUYING-ON-ACCOUNT.md, 'Terms and credit'), as stored and as said. */

type StoredTerms = { netDays: number | null; creditLimitCents: number | null };

/** The terms as the wire says them, or null when the company pays by card. */
export function paymentTermsOf(row: StoredTerms): PaymentTerms | null {
  if (row.netDays === null || row.creditLimitCents === null) return null;
  return { netDays: row.netDays as NetDays, creditLimit: centsToDollars(row.creditLimitCents) };
}

/**
 * Gives the company these terms, or takes them away (null). Orders placed keep the net days they were placed
 * with; a lower limit only stops new orders on account.
 */
export async function setPaymentTerms(db: Database, id: string, terms: PaymentTerms | null) {
  const [row] = await db
    .update(companies)
    .set({
      netDays: terms?.netDays ?? null,
      creditLimitCents: terms ? dollarsToCents(terms.creditLimit) : null,
    })
    .where(eq(companies.id, id))
    .returning();
  return row;
}

const storedTermsQuery = preparedOnce((db) =>
  db
    .select({ netDays: companies.netDays, creditLimitCents: companies.creditLimitCents })
    .from(companies)
    .where(eq(companies.id, sql.placeholder("companyId")))
    .prepare("stored_terms"),
);

/** Terms as the shop's code holds them (cents), from a company's row: null when it pays by card. */
export function termsOfRow(row: StoredTerms | undefined): { netDays: number; creditLimitCents: number } | null {
  return row?.netDays != null && row.creditLimitCents != null
    ? { netDays: row.netDays, creditLimitCents: row.creditLimitCents }
    : null;
}

/** The company's terms as stored (cents), or null when it pays by card or does not exist. */
export async function storedTermsOf(
  db: Database,
  companyId: string,
): Promise<{ netDays: number; creditLimitCents: number } | null> {
  const [row] = await storedTermsQuery(db).execute({ companyId });
  return termsOfRow(row);
}

/** A company on account as the receivables list names it. */
export interface CompanyOnAccount {
  id: string;
  name: string;
  netDays: number | null;
  creditLimitCents: number | null;
}

const ON_ACCOUNT_COLUMNS = {
  id: companies.id,
  name: companies.name,
  netDays: companies.netDays,
  creditLimitCents: companies.creditLimitCents,
};

/** What the receivables list needs of those that owe (receivables/queries/owing.ts): who, and in which place. */
export type OwingCompanies = Subquery & { companyId: AnyPgColumn; place: SQL.Aliased<number> };

/**
 * The companies the receivables list holds, as a common table expression named `on_account` beside `owing`:
 * those on terms, and those that owe without (terms taken away while they still owe), each with its place among
 * those that owe (null: it owes nothing).
 */
export function companiesOnAccount(db: Database, owing: OwingCompanies) {
  return db.$with("on_account").as(
    db
      .select({ ...ON_ACCOUNT_COLUMNS, position: sql<number | null>`${owing.place}`.as("position") })
      .from(companies)
      .leftJoin(owing, eq(owing.companyId, companies.id))
      .where(or(isNotNull(companies.netDays), isNotNull(owing.companyId))),
  );
}
