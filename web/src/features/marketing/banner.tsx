import { Link } from "../../components/link";
import { paths } from "../../config/paths";
import { useActivePromotions } from "./api/get-promotions";

/**
 * The home page's banner. Its claims are the promotions running now (docs/SELLING-TO-BUSINESSES.md, 'One price
 * function'), each by its name, so what the site claims is what an order gets; with none running it makes no claim of a
 * discount.
 */
export function Banner() {
  const promotions = useActivePromotions().data ?? [];
  return (
    <section aria-labelledby="banner-heading" className="rounded-box bg-neutral text-neutral-content">
      <div className="flex flex-col items-start gap-4 px-6 py-12 sm:px-10 sm:py-16">
        <p className="rounded-full bg-primary px-3 py-1 text-sm font-semibold text-primary-content">
          Free shipping on every order
        </p>
        <h1 id="banner-heading" className="max-w-2xl text-3xl font-bold leading-tight sm:text-5xl">
          Professional tools, straight from the factory floor
        </h1>
        <p className="max-w-xl text-lg text-neutral-content/90">
          Bulk orders from the manufacturer, with volume prices on every tool.
        </p>
        <ul className="flex flex-wrap gap-2 text-sm" aria-label="Promotions">
          {promotions.map((promotion) => (
            <li key={promotion._id} className="rounded-full border border-neutral-content/40 px-3 py-1">
              {promotion.name}
            </li>
          ))}
          <li className="rounded-full border border-neutral-content/40 px-3 py-1">Free shipping</li>
        </ul>
        <Link to={paths.availableProducts} className="btn btn-primary btn-lg">
          Browse all tools
        </Link>
      </div>
    </section>
  );
}
