import type { CompanyRole } from "@forgeline/contract";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { preparedOnce } from "../../db/prepared.js";
import { companies, companyMembers } from "../tables.js";

/** Who the caller is in a company: the guard, the price function and the checkout read it on every call. */

/** A member's place in their company, with the company's terms; read on every request, so removal is at once. */
export interface Membership {
  companyId: string;
  role: CompanyRole;
  /** Cents a calendar month (UTC) without an owner's approval; null: no limit. */
  monthlyLimitCents: number | null;
  company: {
    name: string;
    taxId: string | null;
    taxExempt: boolean;
    poRequired: boolean;
    billingAddress: string | null;
    /** Its terms' days to pay when it buys on account; null: it pays by card. */
    netDays: number | null;
    /** Its terms' credit limit in cents; null: it pays by card. */
    creditLimitCents: number | null;
  };
}

// Read on every call about a company by one of its members: built once, prepared.
const membershipQuery = preparedOnce((db) =>
  db
    .select({
      companyId: companyMembers.companyId,
      role: companyMembers.role,
      monthlyLimitCents: companyMembers.monthlyLimitCents,
      name: companies.name,
      taxId: companies.taxId,
      taxExempt: companies.taxExempt,
      poRequired: companies.poRequired,
      billingAddress: companies.billingAddress,
      netDays: companies.netDays,
      creditLimitCents: companies.creditLimitCents,
    })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(companyMembers.email, sql.placeholder("email")))
    .prepare("membership_of"),
);

/** The company this account belongs to, and as what; undefined when it belongs to none. */
export async function membershipOf(db: Database, email: string): Promise<Membership | undefined> {
  const [row] = await membershipQuery(db).execute({ email });
  if (!row) return undefined;
  const { companyId, role, monthlyLimitCents, ...company } = row;
  return { companyId, role, monthlyLimitCents, company };
}
