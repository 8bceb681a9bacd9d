import { QueryState } from "../../components/query-state";
import { endsSignIn, SignOutToLogin } from "../../components/sign-out-to-login";
import { useAdminQuotes } from "./api/quotes";
import { QuotesTable } from "./quote-parts";

/**
 * /dashboard/quotes (admins; docs/SELLING-TO-BUSINESSES.md, 'Quotes'): every quote with its buyer and status, newest
 * first.
 */
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
        {(list) => <QuotesTable list={list} admin />}
      </QueryState>
    </section>
  );
}
