import { type Browser, expect, test } from "@playwright/test";
import {
  FIRST_VISIT_BUDGETS,
  FIRST_VISIT_PAGES,
  type FirstVisitPage,
  firstVisitBytes,
  jsBudget,
} from "../../scripts/first-visit.mjs";
import { E2E_ADMIN, signInThroughApi, signUpThroughApi } from "../support/accounts.js";

// The bytes of a first visit do not depend on the window: every page loads the same chunks in any size
// (the home page's lower half loads only when scrolled near, in neither window here). So the budgets are
// counted once, in the desktop window.
test.skip(({ isMobile }) => isMobile, "the bytes are the same in every window; counted in the desktop project");

/** A new browser context (empty cache), with nobody, a new customer or the admin signed in. */
async function contextFor(browser: Browser, baseURL: string, as: FirstVisitPage["as"]) {
  const context = await browser.newContext({ baseURL });
  if (as !== "visitor") {
    const page = await context.newPage();
    if (as === "admin") await signInThroughApi(page, E2E_ADMIN.email, E2E_ADMIN.password);
    else await signUpThroughApi(page);
    await page.close();
  }
  return context;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

test.describe("first-visit bytes (gzip -9 of each JS and CSS file from our origin; docs/PERFORMANCE.md)", () => {
  for (const page of FIRST_VISIT_PAGES) {
    const name =
      page.as === "visitor" ? page.path : `${page.path} as ${page.as === "admin" ? "an admin" : "a customer"}`;
    test(`${name}: JS within ${kb(jsBudget(page))}, CSS within ${kb(FIRST_VISIT_BUDGETS.css)}`, async ({
      browser,
      baseURL,
      request,
    }) => {
      const [product] = await (await request.get("/api/product?limit=1")).json();
      const path = page.path.replace("{id}", product._id);
      const context = await contextFor(browser, baseURL ?? "", page.as);
      const bytes = await firstVisitBytes(context, `${baseURL}${path}`);
      await context.close();

      expect(bytes.landedOn, "the visit stayed on the page").toBe(`${baseURL}${path}`);
      expect(
        bytes.js.gzip,
        `JS of a first visit of ${name}: ${bytes.js.gzip} bytes (${kb(bytes.js.gzip)})`,
      ).toBeLessThanOrEqual(jsBudget(page));
      expect(
        bytes.css.gzip,
        `CSS of a first visit of ${name}: ${bytes.css.gzip} bytes (${kb(bytes.css.gzip)})`,
      ).toBeLessThanOrEqual(FIRST_VISIT_BUDGETS.css);
    });
  }
});
