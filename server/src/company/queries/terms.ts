import { centsToDollars, dollarsToCents, type NetDays, type PaymentTerms } from "@forgeline/contract";
import { eq, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
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

/** The company's terms as stored (cents), or null when it pays by card or does not exist. */
export async function storedTermsOf(
  db: Database,
  companyId: string,
): Promise<{ netDays: number; creditLimitCents: number } | null> {
  const [row] = await db
    .select({ netDays: companies.netDays, creditLimitCents: companies.creditLimitCents })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row?.netDays != null && row.creditLimitCents != null
    ? { netDays: row.netDays, creditLimitCents: row.creditLimitCents }
    : null;
}

/** A company on account as the receivables list names it. */
export interface CompanyOnAccount {
  id: string;
  name: string;
  netDays: number | null;
  creditLimitCents: number | null;
}

/**
 * The companies on terms, and those of `owing` without (terms taken away while they still owe): each with its
 * name and terms, for the receivables list. As one row of JSON: a thousand companies mapped row by row cost the
 * server more than the query.
 */
export async function companiesOnAccount(db: Database, owing: Iterable<string>): Promise<CompanyOnAccount[]> {
  const known = new Set<string>();
  const listed = async (which: SQL) => {
    const [row] = await db
      .select({
        list: sql<
          [string, string, number | null, number | null][] | null
        >`json_agg(json_build_array(${companies.id}, ${companies.name}, ${companies.netDays}, ${companies.creditLimitCents}))`,
      })
      .from(companies)
      .where(which);
    return (row?.list ?? []).map(([id, name, netDays, creditLimitCents]) => {
      known.add(id);
      return { id, name, netDays, creditLimitCents };
    });
  };
  const onTerms = await listed(isNotNull(companies.netDays));
  const without = [...owing].filter((id) => !known.has(id));
  return without.length > 0 ? [...onTerms, ...(await listed(inArray(companies.id, without)))] : onTerms;
}
