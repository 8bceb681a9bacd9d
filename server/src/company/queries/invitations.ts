import type { CompanyRole } from "@forgeline/contract";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client.js";
import { companies, companyInvitations } from "../tables.js";

/** Invitations to join a company: one pending link per address, accepted once. */

export type InvitationRow = typeof companyInvitations.$inferSelect;

/** A new invitation, as invitation-routes.ts makes it: the token itself is only in the mail, the hash here. */
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
