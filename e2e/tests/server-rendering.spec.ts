import { expect, test } from "../support/fixtures.js";

test.skip(({ isMobile }) => isMobile, "the HTML the server sends is the same for every window; checked once");

// The public pages are rendered on the server with their data, so they show before (and without) any script.
test.describe("server-rendered public pages, with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the home page shows the banner, the tools and the customers' reviews", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: /straight from the factory floor/ })).toBeVisible();
    await expect(page.getByRole("region", { name: "Our tools" }).getByRole("article")).toHaveCount(6);
    await expect(page.getByRole("heading", { name: "What our customers say" })).toBeVisible();
    await expect(
      page.getByRole("region", { name: "What our customers say" }).getByRole("figure").first(),
    ).toBeVisible();
  });

  test("the catalogue shows the page asked for, and its links lead on", async ({ page }) => {
    await page.goto("/availableProducts?page=2");
    await expect(page.getByText("Page 2 of")).toBeVisible();
    expect(await page.getByRole("article").count()).toBeGreaterThanOrEqual(3);
    await page.getByRole("link", { name: "Previous page" }).click();
    await expect(page.getByText("Page 1 of")).toBeVisible();
    await expect(page.getByRole("article")).toHaveCount(9);
  });

  test("the login form is there, its button waiting for the page to come alive", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("heading", { level: 1, name: "Login" })).toBeVisible();
    await expect(page.getByLabel("Email")).toBeVisible();
    await expect(page.getByRole("button", { name: "Login" })).toBeDisabled();
  });
});
