import { PAGE_SIZE } from "@forgeline/contract";
import { Link } from "../../components/link";
import { Pager, pageCountOf } from "../../components/pager";
import { QueryState } from "../../components/query-state";
import { paths } from "../../config/paths";
import { useSearchParams } from "../../lib/router";
import { useProducts } from "./api/get-products";
import { catalogueAddressOf, catalogueHref, catalogueQueryFor } from "./catalogue-address";
import { CatalogueSearchWithOptions } from "./catalogue-options";
import { ProductGrid } from "./product-grid";

const tools = (count: number) => `${count} ${count === 1 ? "tool" : "tools"}`;

export default function AvailableProductsPage() {
  const [searchParams] = useSearchParams();
  const address = catalogueAddressOf(searchParams);
  const query = useProducts(catalogueQueryFor(address));
  const total = query.data?.total;
  const filtered = Boolean(address.q) || address.inStock;

  let found = "";
  if (total !== undefined) {
    if (address.q) found = `${tools(total)} ${total === 1 ? "matches" : "match"} “${address.q}”.`;
    else if (address.inStock) found = `${tools(total)} in stock for an order.`;
    else found = `${tools(total)} in the catalogue.`;
  }

  return (
    <section aria-labelledby="catalogue-heading">
      <h1 id="catalogue-heading" className="mb-4 text-3xl font-bold">
        All tools
      </h1>
      <div className="mb-4">
        <CatalogueSearchWithOptions address={address} />
      </div>
      {/* Announced to screen readers whenever a search, filter or page changes what is found. */}
      <p role="status" aria-live="polite" className="mb-4 font-medium">
        {found}
      </p>
      <QueryState
        query={query}
        what="tools"
        isEmpty={(data) => data.items.length === 0}
        empty={
          filtered ? (
            <>
              No tools match this search.{" "}
              <Link to={paths.availableProducts} className="link link-primary">
                Clear the search
              </Link>
            </>
          ) : (
            "No tools on this page."
          )
        }
      >
        {(data) => <ProductGrid products={data.items} headingLevel={2} />}
      </QueryState>
      {total !== undefined && total > PAGE_SIZE.catalogue && (
        <Pager
          label="Catalogue pages"
          page={address.page}
          pageCount={pageCountOf(total, PAGE_SIZE.catalogue)}
          hrefFor={(page) => catalogueHref({ ...address, page })}
        />
      )}
    </section>
  );
}
