import type { FetchQueryOptions, QueryKey } from "@tanstack/react-query";
import { paths } from "../config/paths";
import { myOrdersQuery } from "../features/orders/api/get-orders";
import { accessTokenFor } from "../lib/account-session";
import { cartQuery } from "../lib/cart-query";
import { myCompanyQuery } from "../lib/company";
import { queryClient } from "../lib/query-client";
import { sessionQuery } from "../lib/session";
import { expiresSoon, rememberedRole, rememberRole, storedAccessToken, tokenClaims } from "../lib/token-store";

/**
 * Every chunk each module imported below needs (its own and those it imports, all the way down), by the
 * module's path under src/: the build writes it here (preloadLists in vite.config.ts). Preloaded all at
 * once, a page's code arrives in one round trip rather than one per level of imports.
 */
const PRELOAD_MAP = "__PRELOAD_MAP__";
const chunksOf: Record<string, string[]> = (() => {
  try {
    return JSON.parse(PRELOAD_MAP);
  } catch {
    return {}; // the development server: no chunks
  }
})();
const preloaded = new Set<string>();

/** Preloads a module's chunks (without running them) and then runs it, as its route will. */
function preloadCode(module: string, load: () => Promise<unknown>) {
  for (const href of chunksOf[module] ?? []) {
    if (preloaded.has(href)) continue;
    preloaded.add(href);
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.crossOrigin = "";
    link.href = href;
    document.head.append(link);
  }
  void load();
}

/** The code of the dashboard's frame: its routes (with the guards) and the layout with its drawer. */
function dashboardFrame() {
  preloadCode("app/dashboard-routes", () => import("./dashboard-routes"));
  preloadCode("features/dashboard/dashboard-layout", () => import("../features/dashboard/dashboard-layout"));
}

/**
 * Fetches a query into the cache unless it is there and fresh. A failure (a signed-out visitor's 401) is
 * dropped rather than kept, unless a page shows it already: the guard sends the visitor to /login, and a
 * page mounted later asks again instead of showing an old error.
 */
async function prefetchQuietly<T, K extends QueryKey>(options: FetchQueryOptions<T, Error, T, K>) {
  await queryClient.prefetchQuery(options);
  const query = queryClient.getQueryCache().find({ queryKey: options.queryKey, exact: true });
  if (query?.state.status === "error" && query.getObserversCount() === 0)
    queryClient.removeQueries({ queryKey: options.queryKey, exact: true });
}

/** The email of the stored access token when it is still good for a minute: the signed-in account, most likely. */
function tokenEmail(): string | undefined {
  const token = storedAccessToken();
  if (!token) return undefined;
  const claims = tokenClaims(token);
  return claims.sub && !expiresSoon(claims) ? claims.sub : undefined;
}

/**
 * A signed-in page's code and data, started together (route-preload.ts): what does not depend on the role
 * starts at once when a token is stored (its requests go side by side with the session's); what does (the
 * dashboard's first page: a customer's orders, an admin's overview) starts as soon as the session answers,
 * with the role in it. Requests made here are the ones the page makes (the same query keys), so the page
 * finds them in the cache or on their way. The guards still decide what is shown: a wrong or signed-out
 * visitor's data requests are refused by the server, and nothing of them is shown.
 */
export async function preloadSignedInPage(pathname: string): Promise<void> {
  const page = pathname.replace(/\/+$/, "") || "/";
  const dashboard = page.startsWith(paths.dashboard);
  if (dashboard) dashboardFrame();
  if (page === paths.cart) preloadCode("app/routes/cart", () => import("./routes/cart"));
  if (page === paths.adminOrders) {
    preloadCode("features/admin-orders/admin-orders-page", () => import("../features/admin-orders/admin-orders-page"));
  }

  const roleFree = (email: string) => {
    if (page === paths.cart) {
      void prefetchQuietly(cartQuery);
      void prefetchQuietly(myCompanyQuery(email));
    }
    if (page === paths.adminOrders) {
      void import("../features/admin-orders/api/get-admin-orders").then(({ adminOrdersQuery }) =>
        prefetchQuietly(adminOrdersQuery({ status: undefined, q: "", page: 1 })),
      );
      void import("../features/admin-orders/api/get-order-counts").then(({ orderCountsQuery }) =>
        prefetchQuietly(orderCountsQuery("")),
      );
    }
  };
  const stored = tokenEmail();
  // With a token at hand, the data that is the same for any role goes now, beside the session (a customer
  // asking for an admin page is refused it by the server, and sent away by the guard).
  if (stored) roleFree(stored);

  // The dashboard's first page depends on the role. The role this browser last saw for the token's account
  // starts it beside the session; the session's answer settles it (and starts the other when it differs).
  const remembered = stored ? rememberedRole(stored) : undefined;
  if (page === paths.dashboard && stored && remembered !== undefined) dashboardHome(stored, remembered);
  const session = await queryClient.fetchQuery(sessionQuery).catch(() => null);
  if (!session) return;
  if (session.admin !== undefined) rememberRole(session.email, session.admin);
  // The code of the dashboard's first page for this role goes now: only its data waits for the token below.
  if (page === paths.dashboard) dashboardHomeCode(session.admin === true);
  if (stored !== session.email) {
    // No token yet (a first visit after signing in elsewhere): the same trade RequireAuth makes, shared.
    await queryClient
      .fetchQuery({
        queryKey: ["accessToken", session.email],
        retry: false,
        staleTime: 10 * 60_000,
        queryFn: () => accessTokenFor(session.email),
      })
      .catch(() => undefined);
    // Admin pages' data only for an admin.
    if (page !== paths.adminOrders || session.admin) roleFree(session.email);
  }
  if (page === paths.dashboard && (stored !== session.email || remembered !== session.admin)) {
    dashboardHome(session.email, session.admin === true);
  }
}

/**
 * /dashboard: a customer's orders (and company, for the menu), an admin's overview (docs/SELLING-TO-BUSINESSES.md,
 * 'Overview for the shop owner').
 */
function dashboardHome(email: string, admin: boolean) {
  dashboardHomeCode(admin);
  if (admin) {
    void import("../features/overview/api/get-admin-stats").then(({ adminStatsQuery }) =>
      prefetchQuietly(adminStatsQuery()),
    );
  } else {
    void prefetchQuietly(myOrdersQuery(email));
    void prefetchQuietly(myCompanyQuery(email));
  }
}

/** The code of /dashboard for the role (preloaded once: a second call finds its chunks on their way). */
function dashboardHomeCode(admin: boolean) {
  if (admin) preloadCode("features/overview/overview-page", () => import("../features/overview/overview-page"));
  else preloadCode("features/orders/my-orders-page", () => import("../features/orders/my-orders-page"));
}
