import {
  type Company,
  type CompanyStatement,
  formatPrice,
  OPEN_INVOICES_PER_PAGE,
  type OpenInvoice,
} from "@forgeline/contract";
import { useId } from "react";
import { DataTable } from "../../components/data-table";
import { Link } from "../../components/link";
import { AgingTable, Figure, Figures } from "../../components/money-figures";
import { Pager, pageCountOf, requestedPage } from "../../components/pager";
import { QueryState } from "../../components/query-state";
import { companyPaths } from "../../config/dashboard-paths";
import { paths } from "../../config/paths";
import { holdInWords } from "../../lib/company-credit";
import { dateTimeText } from "../../lib/date-text";
import { dueDayText } from "../../lib/on-account";
import { useSearchParams } from "../../lib/router";
import { useStatement } from "./api/statement";
import { CompanyRequired } from "./company-required";
import { chosenMonth, statementMonths } from "./statement-months";
import { StatementOfMonth } from "./statement-of-month";

/** What the server answers a requester (403): the page says it before asking. */
const SPENDERS_ONLY = "Only the company's owners and buyers see its statement.";

/**
 * /dashboard/company/statement (owners and buyers; docs/BUYING-ON-ACCOUNT.md, 'Statements and receivables'): what the
 * company owes now (its open invoices with due dates and balances, their aging, the credit limit, used and
 * available, any hold), then a month's statement (`?month=YYYY-MM`, this month when left out): the opening balance,
 * the month's invoices, payments and credit notes, the closing balance, and the month as a PDF and as CSV. A
 * requester reads why not; a customer in no company is pointed to My Company.
 */
export default function StatementPage() {
  return (
    <section aria-labelledby="statement-heading" className="flex flex-col gap-8">
      <h1 id="statement-heading" className="text-2xl font-bold sm:text-3xl">
        Statement
      </h1>
      <CompanyRequired>
        {(company) =>
          company.actions.includes("read:credit") ? (
            <Statement company={company} />
          ) : (
            <p>{SPENDERS_ONLY} Ask an owner of your company for what it owes.</p>
          )
        }
      </CompanyRequired>
    </section>
  );
}

function Statement({ company }: { company: Company }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const months = statementMonths(company.createdAt);
  const month = chosenMonth(searchParams.get("month"), months);
  const openPage = requestedPage(searchParams, "open");
  const statement = useStatement(company._id, month, openPage);
  // Another page of the open invoices keeps the month; another month starts them again at the first page.
  const openPageHref = (page: number) =>
    `${companyPaths.statement}?${new URLSearchParams({ month, open: String(page) })}`;

  return (
    <QueryState query={statement} what="statement" isEmpty={() => false} empty={null}>
      {(data) => (
        <>
          <OwedNow statement={data} openPageHref={openPageHref} />
          <StatementOfMonth
            companyId={company._id}
            statement={data}
            month={month}
            months={months}
            onMonth={(chosen) => setSearchParams({ month: chosen }, { replace: true })}
          />
        </>
      )}
    </QueryState>
  );
}

/**
 * What the company owes as of now, whatever the month: the credit, the aging of every open invoice, and the open
 * invoices a page at a time (a large customer has hundreds).
 */
function OwedNow({ statement, openPageHref }: { statement: CompanyStatement; openPageHref: (page: number) => string }) {
  const headingId = useId();
  const { credit, aging, openInvoices } = statement;
  const terms = credit.paymentTerms;
  const hold = holdInWords(credit.hold);
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div>
        <h2 id={headingId} className="text-xl font-bold">
          What {statement.companyName} owes now
        </h2>
        <p className="text-sm text-base-content/80">
          As of {dateTimeText(statement.asOf)}.{" "}
          {terms
            ? `Terms on account: net ${terms.netDays}, each invoice due ${terms.netDays} days after its order ships.`
            : "No terms on account: new orders are paid by card."}
        </p>
      </div>
      {hold && <p className="alert alert-error alert-soft">{hold}</p>}
      {terms && (
        <>
          <Figures label="Credit">
            <Figure label="Credit limit" value={formatPrice(terms.creditLimit)} />
            <Figure label="Credit used" value={formatPrice(credit.used)} />
            <Figure label="Credit available" value={formatPrice(credit.available)} />
          </Figures>
          <p className="text-sm text-base-content/80">
            Credit used counts every order on account not yet paid, invoiced or not.
          </p>
        </>
      )}
      {statement.unallocatedCredit > 0 && (
        <p>You paid {formatPrice(statement.unallocatedCredit)} ahead: it pays your next invoices as they are issued.</p>
      )}
      <h3 className="text-lg font-bold">Open invoices</h3>
      <p className="text-sm text-base-content/80">What they owe, by days past their due date:</p>
      <AgingTable
        aging={aging}
        owed={statement.owed}
        what="Invoices"
        of="All open"
        caption="What the open invoices owe, by days past due"
      />
      {statement.openInvoiceCount === 0 ? (
        <p>No invoice is open: nothing is owed.</p>
      ) : (
        <OpenInvoices invoices={openInvoices} />
      )}
      {statement.openInvoiceCount > OPEN_INVOICES_PER_PAGE && (
        <Pager
          label="Pages of the open invoices"
          page={statement.openPage}
          pageCount={pageCountOf(statement.openInvoiceCount, OPEN_INVOICES_PER_PAGE)}
          hrefFor={openPageHref}
        />
      )}
    </section>
  );
}

function OpenInvoices({ invoices }: { invoices: OpenInvoice[] }) {
  return (
    <DataTable
      caption="Open invoices, the first due first"
      columns={[
        { label: "Invoice" },
        { label: "Order" },
        { label: "Due" },
        { label: "Total", numeric: true },
        { label: "Paid", numeric: true },
        { label: "Balance", numeric: true },
        { label: "Status" },
      ]}
    >
      {invoices.map((invoice) => (
        <tr key={invoice.orderId}>
          <th scope="row" className="font-medium">
            <span className="whitespace-nowrap">{invoice.number}</span>
            <span className="block text-xs font-normal text-base-content/80">
              Issued {dueDayText(invoice.issuedAt, true)}
            </span>
          </th>
          <td>
            <Link className="link whitespace-nowrap" to={paths.myOrder(invoice.orderId)}>
              {invoice.orderNumber}
            </Link>
          </td>
          <td className="whitespace-nowrap">{dueDayText(invoice.dueAt, true)}</td>
          <td className="text-right tabular-nums">{formatPrice(invoice.total)}</td>
          <td className="text-right tabular-nums">
            {formatPrice(invoice.paid)}
            {invoice.credited > 0 && <span className="block text-xs">Credited {formatPrice(invoice.credited)}</span>}
          </td>
          <td className="text-right font-semibold tabular-nums">{formatPrice(invoice.balance)}</td>
          <td>
            <DueState daysOverdue={invoice.daysOverdue} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

/** Past due in words and in the error colour ("Overdue, 12 days"); otherwise not yet due. */
export function DueState({ daysOverdue }: { daysOverdue: number }) {
  if (daysOverdue <= 0) return <>Not yet due</>;
  return (
    <>
      <strong className="text-error">Overdue</strong>, {daysOverdue} {daysOverdue === 1 ? "day" : "days"}
    </>
  );
}
