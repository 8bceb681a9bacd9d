import { formatPrice, type Quote, type QuoteStatus, quoteTitle } from "@forgeline/contract";
import { DataTable } from "../../components/data-table";
import { DownloadButton } from "../../components/download-button";
import { Link } from "../../components/link";
import { quotePaths } from "../../config/dashboard-paths";
import { dateText, dateTimeText } from "../../lib/date-text";

export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  requested: "Waiting for a price",
  sent: "Priced",
  accepted: "Accepted",
  declined: "Declined",
  expired: "Expired",
};

const BADGE_CLASSES: Record<QuoteStatus, string> = {
  requested: "badge-warning",
  sent: "badge-info",
  accepted: "badge-success",
  declined: "badge-neutral",
  expired: "badge-neutral",
};

/** Where a quote stands, as words on a coloured badge. */
export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  return <span className={`badge whitespace-nowrap ${BADGE_CLASSES[status]}`}>{QUOTE_STATUS_LABELS[status]}</span>;
}

/** A quote's total once priced, else a dash. */
export function quoteTotal(quote: Pick<Quote, "priced">): string {
  return quote.priced ? formatPrice(quote.priced.total) : "—";
}

/** The lines as asked, before a price: tool, SKU, pieces and the list price when it was asked. */
export function RequestedLines({ quote }: { quote: Quote }) {
  return (
    <DataTable
      label="Quote lines"
      columns={[
        { label: "Tool" },
        { label: "SKU" },
        { label: "Quantity", numeric: true },
        { label: "List price", numeric: true },
      ]}
    >
      {quote.lines.map((line) => (
        <tr key={line.productId}>
          <th scope="row" className="font-medium">
            {line.name}
          </th>
          <td className="font-mono text-xs whitespace-nowrap">{line.sku}</td>
          <td className="text-right">{line.quantity}</td>
          <td className="text-right">{formatPrice(line.listUnitPrice)}</td>
        </tr>
      ))}
    </DataTable>
  );
}

/** Status, dates and notes of a quote, as a list of terms. */
export function QuoteFacts({ quote }: { quote: Quote }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-box bg-base-200 p-4 text-sm">
      <dt className="text-base-content/70">Status</dt>
      <dd>
        <QuoteStatusBadge status={quote.status} />
        {quote.revision > 1 && <span className="ml-2">revision {quote.revision}</span>}
      </dd>
      <dt className="text-base-content/70">Asked</dt>
      <dd>
        {dateText(quote.createdAt)} by {quote.userEmail}
      </dd>
      {quote.expiresAt && (
        <>
          <dt className="text-base-content/70">Valid until</dt>
          <dd>{dateTimeText(quote.expiresAt)}</dd>
        </>
      )}
      {quote.note && (
        <>
          <dt className="text-base-content/70">Buyer's note</dt>
          <dd className="whitespace-pre-line">{quote.note}</dd>
        </>
      )}
      {quote.shopNote && (
        <>
          <dt className="text-base-content/70">The shop's note</dt>
          <dd className="whitespace-pre-line">{quote.shopNote}</dd>
        </>
      )}
    </dl>
  );
}

/** A list of quotes, newest first; admins see each buyer and which quotes wait for a price. */
export function QuotesTable({ list, admin = false }: { list: Quote[]; admin?: boolean }) {
  return (
    <DataTable
      columns={[
        { label: "Quote" },
        ...(admin ? [{ label: "Buyer" }] : []),
        { label: "Asked" },
        { label: "Status" },
        { label: "Total", numeric: true },
        { label: "Valid until" },
      ]}
    >
      {list.map((quote) => (
        <tr key={quote._id}>
          <th scope="row" className="font-medium">
            <Link className="link" to={quotePaths.quote(quote._id)}>
              {quoteTitle(quote)}
            </Link>
            {admin && quote.status === "requested" && <span className="block text-xs">to price</span>}
          </th>
          {admin && <td className="break-all">{quote.userEmail}</td>}
          <td>{dateText(quote.createdAt)}</td>
          <td>
            <QuoteStatusBadge status={quote.status} />
          </td>
          <td className="text-right">{quoteTotal(quote)}</td>
          <td>{dateText(quote.expiresAt)}</td>
        </tr>
      ))}
    </DataTable>
  );
}

/** What a quote's PDF is saved as: quotes have no number, so the start of its id tells one from another. */
export const quotePdfName = (quote: Pick<Quote, "_id">) => `quote-${quote._id.slice(0, 8)}.pdf`;

/**
 * The priced quote as a PDF, by the buyer's or the admins' download; nothing while it waits for a price, as the
 * server has no document yet.
 */
export function QuotePdfButton({ quote, download }: { quote: Quote; download: (quote: Quote) => Promise<void> }) {
  if (!quote.priced) return null;
  return (
    <DownloadButton
      className="btn btn-outline btn-sm self-start"
      download={() => download(quote)}
      failure="The quote could not be downloaded. Please try again."
    >
      Download quote (PDF)
    </DownloadButton>
  );
}
