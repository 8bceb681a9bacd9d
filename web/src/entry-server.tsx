import {
  type CatalogueQuery,
  PAGE_SIZE,
  type PageQuery,
  type Product,
  type Promotion,
  type Review,
} from "@forgeline/contract";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { prerenderToNodeStream } from "react-dom/static";
import { AppContent } from "./app/app";
import { appRoutes, DASHBOARD_ROUTE, PRODUCT_ROUTE } from "./app/app-routes";
import { paths } from "./config/paths";
import { essays } from "./features/blogs/essays";
import { essaysQuery } from "./features/blogs/essays-query";
import { activePromotionsQuery } from "./features/marketing/api/get-promotions";
import { productsPageQuery } from "./features/products/api/get-products";
import { catalogueAddressOf, catalogueQueryFor } from "./features/products/catalogue-address";
import { productHead } from "./features/products/product-head";
import { reviewsPageQuery } from "./features/reviews/api/get-reviews";
import { FIRST_SCREEN_DATA_ID } from "./first-screen";
import type { Page } from "./lib/api-client";
import { productQuery } from "./lib/product-query";
import { matchRoutes, type RouteObject, StaticRouter } from "./lib/router";

/** How the server reads the shop's data: the same pages and products the API answers. */
export interface FirstScreenLoaders {
  products(query: CatalogueQuery): Promise<Page<Product>>;
  reviews(page: PageQuery): Promise<Page<Review>>;
  /** The product, or null when the catalogue has none with this id. */
  product(id: string): Promise<Product | null>;
  /** The promotions running now: the home page's banner claims them. */
  promotions(): Promise<Promotion[]>;
}

/** Where the shop is reached, for the absolute addresses of a page's head (canonical, Open Graph). */
export interface Site {
  origin: string;
}

/**
 * The public pages (by route), rendered on the server so that they paint before any script has run, with
 * the query parameters each one reads: the catalogue's search, sort, filter and page (catalogueAddressOf),
 * the reset link's `token` (or Better Auth's `error` when the link was refused), and the confirmation link's
 * landing on the home page (`address=confirmed`, with Better Auth's `error` when it was refused). Nothing else in the
 * query string can change what they show.
 */
const SERVER_RENDERED = new Map<string, readonly string[]>([
  ["", ["address", "error"]],
  ["availableProducts", ["q", "sort", "inStock", "page"]],
  [PRODUCT_ROUTE, []],
  ["blogs", []],
  ["login", []],
  ["signup", []],
  ["resetpassword", ["token", "error"]],
]);

// Imported as the browser imports it, apart, so the dashboard's modules stay in their own chunks here too.
const { dashboardRoutes } = await import("./app/dashboard-routes");

/** The route tables that a splat route of the app hands the rest of the address to. */
const NESTED_ROUTES = new Map<string, RouteObject[]>([[DASHBOARD_ROUTE, dashboardRoutes]]);

/** The catch-all route: where the app has no page, it shows the 404 page. */
const NOT_FOUND_ROUTE = "*";

/** The patterns of the routes an address reaches, outermost first, through the nested tables ("" for an index). */
function routePatterns(routes: RouteObject[], pathname: string): string[] {
  const matches = matchRoutes(routes, pathname) ?? [];
  const patterns = matches.map((match) => match.route.path ?? "");
  const deepest = matches.at(-1);
  const nested = NESTED_ROUTES.get(deepest?.route.path ?? "");
  if (!deepest || !nested) return patterns;
  return [...patterns, ...routePatterns(nested, `/${deepest.params["*"] ?? ""}`)];
}

/** The product a product page's address names, as the page reads it (decoded). */
function productIdOf(pathname: string): string {
  return matchRoutes(appRoutes, pathname)?.at(-1)?.params.id ?? "";
}

export interface PageAddress {
  /** 404 where the app has no page (the browser shows the 404 page there too), else 200. */
  status: 200 | 404;
  /** The path and, in a fixed order, the query parameters the rendered page reads: all its render depends on. */
  address: string;
  /** The route patterns the address reaches: a page's code is loaded once per route, not once per address. */
  route: string;
  /**
   * Whether many visitors ask for this address, so the server keeps its HTML: not a search, which comes in
   * endless variety.
   */
  shared: boolean;
}

