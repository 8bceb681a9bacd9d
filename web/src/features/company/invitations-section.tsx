import type { Company, CompanyRole } from "@forgeline/contract";
import type { FormEvent } from "react";
import { DataTable } from "../../components/data-table";
import { Field } from "../../components/field";
import { FormRefusal, fieldError, focusFirstRefused, formText } from "../../components/form-refusal";
import { QueryState } from "../../components/query-state";
import { RowRefusal } from "../../components/row-refusal";
import { SelectField } from "../../components/select-field";
import { dateText } from "../../lib/date-text";
import { useRowActions } from "../../lib/row-actions";
import { notify } from "../../lib/toast";
import { useInvitations, useInvite, useWithdrawInvitation } from "./api/invitations";
import { ROLE_LABELS, ROLE_OPTIONS } from "./roles";

const FIELDS = ["email", "role"] as const;

/**
 * Owners invite colleagues by email with a role (the mail carries a link valid 7 days), see the invitations
 * still pending, and withdraw one (its link stops working).
 */
export function InvitationsSection({ company }: { company: Company }) {
  const invitations = useInvitations(company._id);
  const invite = useInvite(company._id);
  const withdraw = useWithdrawInvitation(company._id);
  const rowActions = useRowActions();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const email = formText(data, "email");
    try {
      await invite.mutateAsync({ email, role: formText(data, "role") as CompanyRole });
      notify("success", `Invitation sent to ${email}`);
      form.reset();
    } catch (error) {
      focusFirstRefused(form, error);
    }
  }

  function withdrawOne(id: string, email: string) {
    void rowActions.run(id, () => withdraw.mutateAsync(id), `The invitation to ${email} is withdrawn`);
  }

  return (
    <section aria-labelledby="invitations-heading" className="flex flex-col gap-3">
      <h2 id="invitations-heading" className="text-xl font-bold">
        Invitations
      </h2>
      <form
        noValidate
        aria-label="Invite a colleague"
        className="grid items-start gap-3 sm:grid-cols-2"
        onSubmit={(event) => void submit(event)}
      >
        <Field
          label="Colleague's email"
          name="email"
          type="email"
          autoComplete="off"
          error={fieldError(invite.error, "email")}
        />
        <SelectField
          label="Role"
          name="role"
          defaultValue="buyer"
          options={ROLE_OPTIONS}
          error={fieldError(invite.error, "role")}
        />
        <FormRefusal error={invite.error} fields={FIELDS} />
        <button type="submit" className="btn btn-primary self-start" disabled={invite.isPending}>
          Send invitation
        </button>
      </form>
      <QueryState
        query={invitations}
        what="invitations"
        isEmpty={(list) => list.length === 0}
        empty="No invitation is pending."
      >
        {(list) => (
          <DataTable
            columns={[
              { label: "Invited" },
              { label: "Role" },
              { label: "Invited by" },
              { label: "Expires" },
              { label: "Action" },
            ]}
          >
            {list.map((invitation) => (
              <tr key={invitation._id}>
                <th scope="row" className="font-medium break-all">
                  {invitation.email}
                </th>
                <td>{ROLE_LABELS[invitation.role]}</td>
                <td className="break-all">{invitation.invitedBy}</td>
                <td>{dateText(invitation.expiresAt)}</td>
                <td>
                  <button
                    type="button"
                    className="btn btn-sm btn-error btn-outline"
                    disabled={withdraw.isPending}
                    onClick={() => withdrawOne(invitation._id, invitation.email)}
                  >
                    Withdraw<span className="sr-only"> the invitation to {invitation.email}</span>
                  </button>
                  <RowRefusal error={rowActions.refusalOf(invitation._id)} />
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </QueryState>
    </section>
  );
}
