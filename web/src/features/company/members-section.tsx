import { type Company, type CompanyMember, formatPrice } from "@forgeline/contract";
import { type FormEvent, useState } from "react";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { DataTable } from "../../components/data-table";
import { Field } from "../../components/field";
import { FormDialog } from "../../components/form-dialog";
import { FormRefusal, fieldError, focusFirstRefused, formAmount, formText } from "../../components/form-refusal";
import { QueryState } from "../../components/query-state";
import { RowActions } from "../../components/row-actions";
import { SelectField } from "../../components/select-field";
import { notify } from "../../lib/toast";
import { useChangeMember, useMembers, useRemoveMember } from "./api/members";
import { memberName, ROLE_LABELS, ROLE_OPTIONS } from "./roles";

const COLUMNS = [
  { label: "Member" },
  { label: "Role" },
  { label: "Monthly limit", numeric: true },
  { label: "Spent this month", numeric: true },
  { label: "Actions" },
];

/**
 * The company's members: role, monthly limit and what each spent this month (UTC). Owners change a member's
 * role and limit, and remove members, as the company's `actions` say; every member may leave. The last owner
 * can do neither (409, said).
 */
export function MembersSection({ company, me }: { company: Company; me: string }) {
  const members = useMembers(company._id);
  const remove = useRemoveMember(company._id);
  const mayChange = company.actions.includes("update:member");
  const mayRemove = company.actions.includes("remove:member");
  const [changing, setChanging] = useState<CompanyMember | null>(null);
  const [removing, setRemoving] = useState<CompanyMember | null>(null);

  async function removeMember(member: CompanyMember) {
    const leaving = member.email === me;
    try {
      await remove.mutateAsync(member.email);
      notify("success", leaving ? `You left ${company.name}` : `${memberName(member)} is no longer a member`);
    } catch {
      // Said beside the row's button that was pressed (the last owner cannot leave nor be removed: 409).
    }
  }

  return (
    <section aria-labelledby="members-heading" className="flex flex-col gap-3">
      <h2 id="members-heading" className="text-xl font-bold">
        Members
      </h2>
      <QueryState query={members} what="members" isEmpty={(list) => list.length === 0} empty="No members.">
        {(list) => (
          <DataTable columns={COLUMNS}>
            {list.map((member) => {
              const who = memberName(member);
              return (
                <tr key={member.email}>
                  <th scope="row" className="font-medium">
                    {who}
                    {member.email === me && " (you)"}
                    {member.name.trim() && (
                      <span className="block text-xs font-normal text-base-content/80">{member.email}</span>
                    )}
                  </th>
                  <td>{ROLE_LABELS[member.role]}</td>
                  <td className="text-right">
                    {member.monthlyLimit === null ? "No limit" : formatPrice(member.monthlyLimit)}
                  </td>
                  <td className="text-right">{formatPrice(member.spentThisMonth)}</td>
                  <RowActions>
                    {mayChange && (
                      <button type="button" className="btn btn-sm" onClick={() => setChanging(member)}>
                        Change<span className="sr-only"> the role or limit of {who}</span>
                      </button>
                    )}
                    {member.email === me ? (
                      <button
                        type="button"
                        className="btn btn-sm btn-error btn-outline"
                        disabled={remove.isPending}
                        onClick={() => setRemoving(member)}
                      >
                        Leave<span className="sr-only"> {company.name}</span>
                      </button>
                    ) : (
                      mayRemove && (
                        <button
                          type="button"
                          className="btn btn-sm btn-error btn-outline"
                          disabled={remove.isPending}
                          onClick={() => setRemoving(member)}
                        >
                          Remove<span className="sr-only"> {who}</span>
                        </button>
                      )
                    )}
                    {remove.variables === member.email && (
                      <div className="basis-full">
                        <FormRefusal error={remove.error} fields={[]} />
                      </div>
                    )}
                  </RowActions>
                </tr>
              );
            })}
          </DataTable>
        )}
      </QueryState>
      {changing && (
        <ChangeMemberDialog
          company={company}
          member={changing}
          own={changing.email === me}
          onClose={() => setChanging(null)}
        />
      )}
      {removing && (
        <ConfirmDialog
          title={removing.email === me ? `Leave ${company.name}?` : `Remove ${memberName(removing)}?`}
          confirmLabel={removing.email === me ? "Leave company" : "Remove member"}
          onConfirm={() => void removeMember(removing)}
          onClose={() => setRemoving(null)}
        >
          {removing.email === me
            ? "You no longer see the company's orders, addresses or prices. Your orders stay the company's."
            : "Their access to the company ends at once. The orders they placed stay the company's."}
        </ConfirmDialog>
      )}
    </section>
  );
}

/**
 * An owner changes a member's role and monthly limit (PATCH …/members/{email}); on their own row only the
 * role (stepping down), since another owner sets an owner's limit (docs/SECURITY.md, round 4 finding 4).
 */
function ChangeMemberDialog({
  company,
  member,
  own,
  onClose,
}: {
  company: Company;
  member: CompanyMember;
  own: boolean;
  onClose: () => void;
}) {
  const change = useChangeMember(company._id);
  const who = memberName(member);

  async function submit(event: FormEvent<HTMLFormElement>, close: () => void) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const role = formText(data, "role") as CompanyMember["role"];
    try {
      await change.mutateAsync({
        email: member.email,
        change: { role, monthlyLimit: formAmount(data, "monthlyLimit") },
      });
      notify("success", `${who} is saved`);
      close();
    } catch (error) {
      focusFirstRefused(form, error);
    }
  }

  return (
    <FormDialog title={`Change ${who}`} onClose={onClose}>
      {(close) => (
        <form noValidate className="flex flex-col gap-3" onSubmit={(event) => void submit(event, close)}>
          <SelectField
            label="Role"
            name="role"
            defaultValue={member.role}
            options={ROLE_OPTIONS}
            error={fieldError(change.error, "role")}
          />
          <Field
            label="Monthly limit in dollars (empty: no limit)"
            name="monthlyLimit"
            inputMode="decimal"
            autoComplete="off"
            defaultValue={member.monthlyLimit === null ? "" : String(member.monthlyLimit)}
            readOnly={own}
            error={fieldError(change.error, "monthlyLimit")}
          />
          <p className="text-sm text-base-content/80">
            {own
              ? "Another owner of your company sets your monthly limit."
              : `An order that would take ${who} over the limit this month waits for an owner's approval.`}
          </p>
          <FormRefusal error={change.error} fields={["role", "monthlyLimit"]} />
          <div className="modal-action">
            <button type="button" className="btn" onClick={close}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary" disabled={change.isPending}>
              Save
            </button>
          </div>
        </form>
      )}
    </FormDialog>
  );
}
