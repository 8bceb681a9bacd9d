import type { CompanyRole } from "@forgeline/contract";
import { and, asc, count, eq } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { companyMembers } from "../tables.js";

/** A company's members: who they are, and joining, changing role or limit, and leaving. */

export type MemberRow = typeof companyMembers.$inferSelect;

/** The addresses of the company's owners. */
export async function ownersOf(db: Database, companyId: string): Promise<string[]> {
  const rows = await db
    .select({ email: companyMembers.email })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.role, "owner")));
  return rows.map((row) => row.email);
}

/** The company's members, the earliest to join first. */
export function membersOf(db: Database, companyId: string): Promise<MemberRow[]> {
  return db
    .select()
    .from(companyMembers)
    .where(eq(companyMembers.companyId, companyId))
    .orderBy(asc(companyMembers.joinedAt), asc(companyMembers.email));
}

/** This address as a member of this company; undefined when it is not one (of this company). */
export async function findMember(db: Database, companyId: string, email: string): Promise<MemberRow | undefined> {
  const [row] = await db
    .select()
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.email, email)));
  return row;
}

export async function countOwners(db: Database, companyId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.role, "owner")));
  return row?.value ?? 0;
}

/** Adds a member; false (nothing changed) when the address belongs to a company already. */
export async function addMember(
  db: Database,
  member: { companyId: string; email: string; role: CompanyRole },
): Promise<boolean> {
  const added = await db
    .insert(companyMembers)
    .values(member)
    .onConflictDoNothing({ target: companyMembers.email })
    .returning({ email: companyMembers.email });
  return added.length > 0;
}

export async function changeMember(
  db: Database,
  companyId: string,
  email: string,
  change: { role?: CompanyRole | undefined; monthlyLimitCents?: number | null | undefined },
): Promise<MemberRow | undefined> {
  const [row] = await db
    .update(companyMembers)
    .set({
      ...(change.role !== undefined && { role: change.role }),
      ...(change.monthlyLimitCents !== undefined && { monthlyLimitCents: change.monthlyLimitCents }),
    })
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.email, email)))
    .returning();
  return row;
}

/** Takes the address out of the company; its orders keep the company's id. False when it was no member. */
export async function removeMember(db: Database, companyId: string, email: string): Promise<boolean> {
  const removed = await db
    .delete(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.email, email)))
    .returning({ email: companyMembers.email });
  return removed.length > 0;
}
