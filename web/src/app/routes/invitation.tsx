import InvitationPage from "../../features/company/invitation-page";
import { RequireAuth } from "../guards";

/**
 * /invitations/:token, the link of a company's invitation mail (docs/SELLING-TO-BUSINESSES.md, 'Companies'): a
 * signed-in page; a signed-out visitor signs in (or up) first and comes back here.
 */
export default function GuardedInvitationPage() {
  return (
    <RequireAuth>
      <InvitationPage />
    </RequireAuth>
  );
}
