import { centsToDollars, dollarsToCents, type NetDays, type PaymentTerms } from "@forgeline/contract";
import { eq, inArray, isNotNull } from "drizzle-orm";
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

/**
 * The companies on terms, and those of `owing` without (terms taken away while they still owe): each with its
 * name and terms, for the receivables list.
 */
export async function companiesOnAccount(db: Database, owing: Iterable<string>) {
  const columns = {
    id: companies.id,
    name: companies.name,
    netDays: companies.netDays,
    creditLimitCents: companies.creditLimitCents,
  };
  const onTerms = await db.select(columns).from(companies).where(isNotNull(companies.netDays));
  const known = new Set(onTerms.map((row) => row.id));
  const without = [...owing].filter((id) => !known.has(id));
  const formerly =
    without.length > 0 ? await db.select(columns).from(companies).where(inArray(companies.id, without)) : [];
  return [...onTerms, ...formerly];
}
