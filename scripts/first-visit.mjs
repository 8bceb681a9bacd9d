// What a first visit of a page downloads: the JS and CSS from the page's own origin, each file raw and
// gzip -9. The bundle budgets (docs/PERFORMANCE.md, 'What the budgets ask') are counted this way by the browser test
// (e2e/tests/bundle-budgets.spec.ts) and by the bench (bench/browser.mjs), which share this file.
import { gzipSync } from "node:zlib";

const KB = 1024;
/** How long no answer may come before a first visit counts as finished. */
const QUIET_MS = 1000;
/**
 * The budgets of a first visit, in gzip bytes (docs/PERFORMANCE.md, 'What the budgets ask'). Public pages: 90 KB,
 * the design's, reached with the app's own router in place of React Router (decision 071).
 */
export const FIRST_VISIT_BUDGETS = { publicJs: 90 * KB, signedInJs: 110 * KB, overviewJs: 140 * KB, css: 12 * KB };

const pages = (as, paths) => paths.map((path) => ({ path, as }));
/** A quote's page at an id of the right shape that names no quote. */
const NO_QUOTE = "/dashboard/quotes/00000000-0000-4000-8000-000000000000";
/** The page that changes an order, at an order id of the right shape that names no order: its code all the same. */
const NO_ORDER_CHANGE = "/dashboard/myorders/00000000-0000-4000-8000-000000000000/change";

/**
 * Every page the budgets name, in the order the bench lists them: `as` says who visits (nobody, a customer
 * or an admin), `{id}` stands for a product's id, which the caller fills in.
 */
export const FIRST_VISIT_PAGES = [
  ...pages("visitor", ["/", "/availableProducts", "/availableProducts?q=wrench", "/product/{id}", "/blogs"]),
  ...pages("visitor", ["/login", "/signup", "/resetpassword"]),
  ...pages("customer", ["/dashboard", "/dashboard/myreview", "/dashboard/addReview", "/dashboard/myprofile"]),
  ...pages("customer", ["/dashboard/updateProfile", "/cart"]),
  ...pages("admin", ["/dashboard", "/dashboard/users", "/dashboard/addProduct", "/dashboard/manageProduct"]),
  ...pages("admin", ["/dashboard/orders", "/dashboard/audit", "/dashboard/promotions", "/dashboard/warehouses"]),
  // Companies (docs/SELLING-TO-BUSINESSES.md, 'Companies'): a customer's company pages (a new customer: in no company
  // yet) and an invitation's page (a link of the right shape that names no invitation); the admins' list.
  ...pages("customer", ["/dashboard/company", "/dashboard/company/orders", "/dashboard/approvals"]),
  ...pages("customer", [`/invitations/${"A".repeat(43)}`]),
  ...pages("admin", ["/dashboard/companies"]),
  // Quick order and quotes (docs/SELLING-TO-BUSINESSES.md, 'Quick order, CSV import and reorder' and 'Quotes').
  ...pages("customer", ["/quick-order", "/dashboard/quotes", NO_QUOTE]),
  ...pages("admin", ["/dashboard/quotes", NO_QUOTE]),
  // Buying on account (docs/BUYING-ON-ACCOUNT.md, 'Statements and receivables'): a company's statement (a new
  // customer: in no company, the page's code all the same) and the admins' receivables.
  ...pages("customer", ["/dashboard/company/statement"]),
  ...pages("admin", ["/dashboard/receivables"]),
  // Saved lists and recurring orders (docs/RECURRING.md).
  ...pages("customer", ["/dashboard/lists", "/dashboard/recurring"]),
  // Changing an order after it is placed (docs/decisions/075-the-change-order-page.md).
  ...pages("customer", [NO_ORDER_CHANGE]),
];

/**
 * A page's JS budget: public pages have less room than the signed-in ones; the admin's `/dashboard`, the
 * overview (docs/SELLING-TO-BUSINESSES.md, 'Overview for the shop owner'), has more, for its chart library.
 */
export function jsBudget(page) {
  if (page.as === "admin" && page.path === "/dashboard") return FIRST_VISIT_BUDGETS.overviewJs;
  return page.as === "visitor" ? FIRST_VISIT_BUDGETS.publicJs : FIRST_VISIT_BUDGETS.signedInJs;
}

/**
 * Opens `url` in a new page of a Playwright browser `context` (a fresh context has an empty cache), waits
 * until the network is idle, and counts the scripts and style sheets that came from `url`'s origin.
 * `landedOn` is the page's address then: a guard that sent the visit elsewhere shows there.
 */
export async function firstVisitBytes(context, url) {
  const origin = new URL(url).origin;
  const page = await context.newPage();
  const bodies = [];
  let lastResponseAt = Date.now();
  const onResponse = (response) => {
    lastResponseAt = Date.now();
    const type = response.request().resourceType();
    if ((type === "script" || type === "stylesheet") && new URL(response.url()).origin === origin) {
      bodies.push(response.body().then((body) => ({ type, url: response.url(), body })));
    }
  };
  page.on("response", onResponse);
  await page.goto(url, { waitUntil: "networkidle" });
  // On a busy machine a page may ask for its next chunk more than networkidle's half second after its last
  // answer (a signed-in page waits for the role, then renders, then loads the route): wait for a whole
  // quiet second, then stop listening, so every file asked for is counted and read before the page closes.
  while (Date.now() - lastResponseAt < QUIET_MS) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  page.off("response", onResponse);
  const landedOn = page.url();
  const files = (await Promise.all(bodies)).map(({ type, url: fileUrl, body }) => ({
    kind: type === "script" ? "js" : "css",
    url: fileUrl,
    raw: body.length,
    gzip: gzipSync(body, { level: 9 }).length,
  }));
  await page.close();
  const total = (kind) =>
    files
      .filter((file) => file.kind === kind)
      .reduce((sum, file) => ({ raw: sum.raw + file.raw, gzip: sum.gzip + file.gzip }), { raw: 0, gzip: 0 });
  return { landedOn, files, js: total("js"), css: total("css") };
}
