import { type AdminReceivables, formatPrice, type ReceivablesCompany } from "@forgeline/contract";
import { useState } from "react";
import { DataTable } from "../../components/data-table";
import { Link } from "../../components/link";
import { AgingInBrief, AgingTable, Figure, Figures } from "../../components/money-figures";
import { Pager, pageCountOf, requestedPage } from "../../components/pager";
import { QueryState } from "../../components/query-state";
import { companyPaths } from "../../config/dashboard-paths";
import { termsInBrief } from "../../lib/company-credit";
import { dateTimeText } from "../../lib/date-text";
import { useSearchParams } from "../../lib/router";
import { RECEIVABLES_PAGE_SIZE, useReceivables } from "./api/receivables";
import { RecordPaymentDialog } from "./record-payment-dialog";

const COLUMNS = [
  { label: "Company" },
  { label: "Credit used", numeric: true },
  { label: "Owed", numeric: true },
  { label: "Overdue", numeric: true },
  { label: "Aging" },
  { label: "Hold" },
  { label: "Actions" },
];

/**
 * /dashboard/receivables (admins; docs/BUYING-ON-ACCOUNT.md, 'Statements and receivables'): what the shop is owed on
 * account, all companies added up and by age, then every company on terms (and any still owing without them), most
 * overdue first: its terms, credit used and available, what it owes and how much of it is overdue, the aging, and
 * whether its credit is on hold. Per company "Record a payment" takes a bank transfer; its row then shows what is
 * left.
 */
export default function ReceivablesPage() {
  const [searchParams] = useSearchParams();
  const page = requestedPage(searchParams);
  const receivables = useReceivables(page);
  const [paying, setPaying] = useState<ReceivablesCompany | null>(null);

  return (
    <section aria-labelledby="receivables-heading" className="flex flex-col gap-8">
      <h1 id="receivables-heading" className="text-2xl font-bold sm:text-3xl">
        Receivables
      </h1>
      <QueryState
        query={receivables}
        what="receivables"
        isEmpty={(data) => data.total === 0}
        empty={
          <>
            No company buys on account yet: give one terms under{" "}
            <Link className="link link-primary" to={companyPaths.companies}>
              Companies
            </Link>
            .
          </>
        }
      >
        {(data) => (
          <>
            <Totals receivables={data} />
            <CompaniesOnAccount companies={data.companies} onPay={setPaying} />
            {data.total > RECEIVABLES_PAGE_SIZE && (
              <Pager
                label="Pages of the companies"
                page={page}
                pageCount={pageCountOf(data.total, RECEIVABLES_PAGE_SIZE)}
                hrefFor={(to) => `${companyPaths.receivables}?page=${to}`}
              />
            )}
          </>
        )}
      </QueryState>
      {paying && <RecordPaymentDialog company={paying} onClose={() => setPaying(null)} />}
    </section>
  );
}

/** Every company's figures added up, and their aging. */
function Totals({ receivables }: { receivables: AdminReceivables & { total: number } }) {
  const { totals } = receivables;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-base-content/80">
        As of {dateTimeText(receivables.asOf)}, {receivables.total}{" "}
        {receivables.total === 1 ? "company buys" : "companies buy"} on account.
      </p>
      <Figures label="Owed to you">
        <Figure label="Owed to you" value={formatPrice(totals.owed)} />
        <Figure label="Overdue" value={formatPrice(totals.overdue)} alarm={totals.overdue > 0} />
        <Figure label="Paid ahead, for next invoices" value={formatPrice(totals.unallocatedCredit)} />
      </Figures>
      <p className="text-sm text-base-content/80">What the companies owe, by days past the due date:</p>
      <AgingTable
        aging={totals.aging}
        owed={totals.owed}
        what="Companies"
        of="All on account"
        caption="What every company owes, by days past due"
      />
    </div>
  );
}

function CompaniesOnAccount({
  companies,
  onPay,
}: {
  companies: ReceivablesCompany[];
  onPay: (company: ReceivablesCompany) => void;
}) {
  return (
    <DataTable columns={COLUMNS} caption="Companies on account, most overdue first">
      {companies.map((company) => (
        <tr key={company.companyId}>
          <th scope="row" className="font-medium">
            {company.name}
            <span className="block text-xs font-normal text-base-content/80">
              {company.paymentTerms ? termsInBrief(company.paymentTerms) : "Terms taken away"}
            </span>
          </th>
          <td className="text-right tabular-nums">
            {formatPrice(company.used)}
            {company.paymentTerms && <span className="block text-xs">{formatPrice(company.available)} available</span>}
          </td>
          <td className="text-right tabular-nums">
            <span className="font-semibold">{formatPrice(company.owed)}</span>
            {company.unallocatedCredit > 0 && (
              <span className="block text-xs">Paid ahead {formatPrice(company.unallocatedCredit)}</span>
            )}
          </td>
          <td className={`text-right tabular-nums ${company.overdue > 0 ? "font-semibold text-error" : ""}`}>
            {formatPrice(company.overdue)}
          </td>
          <td className="text-sm">
            <AgingInBrief aging={company.aging} />
          </td>
          <td>{company.hold ? <strong className="text-error">On hold</strong> : "No"}</td>
          {/* One button, straight in its cell: the table then gives the column the button's whole width. */}
          <td>
            <button type="button" className="btn btn-sm whitespace-nowrap" onClick={() => onPay(company)}>
              Record a payment<span className="sr-only"> from {company.name}</span>
            </button>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
