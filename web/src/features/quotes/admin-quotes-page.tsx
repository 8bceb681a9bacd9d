import { ListPage } from "../../components/list-page";
import { endsSignIn, SignOutToLogin } from "../../components/sign-out-to-login";
import { useAdminQuotes } from "./api/admin-quotes";
import { QuotesTable } from "./quote-parts";

/**
 * /dashboard/quotes (admins; docs/SELLING-TO-BUSINESSES.md, 'Quotes'): every quote with its buyer and status, newest
 * first.
 */
export default function AdminQuotesPage() {
  const quotes = useAdminQuotes();
  if (endsSignIn(quotes.error)) return <SignOutToLogin />;
  return (
    <ListPage
      id="admin-quotes-heading"
      title="Quotes"
      query={quotes}
      what="quotes"
      empty="No quote has been asked for yet."
    >
      {(list) => <QuotesTable list={list} admin />}
    </ListPage>
  );
}
