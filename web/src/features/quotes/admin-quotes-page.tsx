import { DataTable } from "../../components/data-table";
import { Link } from "../../components/link";
import { QueryState } from "../../components/query-state";
import { endsSignIn, SignOutToLogin } from "../../components/sign-out-to-login";
import { quotePaths } from "../../lib/quote-paths";
import { useAdminQuotes } from "./api/quotes";
import { dateText, QuoteStatusBadge, quoteTitle, quoteTotal } from "./quote-parts";

/** /dashboard/quotes (admins; DESIGN.md 10.6): every quote with its buyer and status, newest first. */
export default function AdminQuotesPage() {
  const quotes = useAdminQuotes();
  if (endsSignIn(quotes.error)) return <SignOutToLogin />;
  return (
    <section aria-labelledby="admin-quotes-heading">
      <h1 id="admin-quotes-heading" className="mb-4 text-2xl font-bold sm:text-3xl">
        Quotes
      </h1>
      <QueryState
        query={quotes}
        what="quotes"
        isEmpty={(list) => list.length === 0}
        empty="No quote has been asked for yet."
      >
        {(list) => (
          <DataTable
            columns={[
              { label: "Quote" },
              { label: "Buyer" },
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
                  {quote.status === "requested" && <span className="block text-xs">to price</span>}
                </th>
                <td className="break-all">{quote.userEmail}</td>
                <td>{dateText(quote.createdAt)}</td>
                <td>
                  <QuoteStatusBadge status={quote.status} />
                </td>
                <td className="text-right">{quoteTotal(quote)}</td>
                <td>{quote.expiresAt ? dateText(quote.expiresAt) : "—"}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </QueryState>
    </section>
  );
}
