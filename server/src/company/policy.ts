import { type Actor, COMPANY_ROLES, type CompanyRole, can, type Resource } from "@forgeline/contract";
import type { Database } from "../db/client.js";
import type { Caller } from "../http/caller.js";
import { personalActor } from "../http/guard.js";
import type { MemberRow } from "./queries/members.js";
import { type Membership, membershipOf } from "./queries/membership.js";

/**
 * Who may do what is the contract's (permissions.ts), asked through the one guard (http/guard.ts). What
 * the companies add: the caller as `can` judges them, their membership read on every request (so a removed
 * member's very next call is refused), and the rules of a member's terms.
 */
export interface CallerActor extends Actor {
  /** The caller's membership as read now: none for an admin, who runs the shop rather than buys. */
  membership: Membership | undefined;
}

export async function actorOf(db: Database, caller: Caller): Promise<CallerActor> {
  const membership = caller.role === "admin" ? undefined : await membershipOf(db, caller.email);
  const company = membership ? { id: membership.companyId, role: membership.role } : null;
  return { email: caller.email, role: caller.role, company, membership };
}

/**
 * The caller as `can` judges them on these records: their company matters only to a company's records, so
 * records that belong to none (a customer's own orders) cost no query.
 */
export async function actorFor(db: Database, caller: Caller, records: readonly Resource[]): Promise<Actor> {
  return records.some((record) => record.companyId) ? actorOf(db, caller) : personalActor(caller);
}

/**
 * Whether a member may invite, and so whether invitations they sent still hold: an owner's invitation goes
 * when they are removed, demoted or leave, and is refused if accepted after.
 */
export function mayInvite(member: MemberRow | undefined): boolean {
  if (!member) return false;
  const inviter: Actor = {
    email: member.email,
    role: "customer",
    company: { id: member.companyId, role: member.role },
  };
  return can(inviter, "manage:invitation", { companyId: member.companyId });
}

/**
 * Whether the change leaves the company without an owner: the member is its last owner and stops being
 * one (another role, or removed).
 */
export const leavesNoOwner = (member: { role: CompanyRole }, owners: number, becomes: CompanyRole | "removed") =>
  member.role === "owner" && becomes !== "owner" && owners <= 1;

/**
 * Whether a member may make this change to their own row: stepping down, yes; changing their own monthly
 * limit or taking a higher role, no. Another owner sets those, as another owner approves an owner's order,
 * so a limit one owner put on another holds. Their limit sent back unchanged (the dialog sends both) is no
 * change.
 */
export function mayChangeOwnTerms(
  own: { role: CompanyRole; monthlyLimitCents: number | null },
  change: { role?: CompanyRole | undefined; monthlyLimitCents?: number | null | undefined },
): boolean {
  if (change.monthlyLimitCents !== undefined && change.monthlyLimitCents !== own.monthlyLimitCents) return false;
  return change.role === undefined || COMPANY_ROLES.indexOf(change.role) >= COMPANY_ROLES.indexOf(own.role);
}
