import { formatPrice, type Product, QUANTITY_UNIT } from "@forgeline/contract";
import { Link } from "../../components/link";
import { paths } from "../../config/paths";
import { moreComesText } from "../../lib/backorder-words";
import { PurchaseControls } from "./add-to-order";
import { ProductPicture } from "./product-picture";
import { ruleText, tiersText } from "./selling-terms";

/**
 * The card's width in the grid of product-grid.tsx: one column on phones, two from 640 px, three from 1024 px.
 * Rounded up past the gutters (the picture chosen is never too small), and short: every catalogue page carries it.
 */
const CARD_PICTURE_SIZES = "(min-width:1280px) 395px,(min-width:1024px) 33vw,(min-width:640px) 50vw,100vw";

export function ProductCard({
  product,
  eager = false,
  headingLevel = 3,
}: {
  product: Product;
  eager?: boolean;
  /** 2 under a page's h1, 3 under a section's h2: headings never skip a level. */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const stockId = `stock-${product._id}`;
  const moreComes = moreComesText(product);
  return (
    <article className="card border border-base-300 bg-base-100 shadow-sm">
      <figure className="bg-base-200">
        <ProductPicture
          src={product.image}
          sizes={CARD_PICTURE_SIZES}
          alt={product.name}
          width={400}
          height={300}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          className="aspect-[4/3] w-full object-cover"
        />
      </figure>
      <div className="card-body gap-2 p-5">
        <Heading className="card-title text-lg">
          <Link to={paths.product(product._id)} className="link link-hover">
            {product.name}
          </Link>
        </Heading>
        <p className="text-sm text-base-content/80">{product.description}</p>
        <dl className="mt-1 grid grid-cols-2 gap-1 text-sm">
          <dt className="text-base-content/70">Price per piece</dt>
          <dd className="text-right font-semibold">{formatPrice(product.price)}</dd>
          <dt className="text-base-content/70">Available</dt>
          <dd id={stockId} className="text-right font-semibold">
            {product.quantity} {QUANTITY_UNIT}
          </dd>
        </dl>
        {product.tiers?.length ? (
          <p className="text-sm">
            <span className="text-base-content/70">Volume prices: </span>
            {tiersText(product.tiers)}
          </p>
        ) : null}
        <p className="text-sm">{ruleText(product)}</p>
        {moreComes && <p className="text-sm font-medium">{moreComes}</p>}
        <div className="card-actions mt-2">
          <PurchaseControls product={product} stockId={stockId} />
        </div>
      </div>
    </article>
  );
}
