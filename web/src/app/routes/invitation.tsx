import InvitationPage from "../../features/company/invitation-page";
import { RequireAuth } from "../guards";

/**
 * /invitations/:token, the link of a company's invitation mail (DESIGN.md 10.4): a signed-in page; a
 * signed-out visitor signs in (or up) first and comes back here.
 */
export default function GuardedInvitationPage() {
  return (
    <RequireAuth>
      <InvitationPage />
    </RequireAuth>
  );
}
