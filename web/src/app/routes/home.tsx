import { lazy, Suspense, useEffect } from "react";
import { Banner } from "../../features/marketing/banner";
import { FeaturedProducts } from "../../features/products/featured-products";
import { nearViewport } from "../../lib/near-viewport";

const BELOW_THE_FOLD = "home-below-the-fold";

// The server renders the whole page; the code of its lower half loads (and brings that half to life)
// only when a visitor scrolls near it, so the first visit loads only what the first screen needs.
// Leaving the page before scrolling down ends the wait: the next visit renders in the browser, and its
// lower half must not wait on an element that no longer exists.
const leftHome = new AbortController();
const HomeBelowTheFold = lazy(() =>
  nearViewport(BELOW_THE_FOLD, leftHome.signal).then(() => import("./home-below-the-fold")),
);

export default function HomePage() {
  useEffect(() => () => leftHome.abort(), []);
  return (
    <div className="flex flex-col gap-14">
      <Banner />
      <FeaturedProducts />
      <div id={BELOW_THE_FOLD} className="flex flex-col gap-14">
        <Suspense fallback={null}>
          <HomeBelowTheFold />
        </Suspense>
      </div>
    </div>
  );
}
