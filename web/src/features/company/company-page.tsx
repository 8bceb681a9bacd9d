import type { Company, CompanyAction } from "@forgeline/contract";
import { useQuery } from "@tanstack/react-query";
import { Link } from "../../components/link";
import { QueryState } from "../../components/query-state";
import { companyPaths } from "../../config/dashboard-paths";
import { companyCreditQuery, useMyCompany } from "../../lib/company";
import { creditInWords, holdInWords } from "../../lib/company-credit";
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
 * its members, delivery addresses and terms (on account too: docs/BUYING-ON-ACCOUNT.md, 'Terms and credit'); owners
 * also invite, change roles and limits, keep the addresses and the settings. Every refusal of the server is shown
 * beside its field, or above the form.
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
        <dt className="text-base-content/70">Payment</dt>
        <dd>
          <PaymentTerms company={company} />
        </dd>
      </dl>
      <p className="text-sm">
        <Link className="link link-primary" to={companyPaths.companyOrders}>
          The company's orders
        </Link>
        {may("read:credit") && company.paymentTerms && (
          <>
            {" · "}
            <Link className="link link-primary" to={companyPaths.statement}>
              Statement: what the company owes
            </Link>
          </>
        )}
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

/**
 * How the company pays: by card, or on account on its terms. Owners and buyers read the credit used and left and
 * the overdue invoice that holds it; a requester, who does not pay, the terms alone.
 */
function PaymentTerms({ company }: { company: Company }) {
  const terms = company.paymentTerms;
  const credit = useQuery(
    companyCreditQuery(company._id, terms !== null && company.actions.includes("read:credit")),
  ).data;
  if (!terms) return <>By card: every order is paid before it ships (no terms on account)</>;
  const hold = holdInWords(credit?.hold ?? null);
  return (
    <>
      {(credit && creditInWords(credit)) ?? `Terms on account: net ${terms.netDays}`}
      {hold && <strong className="mt-1 block text-error">{hold}</strong>}
    </>
  );
}