/** Where a request lands in the app's own route tables, found without rendering. */
export function locate(href: string): PageAddress {
  // Appended, not resolved against a base: "//host/path" is a path here, not another origin.
  const url = new URL(`http://localhost${href}`);
  const patterns = routePatterns(appRoutes, url.pathname);
  const status = patterns.length > 0 && patterns.at(-1) !== NOT_FOUND_ROUTE ? 200 : 404;
  const route = patterns.join(" > ");
  const query = new URLSearchParams();
  for (const name of SERVER_RENDERED.get(route) ?? []) {
    const value = url.searchParams.get(name);
    if (value !== null) query.set(name, value);
  }
  const search = query.size > 0 ? `?${query}` : "";
  return { status, address: url.pathname + search, route, shared: !query.get("q")?.trim() };
}

type QueryEntry = [readonly unknown[], unknown];

/** A page's data, and what it adds to the head; a product page of no product is a 404. */
interface FirstScreen {
  entries: QueryEntry[];
  status: 200 | 404;
  head: string | null;
}

async function firstScreen(page: PageAddress, url: URL, load: FirstScreenLoaders, site: Site): Promise<FirstScreen> {
  if (page.route === PRODUCT_ROUTE) {
    const id = productIdOf(url.pathname);
    const product = await load.product(id);
    return {
      entries: [[productQuery(id).queryKey, product]],
      status: product ? 200 : 404,
      head: product ? productHead(product, site.origin) : null,
    };
  }
  return { entries: await firstScreenQueries(url, load), status: page.status, head: null };
}

async function firstScreenQueries(url: URL, load: FirstScreenLoaders): Promise<QueryEntry[]> {
  if (url.pathname === paths.home) {
    const products = { limit: PAGE_SIZE.homeProducts, offset: 0 };
    const reviews = { limit: PAGE_SIZE.homeReviews, offset: 0 };
    const [productsPage, reviewsPage, promotions] = await Promise.all([
      load.products(products),
      load.reviews(reviews),
      load.promotions(),
    ]);
    return [
      [activePromotionsQuery.queryKey, promotions],
      [productsPageQuery(products).queryKey, productsPage],
      [reviewsPageQuery(reviews).queryKey, reviewsPage],
    ];
  }
  if (url.pathname === paths.availableProducts) {
    const query = catalogueQueryFor(catalogueAddressOf(url.searchParams));
    return [[productsPageQuery(query).queryKey, await load.products(query)]];
  }
  if (url.pathname === paths.blogs) return [[essaysQuery.queryKey, essays]];
  return [];
}

export interface RenderedPage {
  /** 404 for the 404 page, and for a product page of a product the catalogue does not have. */
  status: 200 | 404;
  /** What goes inside #root. */
  markup: string;
  /** The script element with the page's query data, for after #root (`<` escaped: no stored text can close it). */
  dataScript: string;
  /** The page's own title, description and tags for the head, in place of the shop's; null keeps the shop's. */
  head: string | null;
}

const loadedRoutes = new Set<string>();

/**
 * The first render of a route waits for its lazy modules; from then on they are loaded and renderToString
 * gives the whole page in one piece, without the inline scripts of streamed rendering (the CSP forbids them).
 */
async function loadRouteModules(route: string, tree: ReactNode): Promise<void> {
  if (loadedRoutes.has(route)) return;
  const { prelude } = await prerenderToNodeStream(tree);
  for await (const _ of prelude) {
    // drained only to let the render finish
  }
  loadedRoutes.add(route);
}

/**
 * A public page or the 404 page, rendered with its data from only what `locate` keeps of the address (so
 * the server may cache it under that); null for a page the browser renders alone.
 */
export async function render(href: string, load: FirstScreenLoaders, site: Site): Promise<RenderedPage | null> {
  const page = locate(href);
  const url = new URL(`http://localhost${page.address}`);
  if (page.status === 200 && !SERVER_RENDERED.has(page.route)) return null;
  const { entries, status, head } = await firstScreen(page, url, load, site);
  const client = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } },
  });
  for (const [key, data] of entries) client.setQueryData(key, data);
  const tree = (
    <StrictMode>
      <QueryClientProvider client={client}>
        <StaticRouter location={page.address}>
          <AppContent />
        </StaticRouter>
      </QueryClientProvider>
    </StrictMode>
  );
  await loadRouteModules(page.route, tree);
  const markup = renderToString(tree);
  const data = JSON.stringify(entries).replaceAll("<", "\\u003c");
  return {
    status,
    markup,
    dataScript: `<script type="application/json" id="${FIRST_SCREEN_DATA_ID}">${data}</script>`,
    head,
  };
}
