import { PAGE_SIZE, type Product, type Review } from "@forgeline/contract";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { prerenderToNodeStream } from "react-dom/static";
import { StaticRouter } from "react-router";
import { AppContent } from "./app/app";
import { cataloguePage, type ListPage, productsPageQueryKey } from "./features/products/api/get-products";
import { reviewsPageQueryKey } from "./features/reviews/api/get-reviews";
import { FIRST_SCREEN_DATA_ID } from "./first-screen";
import type { Page } from "./lib/api-client";

/** How the server reads the public lists: the same pages the API answers. */
export interface FirstScreenLoaders {
  products(page: ListPage): Promise<Page<Product>>;
  reviews(page: ListPage): Promise<Page<Review>>;
}

/** The public pages, rendered on the server so that they paint before any script has run. */
const SERVER_RENDERED = new Set(["/", "/availableProducts", "/blogs", "/login", "/signup", "/resetpassword"]);

type QueryEntry = [readonly unknown[], unknown];

async function firstScreenQueries(url: URL, load: FirstScreenLoaders): Promise<QueryEntry[]> {
  if (url.pathname === "/") {
    const products = { limit: PAGE_SIZE.homeProducts, offset: 0 };
    const reviews = { limit: PAGE_SIZE.homeReviews, offset: 0 };
    return [
      [productsPageQueryKey(products), await load.products(products)],
      [reviewsPageQueryKey(reviews), await load.reviews(reviews)],
    ];
  }
  if (url.pathname === "/availableProducts") {
    const page = cataloguePage(url.searchParams);
    return [[productsPageQueryKey(page), await load.products(page)]];
  }
  return [];
}

export interface RenderedPage {
  /** What goes inside #root. */
  markup: string;
  /** The script element with the page's query data, for after #root (`<` escaped: no stored text can close it). */
  dataScript: string;
}

const loadedRoutes = new Set<string>();

/**
 * The first render of a route waits for its lazy modules; from then on they are loaded and renderToString
 * gives the whole page in one piece, without the inline scripts of streamed rendering (the CSP forbids them).
 */
async function loadRouteModules(pathname: string, tree: ReactNode): Promise<void> {
  if (loadedRoutes.has(pathname)) return;
  const { prelude } = await prerenderToNodeStream(tree);
  for await (const _ of prelude) {
    // drained only to let the render finish
  }
  loadedRoutes.add(pathname);
}

/** A public page rendered with its data, or null for a page the browser renders alone. */
export async function render(href: string, load: FirstScreenLoaders): Promise<RenderedPage | null> {
  const url = new URL(href, "http://localhost");
  if (!SERVER_RENDERED.has(url.pathname)) return null;
  const entries = await firstScreenQueries(url, load);
  const client = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } },
  });
  for (const [key, data] of entries) client.setQueryData(key, data);
  const tree = (
    <StrictMode>
      <QueryClientProvider client={client}>
        <StaticRouter location={url.pathname + url.search}>
          <AppContent />
        </StaticRouter>
      </QueryClientProvider>
    </StrictMode>
  );
  await loadRouteModules(url.pathname, tree);
  const markup = renderToString(tree);
  const data = JSON.stringify(entries).replaceAll("<", "\\u003c");
  return { markup, dataScript: `<script type="application/json" id="${FIRST_SCREEN_DATA_ID}">${data}</script>` };
}
