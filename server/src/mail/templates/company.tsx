import type { CompanyRole } from "@forgeline/contract";
import { Text } from "@react-email/components";
import { MailLayout } from "./layout.js";
import type { Shop } from "./order.js";

/** An owner's invitation to join their company; its link is the shop's page `/invitations/{token}`. */
export interface CompanyInvitationData {
  companyName: string;
  role: CompanyRole;
  /** The inviting owner's name, or their address when the account has no name. */
  invitedBy: string;
  /** The secret of the link (the shop keeps only its hash). */
  token: string;
  /** When the link stops working (ISO 8601). */
  expiresAt: string;
}

/** What each role may do, as the invitation explains it. */
const ROLE_WORDS: Record<CompanyRole, string> = {
  owner: "an owner: you may order, and manage its members, delivery addresses, approvals and settings",
  buyer: "a buyer: you may order and pay for the company, within the monthly limit its owners set",
  requester: "a requester: you may fill a cart and send it to the company's owners for approval",
};

const when = new Intl.DateTimeFormat("en-US", {
  dateStyle: "long",
  timeStyle: "short",
  timeZone: "UTC",
});

export const companyInvitation = {
  subject: ({ companyName }: CompanyInvitationData) => `Join ${companyName} on Forgeline Tools`,
  // "Hello,": the address may have no account yet, and the name on one is not the inviter's to know.
  body: ({ companyName, role, invitedBy, token, expiresAt }: CompanyInvitationData, shop: Shop) => (
    <MailLayout
      preview={`${invitedBy} invites you to ${companyName}`}
      heading={`Join ${companyName}`}
      greeting="Hello,"
      action={{ href: `${shop.publicUrl}/invitations/${token}`, label: "See the invitation" }}
      after="If you did not expect this invitation, ignore this mail: nothing happens unless you accept it."
    >
      <Text>{`${invitedBy} invites you to join ${companyName} on Forgeline Tools as ${ROLE_WORDS[role]}.`}</Text>
      <Text>
        {`Sign in with this address (or create an account with it and confirm it) and accept the invitation by ${when.format(new Date(expiresAt))} UTC:`}
      </Text>
    </MailLayout>
  ),
};
