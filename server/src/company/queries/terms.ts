import { centsToDollars, dollarsToCents, type NetDays, type PaymentTerms } from "@forgeline/contract";
import { and, asc, count, eq, isNotNull, not, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { idList, isOneOfIds } from "../../db/columns.js";
import { preparedPerDatabase } from "../../db/prepared.js";
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

const storedTermsQuery = preparedPerDatabase((db) =>
  db
    .select({ netDays: companies.netDays, creditLimitCents: companies.creditLimitCents })
    .from(companies)
    .where(eq(companies.id, sql.placeholder("companyId")))
    .prepare("stored_terms"),
);

/** The company's terms as stored (cents), or null when it pays by card or does not exist. */
export async function storedTermsOf(
  db: Database,
  companyId: string,
): Promise<{ netDays: number; creditLimitCents: number } | null> {
  const [row] = await storedTermsQuery(db).execute({ companyId });
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

const ON_ACCOUNT_COLUMNS = {
  id: companies.id,
  name: companies.name,
  netDays: companies.netDays,
  creditLimitCents: companies.creditLimitCents,
};

const oneOfIds = isOneOfIds(companies.id, "ids");

const countQuery = preparedPerDatabase((db) =>
  db
    .select({ companies: count() })
    .from(companies)
    .where(or(isNotNull(companies.netDays), oneOfIds))
    .prepare("companies_on_account"),
);

/**
 * How many companies the receivables list holds: those on terms, and those of `owing` without (terms taken away
 * while they still owe).
 */
export async function countCompaniesOnAccount(db: Database, owing: string[]): Promise<number> {
  const [row] = await countQuery(db).execute({ ids: idList(owing) });
  return row?.companies ?? 0;
}

const byIdQuery = preparedPerDatabase((db) =>
  db.select(ON_ACCOUNT_COLUMNS).from(companies).where(oneOfIds).prepare("companies_on_account_by_id"),
);

/** These companies, in the order of `ids`. */
export async function companiesById(db: Database, ids: string[]): Promise<CompanyOnAccount[]> {
  if (ids.length === 0) return [];
  const rows = await byIdQuery(db).execute({ ids: idList(ids) });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

const besidesQuery = preparedPerDatabase((db) =>
  db
    .select(ON_ACCOUNT_COLUMNS)
    .from(companies)
    .where(and(isNotNull(companies.netDays), not(oneOfIds)))
    .orderBy(asc(companies.name), asc(companies.id))
    .offset(sql.placeholder("offset"))
    .limit(sql.placeholder("limit"))
    .prepare("companies_on_terms_besides"),
);

/** The companies on terms but those of `besides`, by name: a window of them. */
export function companiesOnTermsBesides(
  db: Database,
  besides: string[],
  window: { offset: number; limit: number },
): Promise<CompanyOnAccount[]> {
  return besidesQuery(db).execute({ ids: idList(besides), ...window });
}
