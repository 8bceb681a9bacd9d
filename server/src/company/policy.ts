import { COMPANY_ROLES, type CompanyRole } from "@forgeline/contract";
import type { Database } from "../db/client.js";
import type { Caller } from "../http/caller.js";
import { type Membership, membershipOf } from "./queries.js";

/**
 * The one policy for companies (docs/SELLING-TO-BUSINESSES.md, 'Companies' and 'Who may call what'): "may this caller
 * do this to this company". Every company route asks it and compares no role or email itself. Membership is read on
 * every request, so a removed member's very next call is refused. Anyone outside the company is told nothing (404, as
 * for a company that does not exist), admins too: they act through /admin/companies. A member whose role does not allow
 * the act is 403: they know the company exists.
 */
export type CompanyAccess =
  /** See the company, its members, delivery addresses and orders. */
  | "read"
  /** Take oneself out of it. */
  | "leave"
  /** Change its name and whether orders need a PO number. */
  | "settings"
  /** Change another member's role or limit, or remove them. */
  | "members"
  /** Invite, list and withdraw invitations. */
  | "invitations"
  /** Add and remove delivery addresses. */
  | "addresses"
  /** Approve or reject the orders that wait for an owner. */
  | "approvals";

/** Who may do what, as data: the roles allowed each access. */
const ROLES_ALLOWED: Record<CompanyAccess, readonly CompanyRole[]> = {
  read: COMPANY_ROLES,
  leave: COMPANY_ROLES,
  settings: ["owner"],
  members: ["owner"],
  invitations: ["owner"],
  addresses: ["owner"],
  approvals: ["owner"],
};

export type CompanyDecision =
  | { kind: "allowed"; membership: Membership }
  /** A member, whose role does not allow it (403). */
  | { kind: "forbidden"; membership: Membership }
  /** Not a member of this company (404). */
  | { kind: "outsider" };

/** The caller's company, as the policy counts it: none for an admin, who runs the shop rather than buys. */
export async function membershipFor(db: Database, caller: Caller): Promise<Membership | undefined> {
  return caller.role === "admin" ? undefined : membershipOf(db, caller.email);
}

/** The decision for a caller whose membership is known. */
export function decide(membership: Membership | undefined, companyId: string, access: CompanyAccess): CompanyDecision {
  if (!membership || membership.companyId !== companyId) return { kind: "outsider" };
  return ROLES_ALLOWED[access].includes(membership.role)
    ? { kind: "allowed", membership }
    : { kind: "forbidden", membership };
}

/** May this caller do this to this company: the membership is read now, in `db`. */
export async function companyAccess(
  db: Database,
  caller: Caller,
  companyId: string,
  access: CompanyAccess,
): Promise<CompanyDecision> {
  return decide(await membershipFor(db, caller), companyId, access);
}

/** Removing a member: owners remove anyone; every member may remove themselves (leave). */
export const removalAccess = (caller: Caller, email: string): CompanyAccess =>
  email === caller.email ? "leave" : "members";

/**
 * Whether a member in this role may invite, and so whether invitations they sent still hold: an owner's
 * invitation goes when they are removed, demoted or leave, and is refused if accepted after.
 */
export const mayInvite = (member: { role: CompanyRole } | undefined): boolean =>
  member !== undefined && ROLES_ALLOWED.invitations.includes(member.role);

/** Who may create or join a company: customers, not admins. */
export const mayJoinCompanies = (caller: Caller): boolean => caller.role !== "admin";

/** An invitation is shown to, and accepted by, the address it was sent to, and nobody else. */
export const invitationIsFor = (caller: Caller, invitation: { email: string }): boolean =>
  invitation.email === caller.email;

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
