import { PAGE_SIZE } from "@forgeline/contract";
import { Link } from "../../components/link";
import { QueryState } from "../../components/query-state";
import { paths } from "../../config/paths";
import { useProducts } from "./api/get-products";
import { CatalogueSearch } from "./catalogue-search";
import { ProductGrid } from "./product-grid";

export function FeaturedProducts() {
  const query = useProducts({ limit: PAGE_SIZE.homeProducts, offset: 0 });
  return (
    <section aria-labelledby="tools-heading">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-2">
        <h2 id="tools-heading" className="text-2xl font-bold sm:text-3xl">
          Our tools
        </h2>
        <Link to={paths.availableProducts} className="link link-primary">
          See all tools
        </Link>
      </div>
      <div className="mb-6 max-w-xl">
        <CatalogueSearch q="" />
      </div>
      <QueryState query={query} what="tools" isEmpty={(data) => data.items.length === 0} empty="No tools yet.">
        {(data) => <ProductGrid products={data.items} />}
      </QueryState>
    </section>
  );
}
