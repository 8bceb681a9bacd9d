import { PAGE_SIZE } from "@forgeline/contract";
import { Link, useSearchParams } from "react-router";
import { QueryState } from "../../components/query-state";
import { useProducts } from "./api/get-products";
import { cataloguePageRange, requestedCataloguePage } from "./catalogue-paging";
import { ProductGrid } from "./product-grid";

export default function AvailableProductsPage() {
  const [searchParams] = useSearchParams();
  const page = requestedCataloguePage(searchParams);
  const query = useProducts(cataloguePageRange(page));
  const pageCount = query.data ? Math.max(1, Math.ceil(query.data.total / PAGE_SIZE.catalogue)) : 1;

  return (
    <section aria-labelledby="catalogue-heading">
      <h1 id="catalogue-heading" className="mb-2 text-3xl font-bold">
        All tools
      </h1>
      <p className="mb-6 text-base-content/80">
        {query.data ? `${query.data.total} tools in the catalogue. ` : ""}Every order is between 100 and 200 pieces.
      </p>
      <QueryState query={query} what="tools" isEmpty={(data) => data.items.length === 0} empty="No tools on this page.">
        {(data) => <ProductGrid products={data.items} headingLevel={2} />}
      </QueryState>
      {pageCount > 1 && (
        <nav aria-label="Catalogue pages" className="mt-8 flex items-center justify-center gap-4">
          {page > 1 ? (
            <Link className="btn" to={`?page=${page - 1}`}>
              Previous page
            </Link>
          ) : (
            <span className="btn btn-disabled" aria-hidden="true">
              Previous page
            </span>
          )}
          <span aria-current="page">
            Page {page} of {pageCount}
          </span>
          {page < pageCount ? (
            <Link className="btn" to={`?page=${page + 1}`}>
              Next page
            </Link>
          ) : (
            <span className="btn btn-disabled" aria-hidden="true">
              Next page
            </span>
          )}
        </nav>
      )}
    </section>
  );
}
