import { COMPANY_ROLES, type CompanyRole } from "@forgeline/contract";

/** How the pages name a role. */
export const ROLE_LABELS: Record<CompanyRole, string> = {
  owner: "Owner",
  buyer: "Buyer",
  requester: "Requester",
};

/** What each role may do, in a few words (docs/SELLING-TO-BUSINESSES.md, 'Companies'), for the role pickers. */
export const ROLE_OPTIONS = COMPANY_ROLES.map((role) => ({
  value: role,
  label: {
    owner: "Owner: members, addresses, approvals and settings",
    buyer: "Buyer: orders and pays within a monthly limit",
    requester: "Requester: sends carts for an owner's approval",
  }[role],
}));

/** A member as a sentence names them: their name, or their address when they gave none. */
export function memberName(member: { name: string; email: string }): string {
  return member.name.trim() || member.email;
}
