import type { CompanyRole } from "@forgeline/contract";
import type { Database } from "../db/client.js";
import { HttpError } from "../http/errors.js";
import { leavesNoOwner, mayInvite } from "./policy.js";
import {
  changeMember,
  countOwners,
  findMember,
  lockCompany,
  type MemberRow,
  removeMember,
  withdrawInvitationsSentBy,
} from "./queries.js";

const NO_SUCH_MEMBER = "No such member of this company.";
const LAST_OWNER = "A company needs an owner: make another member an owner first.";

/**
 * A member's role or monthly limit changed, the company locked so that two owners demoting each other at
 * once run one after the other. A member who may no longer invite takes their pending invitations along:
 * a demoted owner's second mailbox must not join as an owner afterwards.
 */
export function changeMemberTerms(
  db: Database,
  companyId: string,
  email: string,
  change: { role?: CompanyRole | undefined; monthlyLimitCents?: number | null | undefined },
): Promise<MemberRow> {
  return db.transaction(async (tx) => {
    await lockCompany(tx, companyId);
    const member = await findMember(tx, companyId, email);
    if (!member) throw new HttpError(404, NO_SUCH_MEMBER);
    const { role } = change;
    if (role && leavesNoOwner(member, await countOwners(tx, companyId), role)) throw new HttpError(409, LAST_OWNER);
    const changed = await changeMember(tx, companyId, email, change);
    if (!changed) throw new HttpError(404, NO_SUCH_MEMBER);
    if (!mayInvite(changed)) await withdrawInvitationsSentBy(tx, companyId, email);
    return changed;
  });
}

/** A member removed, or gone of their own accord, with the invitations they sent; never the last owner. */
export function removeFromCompany(db: Database, companyId: string, email: string): Promise<void> {
  return db.transaction(async (tx) => {
    await lockCompany(tx, companyId);
    const member = await findMember(tx, companyId, email);
    if (!member) throw new HttpError(404, NO_SUCH_MEMBER);
    if (leavesNoOwner(member, await countOwners(tx, companyId), "removed")) throw new HttpError(409, LAST_OWNER);
    await removeMember(tx, companyId, email);
    await withdrawInvitationsSentBy(tx, companyId, email);
  });
}
