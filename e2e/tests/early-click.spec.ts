import { expect, test } from "../support/fixtures.js";

// The home page's own code (not "home-below-the-fold-…"), held back so the click lands before the page is live.
const HOME_PAGE_CODE = /\/assets\/home-[\w-]{8}\.js$/;

test("a link followed while a server-rendered page is still coming alive opens its page, whole and without errors", async ({
  page,
  baseURL,
}) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(HOME_PAGE_CODE, async (route) => {
    await held;
    await route.continue();
  });
  // Not page.goto, which waits for the page to be live (support/fixtures.ts).
  await page.evaluate((home) => window.location.assign(home), `${baseURL}/`);
  const main = page.getByRole("navigation", { name: "Main" });
  // The header is live (its Login link comes with the session, asked once the header hydrated); the page is not.
  await expect(main.getByRole("link", { name: "Login" })).toBeVisible();
  await expect(page.locator("html")).not.toHaveAttribute("data-ready", "true");
  await main.getByRole("link", { name: "Blogs" }).click();
  release();
  await expect(page).toHaveURL(/\/blogs$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/blog/i);
  await expect(page.locator("html")).toHaveAttribute("data-ready", "true");
});
