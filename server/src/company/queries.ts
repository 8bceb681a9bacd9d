import {
  type Actor,
  type Company,
  type CompanyAddressBody,
  type CompanyRole,
  type CompanySettingsBody,
  companyActions,
} from "@forgeline/contract";
import { and, asc, count, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { preparedPerDatabase } from "../db/prepared.js";
import { paymentTermsOf } from "./queries/terms.js";
import { companies, companyAddresses, companyInvitations, companyMembers, companyPrices } from "./tables.js";

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
    /** Its terms when it buys on account: days to pay and the credit limit in cents; null: it pays by card. */
    netDays: number | null;
    creditLimitCents: number | null;
  };
}

const membershipQuery = preparedPerDatabase((db) =>
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

/** The company this account belongs to, and as what; undefined when it belongs to none (prepared: read per call). */
export async function membershipOf(db: Database, email: string): Promise<Membership | undefined> {
  const [row] = await membershipQuery(db).execute({ email });
  if (!row) return undefined;
  const { companyId, role, monthlyLimitCents, ...company } = row;
  return { companyId, role, monthlyLimitCents, company };
}

/** The company's contract prices (cents per piece) for these tools; a tool without one is absent. */
export async function contractPricesFor(
  db: Database,
  companyId: string,
  productIds: readonly string[],
): Promise<Map<string, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ productId: companyPrices.productId, unitCents: companyPrices.unitCents })
    .from(companyPrices)
    .where(and(eq(companyPrices.companyId, companyId), inArray(companyPrices.productId, [...productIds])));
  return new Map(rows.map((row) => [row.productId, row.unitCents]));
}

/** The addresses of the company's owners. */
export async function ownersOf(db: Database, companyId: string): Promise<string[]> {
  const rows = await db
    .select({ email: companyMembers.email })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.role, "owner")));
  return rows.map((row) => row.email);
}

/**
 * Where a member's order goes: with no addresses kept, anywhere (undefined); else one of them, found by id
 * (null when the id is not one of this company's).
 */
export async function companyDelivery(
  db: Database,
  companyId: string,
  addressId: string | undefined,
): Promise<{ address: string; phone: string } | null | undefined> {
  const kept = await db
    .select({ id: companyAddresses.id, address: companyAddresses.address, phone: companyAddresses.phone })
    .from(companyAddresses)
    .where(eq(companyAddresses.companyId, companyId));
  if (kept.length === 0) return undefined;
  return kept.find((row) => row.id === addressId) ?? null;
}

// The company API's own reads and writes (company/routes.ts), below the two the price function and the
// checkout read.

export type CompanyRow = typeof companies.$inferSelect;
export type MemberRow = typeof companyMembers.$inferSelect;
export type InvitationRow = typeof companyInvitations.$inferSelect;
export type CompanyAddressRow = typeof companyAddresses.$inferSelect;

