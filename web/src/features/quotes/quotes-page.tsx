import { Link } from "../../components/link";
import { QueryState } from "../../components/query-state";
import { endsSignIn, SignOutToLogin } from "../../components/sign-out-to-login";
import { paths } from "../../config/paths";
import { useQuotes } from "./api/quotes";
import { QuotesTable } from "./quote-parts";

/**
 * /dashboard/quotes (customers; docs/SELLING-TO-BUSINESSES.md, 'Quotes'): their quotes and their company's, newest
 * first.
 */
export default function QuotesPage() {
  const quotes = useQuotes();
  if (endsSignIn(quotes.error)) return <SignOutToLogin />;
  return (
    <section aria-labelledby="quotes-heading">
      <h1 id="quotes-heading" className="mb-4 text-2xl font-bold sm:text-3xl">
        Quotes
      </h1>
      <QueryState
        query={quotes}
        what="quotes"
        isEmpty={(list) => list.length === 0}
        empty={
          <>
            You have asked for no quote yet: fill your{" "}
            <Link className="link link-primary" to={paths.cart}>
              cart
            </Link>{" "}
            and choose "Request a quote".
          </>
        }
      >
        {(list) => <QuotesTable list={list} />}
      </QueryState>
    </section>
  );
}
