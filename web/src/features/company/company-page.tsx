import type { Company, CompanyAction } from "@forgeline/contract";
import { Link } from "../../components/link";
import { QueryState } from "../../components/query-state";
import { companyPaths } from "../../config/dashboard-paths";
import { useMyCompany } from "../../lib/company";
import { useSession } from "../../lib/session";
import { useIsAdmin } from "../../lib/use-is-admin";
import { AddressesSection } from "./addresses-section";
import { CreateCompanyForm } from "./create-company-form";
import { InvitationsSection } from "./invitations-section";
import { MembersSection } from "./members-section";
import { ROLE_LABELS } from "./roles";
import { SettingsSection } from "./settings-section";

/**
 * /dashboard/company (docs/SELLING-TO-BUSINESSES.md, 'Companies'): a customer in no company creates one; a member sees
 * its members, delivery addresses and terms; owners also invite, change roles and limits, keep the addresses and the
 * settings. Every refusal of the server is shown beside its field, or above the form.
 */
export default function CompanyPage() {
  const admin = useIsAdmin();
  const company = useMyCompany(admin.data === false);
  const me = useSession().data?.email ?? "";

  return (
    <section aria-labelledby="company-heading" className="flex flex-col gap-8">
      <h1 id="company-heading" className="text-2xl font-bold sm:text-3xl">
        My Company
      </h1>
      {admin.data ? (
        <p>
          Admin accounts do not belong to a company: they keep the companies' tax exemption and price lists under{" "}
          <Link className="link link-primary" to={companyPaths.companies}>
            Companies
          </Link>
          .
        </p>
      ) : (
        <QueryState query={company} what="company" isEmpty={() => false} empty={null}>
          {(found) => (found ? <CompanyView company={found} me={me} /> : <CreateCompanyForm />)}
        </QueryState>
      )}
    </section>
  );
}

/** The owners' parts show as the company's answer allows (`actions`, the contract's permissions.ts). */
function CompanyView({ company, me }: { company: Company; me: string }) {
  const may = (action: CompanyAction) => company.actions.includes(action);
  return (
    <>
      <dl className="grid max-w-xl grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-box bg-base-200 p-4 text-sm">
        <dt className="text-base-content/70">Company</dt>
        <dd className="font-semibold">{company.name}</dd>
        <dt className="text-base-content/70">Your role</dt>
        <dd>{company.role ? ROLE_LABELS[company.role] : "—"}</dd>
        <dt className="text-base-content/70">Tax ID</dt>
        <dd>{company.taxId ?? "None given"}</dd>
        <dt className="text-base-content/70">Tax</dt>
        <dd>{company.taxExempt ? "Exempt: its orders carry no tax" : "Charged as for everyone"}</dd>
        <dt className="text-base-content/70">PO number</dt>
        <dd>{company.poRequired ? "Required on every order" : "Optional"}</dd>
      </dl>
      <p className="text-sm">
        <Link className="link link-primary" to={companyPaths.companyOrders}>
          The company's orders
        </Link>
        {may("approve:order") && (
          <>
            {" · "}
            <Link className="link link-primary" to={companyPaths.approvals}>
              Orders awaiting your approval
            </Link>
          </>
        )}
      </p>
      <MembersSection company={company} me={me} />
      {may("manage:invitation") && <InvitationsSection company={company} />}
      <AddressesSection company={company} />
      {may("update:company") && <SettingsSection company={company} />}
    </>
  );
}