/** A company as the wire shows it, with the caller's role in it (null for an admin). */
export function companyJson(row: CompanyRow, caller: Actor): Company {
  return {
    _id: row.id,
    name: row.name,
    taxId: row.taxId,
    taxExempt: row.taxExempt,
    poRequired: row.poRequired,
    billingAddress: row.billingAddress,
    paymentTerms: paymentTermsOf(row),
    role: caller.company?.id === row.id ? caller.company.role : null,
    createdAt: row.createdAt.toISOString(),
    actions: companyActions(caller, row.id),
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

/** A new invitation, as routes.ts makes it: the token itself is only in the mail, the hash here. */
export interface NewInvitation {
  companyId: string;
  email: string;
  role: CompanyRole;
  tokenHash: string;
  invitedBy: string;
  expiresAt: Date;
}

/**
 * Stores an invitation in place of any the company still has pending for the address (so only the newest
 * link works), in the caller's transaction; answers its id.
 */
export async function replaceInvitation(tx: Database, invitation: NewInvitation): Promise<string> {
  await tx
    .delete(companyInvitations)
    .where(
      and(
        eq(companyInvitations.companyId, invitation.companyId),
        eq(companyInvitations.email, invitation.email),
        isNull(companyInvitations.acceptedAt),
      ),
    );
  const [row] = await tx.insert(companyInvitations).values(invitation).returning({ id: companyInvitations.id });
  if (!row) throw new Error("the invitation was not stored");
  return row.id;
}

/** The company's invitations neither accepted nor expired, newest first. */
export function pendingInvitations(db: Database, companyId: string): Promise<InvitationRow[]> {
  return db
    .select()
    .from(companyInvitations)
    .where(
      and(
        eq(companyInvitations.companyId, companyId),
        isNull(companyInvitations.acceptedAt),
        gt(companyInvitations.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(companyInvitations.createdAt), desc(companyInvitations.id));
}

/** Withdraws a pending invitation of the company; false when it has none by that id. */
export async function withdrawInvitation(db: Database, companyId: string, id: string): Promise<boolean> {
  const removed = await db
    .delete(companyInvitations)
    .where(
      and(
        eq(companyInvitations.id, id),
        eq(companyInvitations.companyId, companyId),
        isNull(companyInvitations.acceptedAt),
      ),
    )
    .returning({ id: companyInvitations.id });
  return removed.length > 0;
}

/** Withdraws every pending invitation this address sent for the company, in the caller's transaction. */
export async function withdrawInvitationsSentBy(tx: Database, companyId: string, invitedBy: string): Promise<void> {
  await tx
    .delete(companyInvitations)
    .where(
      and(
        eq(companyInvitations.companyId, companyId),
        eq(companyInvitations.invitedBy, invitedBy),
        isNull(companyInvitations.acceptedAt),
      ),
    );
}

/**
 * The invitation not yet accepted whose link has this hash, with its company's name; with `lock`, locked
 * until the caller's transaction ends (so of two acceptances at once the second finds it accepted).
 */
export async function pendingInvitationByHash(
  db: Database,
  tokenHash: string,
  lock = false,
): Promise<(InvitationRow & { companyName: string }) | undefined> {
  const query = db
    .select({ invitation: companyInvitations, companyName: companies.name })
    .from(companyInvitations)
    .innerJoin(companies, eq(companies.id, companyInvitations.companyId))
    .where(and(eq(companyInvitations.tokenHash, tokenHash), isNull(companyInvitations.acceptedAt)));
  const [row] = lock ? await query.for("update", { of: companyInvitations }) : await query;
  return row && { ...row.invitation, companyName: row.companyName };
}

export async function markInvitationAccepted(db: Database, id: string): Promise<void> {
  await db.update(companyInvitations).set({ acceptedAt: sql`now()` }).where(eq(companyInvitations.id, id));
}

/** The company's delivery addresses, oldest first. */
export function addressesOf(db: Database, companyId: string): Promise<CompanyAddressRow[]> {
  return db
    .select()
    .from(companyAddresses)
    .where(eq(companyAddresses.companyId, companyId))
    .orderBy(asc(companyAddresses.createdAt), asc(companyAddresses.id));
}

export async function countAddresses(db: Database, companyId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(companyAddresses)
    .where(eq(companyAddresses.companyId, companyId));
  return row?.value ?? 0;
}

export async function addAddress(db: Database, companyId: string, address: CompanyAddressBody): Promise<string> {
  const [row] = await db
    .insert(companyAddresses)
    .values({ companyId, ...address })
    .returning({ id: companyAddresses.id });
  if (!row) throw new Error("the address was not stored");
  return row.id;
}

export async function removeAddress(db: Database, companyId: string, addressId: string): Promise<boolean> {
  const removed = await db
    .delete(companyAddresses)
    .where(and(eq(companyAddresses.id, addressId), eq(companyAddresses.companyId, companyId)))
    .returning({ id: companyAddresses.id });
  return removed.length > 0;
}

/** The company's whole price list: each tool's contract price in cents. */
export function contractPriceList(
  db: Database,
  companyId: string,
): Promise<{ productId: string; unitCents: number }[]> {
  return db
    .select({ productId: companyPrices.productId, unitCents: companyPrices.unitCents })
    .from(companyPrices)
    .where(eq(companyPrices.companyId, companyId));
}

/** Puts this list in place of the company's whole price list, in the caller's transaction. */
export async function replaceContractPrices(
  tx: Database,
  companyId: string,
  rows: readonly { productId: string; unitCents: number }[],
): Promise<void> {
  await tx.delete(companyPrices).where(eq(companyPrices.companyId, companyId));
  if (rows.length > 0) await tx.insert(companyPrices).values(rows.map((row) => ({ companyId, ...row })));
}
