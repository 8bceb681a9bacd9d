import { Link } from "../../components/link";
import { ListPage } from "../../components/list-page";
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
    <ListPage
      id="quotes-heading"
      title="Quotes"
      query={quotes}
      what="quotes"
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
    </ListPage>
  );
}
