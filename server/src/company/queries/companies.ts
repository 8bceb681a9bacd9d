import {
  type Actor,
  BACK_OFFICE,
  type Company,
  type CompanySettingsBody,
  can,
  companyActions,
} from "@forgeline/contract";
import { count, desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { companies, companyMembers } from "../tables.js";
import { addMember } from "./members.js";
import { paymentTermsOf } from "./terms.js";

/** The company itself: its row as stored and as the wire shows it, made, locked, changed and listed. */

export type CompanyRow = typeof companies.$inferSelect;

/**
 * A company as the wire shows it, with the caller's role in it (null for an admin). Its credit limit is what it may
 * owe: only who reads its credit, and the admins who set it, read it (docs/decisions/058-what-requesters-read.md).
 */
export function companyJson(row: CompanyRow, caller: Actor): Company {
  const actions = companyActions(caller, row.id);
  const terms = paymentTermsOf(row);
  const readsLimit = actions.includes("read:credit") || can(caller, "manage:terms", BACK_OFFICE);
  return {
    _id: row.id,
    name: row.name,
    taxId: row.taxId,
    taxExempt: row.taxExempt,
    poRequired: row.poRequired,
    billingAddress: row.billingAddress,
    paymentTerms: terms && (readsLimit ? terms : { netDays: terms.netDays }),
    role: caller.company?.id === row.id ? caller.company.role : null,
    createdAt: row.createdAt.toISOString(),
    actions,
  };
}

export async function findCompany(db: Database, id: string): Promise<CompanyRow | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.id, id));
  return row;
}

/**
 * The company locked until the caller's transaction ends. Every change to its members or terms takes it
 * first, so they run one after another: two owners demoting each other at once cannot leave it ownerless.
 */
export async function lockCompany(db: Database, id: string): Promise<CompanyRow | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.id, id)).for("update");
  return row;
}

/**
 * Makes a company with `owner` as its one owner, in the caller's transaction; undefined, keeping nothing,
 * when `owner` belongs to a company already (an account belongs to one at most: the members' key).
 */
export async function createCompany(
  tx: Database,
  body: { name: string; taxId?: string | undefined },
  owner: string,
): Promise<string | undefined> {
  const [company] = await tx
    .insert(companies)
    .values({ name: body.name, taxId: body.taxId || null, createdBy: owner })
    .returning({ id: companies.id });
  if (!company) throw new Error("the company was not stored");
  if (await addMember(tx, { companyId: company.id, email: owner, role: "owner" })) return company.id;
  await tx.delete(companies).where(eq(companies.id, company.id));
  return undefined;
}

export async function updateCompanySettings(db: Database, id: string, settings: CompanySettingsBody) {
  const [row] = await db.update(companies).set(settings).where(eq(companies.id, id)).returning();
  return row;
}

/** Tax exemption (admins): with `taxId` given it is kept too; without, the company's stays as it was. */
export async function setTaxExemption(
  db: Database,
  id: string,
  change: { taxExempt: boolean; taxId?: string | undefined },
) {
  const [row] = await db
    .update(companies)
    .set({ taxExempt: change.taxExempt, ...(change.taxId !== undefined && { taxId: change.taxId || null }) })
    .where(eq(companies.id, id))
    .returning();
  return row;
}

/** Every company, newest first, with how many members each has (the admins' list). */
export async function allCompanies(db: Database): Promise<(CompanyRow & { memberCount: number })[]> {
  const rows = await db
    .select({ company: companies, memberCount: count(companyMembers.email) })
    .from(companies)
    .leftJoin(companyMembers, eq(companyMembers.companyId, companies.id))
    .groupBy(companies.id)
    .orderBy(desc(companies.createdAt), desc(companies.id));
  return rows.map(({ company, memberCount }) => ({ ...company, memberCount }));
}
