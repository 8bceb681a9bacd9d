import type { ReactNode } from "react";
import { Link } from "../../components/link";
import { RefusalBeside } from "../../components/refusal-beside";
import { Spinner } from "../../components/spinner";
import { companyPaths } from "../../config/dashboard-paths";
import { paths } from "../../config/paths";
import { ApiError } from "../../lib/api-client";
import { dateText } from "../../lib/date-text";
import { useNavigate, useParams } from "../../lib/router";
import { useSession } from "../../lib/session";
import { errorMessage, notify } from "../../lib/toast";
import { useAcceptInvitation, useInvitation } from "./api/invitation";
import { ROLE_LABELS } from "./roles";

/** Why an invitation cannot be seen or accepted, in words for the person who opened its link. */
function refusalText(error: unknown, email: string): string {
  if (!(error instanceof ApiError)) return errorMessage(error);
  if (error.status === 404 || error.status === 400) {
    return (
      `There is no invitation at this link for ${email}. It may have been withdrawn, replaced by a newer one, or ` +
      "accepted already; or it was sent to another address: sign in with that one."
    );
  }
  if (error.status === 403 && error.message.startsWith("Confirm")) {
    return (
      `Confirm your email address first: open the link we mailed to ${email} when you signed up, then come ` +
      "back to this page and accept."
    );
  }
  if (error.status === 409 && error.message.startsWith("This invitation has expired")) {
    return "This invitation has expired. Ask the company's owner to invite you again.";
  }
  return error.message;
}

/**
 * /invitations/:token (signed in; docs/SELLING-TO-BUSINESSES.md, 'Companies'): the company and role an owner offers,
 * and Accept. Only the invited address sees it, and it accepts once confirmed; every refusal says what to do next.
 */
export default function InvitationPage() {
  const { token = "" } = useParams();
  const navigate = useNavigate();
  const email = useSession().data?.email ?? "";
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation(token);

  async function join() {
    try {
      const company = await accept.mutateAsync();
      notify("success", `Welcome to ${company.name}`);
      navigate(companyPaths.company);
    } catch {
      // Said on the page.
    }
  }

  let body: ReactNode;
  if (invitation.isPending) body = <Spinner label="Loading the invitation" />;
  else if (invitation.isError)
    body = (
      <>
        <p role="alert" className="alert alert-error alert-soft">
          {refusalText(invitation.error, email)}
        </p>
        <Link className="link link-primary" to={paths.home}>
          Back to the shop
        </Link>
      </>
    );
  else {
    const { companyName, role, expiresAt } = invitation.data;
    body = (
      <>
        <p>
          You are invited to join <strong>{companyName}</strong> as {role === "owner" ? "an" : "a"}{" "}
          <strong>{ROLE_LABELS[role].toLowerCase()}</strong>. Members share the company's orders, delivery addresses and
          prices.
        </p>
        <p className="text-sm text-base-content/80">
          For {invitation.data.email}, until {dateText(expiresAt)}.
        </p>
        <RefusalBeside refusal={accept.error} message={accept.error ? refusalText(accept.error, email) : ""} />
        <button
          type="button"
          className="btn btn-primary self-start"
          disabled={accept.isPending}
          onClick={() => void join()}
        >
          Accept and join {companyName}
        </button>
      </>
    );
  }

  return (
    <section aria-labelledby="invitation-heading" className="mx-auto flex max-w-xl flex-col gap-4 py-8">
      <h1 id="invitation-heading" className="text-2xl font-bold sm:text-3xl">
        {invitation.data ? `Join ${invitation.data.companyName}` : "Invitation to a company"}
      </h1>
      {body}
    </section>
  );
}
