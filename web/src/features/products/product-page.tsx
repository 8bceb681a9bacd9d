import { formatPrice, QUANTITY_UNIT } from "@forgeline/contract";
import { useEffect } from "react";
import { Link } from "../../components/link";
import { NotFound } from "../../components/not-found";
import { QueryState } from "../../components/query-state";
import { paths } from "../../config/paths";
import { moreComesText } from "../../lib/backorder-words";
import { useProduct } from "../../lib/product-query";
import { useParams } from "../../lib/router";
import { PurchaseControls } from "./add-to-order";
import { ProductPicture } from "./product-picture";
import { productTitle, SHOP_TITLE } from "./product-title";
import { ruleText } from "./selling-terms";
import { TierTable } from "./tier-table";

/** /product/{id}: one tool's own page, rendered on the server (docs/decisions/013-catalogue-search-and-product-page.md). */
export default function ProductPage() {
  const { id = "" } = useParams();
  const query = useProduct(id);
  const product = query.data;

  // The server sends the title in the HTML; moving between pages in the browser sets it here.
  useEffect(() => {
    if (!product) return;
    document.title = productTitle(product);
    return () => {
      document.title = SHOP_TITLE;
    };
  }, [product]);

  // No such product (unknown, withdrawn) is the 404 page, as the server answered it.
  return (
    <QueryState query={query} what="tool" isEmpty={() => false} empty={null}>
      {(found) =>
        found === null ? (
          <NotFound />
        ) : (
          <article aria-labelledby="product-heading" className="grid gap-8 md:grid-cols-2">
            <figure className="overflow-hidden rounded-box bg-base-200">
              <ProductPicture
                src={found.image}
                // Half the page from 768 px (two columns), else the page's width.
                sizes="(min-width: 1280px) 600px, (min-width: 768px) calc(50vw - 40px), calc(100vw - 32px)"
                alt={found.name}
                width={800}
                height={600}
                fetchPriority="high"
                className="aspect-[4/3] w-full object-cover"
              />
            </figure>
            <div className="flex flex-col gap-4">
              <Link to={paths.availableProducts} className="link link-primary text-sm">
                All tools
              </Link>
              <h1 id="product-heading" className="text-3xl font-bold">
                {found.name}
              </h1>
              <dl className="grid max-w-sm grid-cols-2 gap-2">
                <dt className="text-base-content/70">Price per piece</dt>
                <dd className="text-right text-xl font-semibold">{formatPrice(found.price)}</dd>
                <dt className="text-base-content/70">Available</dt>
                <dd id="product-stock" className="text-right font-semibold">
                  {found.quantity} {QUANTITY_UNIT}
                </dd>
                {found.sku && (
                  <>
                    <dt className="text-base-content/70">SKU</dt>
                    <dd className="text-right font-mono">{found.sku}</dd>
                  </>
                )}
              </dl>
              <p>{ruleText(found)}</p>
              {moreComesText(found) && <p className="font-medium">{moreComesText(found)}</p>}
              <TierTable product={found} />
              <div className="flex max-w-sm flex-col gap-3">
                <PurchaseControls product={found} stockId="product-stock" />
              </div>
              <h2 className="mt-4 text-xl font-bold">Description</h2>
              <p className="whitespace-pre-line text-base-content/90">{found.description}</p>
            </div>
          </article>
        )
      }
    </QueryState>
  );
}
