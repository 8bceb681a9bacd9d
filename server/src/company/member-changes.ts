import { type CompanyRole, centsToDollars } from "@forgeline/contract";
import { recordAudit } from "../audit/queries.js";
import type { Database } from "../db/client.js";
import { HttpError } from "../http/errors.js";
import { leavesNoOwner, mayInvite } from "./policy.js";
import { lockCompany } from "./queries/companies.js";
import { withdrawInvitationsSentBy } from "./queries/invitations.js";
import { changeMember, countOwners, findMember, type MemberRow, removeMember } from "./queries/members.js";

const NO_SUCH_MEMBER = "No such member of this company.";
const LAST_OWNER = "A company needs an owner: make another member an owner first.";

/** A member's terms as the audit log keeps them, so an entry reads alone: which company, what role, what limit. */
const auditedTerms = (row: MemberRow) => ({
  companyId: row.companyId,
  role: row.role,
  monthlyLimit: row.monthlyLimitCents === null ? null : centsToDollars(row.monthlyLimitCents),
});

/**
 * A member's role or monthly limit changed by `actor`, the company locked so that two owners demoting each
 * other at once run one after the other. A member who may no longer invite takes their pending invitations
 * along: a demoted owner's second mailbox must not join as an owner afterwards. Audited when anything changed.
 */
export function changeMemberTerms(
  db: Database,
  actor: string,
  target: { companyId: string; email: string },
  change: { role?: CompanyRole | undefined; monthlyLimitCents?: number | null | undefined },
): Promise<MemberRow> {
  const { companyId, email } = target;
  return db.transaction(async (tx) => {
    await lockCompany(tx, companyId);
    const member = await findMember(tx, companyId, email);
    if (!member) throw new HttpError(404, NO_SUCH_MEMBER);
    const { role } = change;
    if (role && leavesNoOwner(member, await countOwners(tx, companyId), role)) throw new HttpError(409, LAST_OWNER);
    const changed = await changeMember(tx, companyId, email, change);
    if (!changed) throw new HttpError(404, NO_SUCH_MEMBER);
    if (!mayInvite(changed)) await withdrawInvitationsSentBy(tx, companyId, email);
    const [before, after] = [auditedTerms(member), auditedTerms(changed)];
    if (before.role !== after.role || before.monthlyLimit !== after.monthlyLimit) {
      await recordAudit(tx, { actor, action: "company.member-change", target: email, before, after });
    }
    return changed;
  });
}

/**
 * A member removed by `actor`, or gone of their own accord (`actor` is then the member), with the
 * invitations they sent; never the last owner. Audited.
 */
export function removeFromCompany(
  db: Database,
  actor: string,
  target: { companyId: string; email: string },
): Promise<void> {
  const { companyId, email } = target;
  return db.transaction(async (tx) => {
    await lockCompany(tx, companyId);
    const member = await findMember(tx, companyId, email);
    if (!member) throw new HttpError(404, NO_SUCH_MEMBER);
    if (leavesNoOwner(member, await countOwners(tx, companyId), "removed")) throw new HttpError(409, LAST_OWNER);
    await removeMember(tx, companyId, email);
    await withdrawInvitationsSentBy(tx, companyId, email);
    await recordAudit(tx, {
      actor,
      action: "company.member-remove",
      target: email,
      before: auditedTerms(member),
      after: null,
    });
  });
}
