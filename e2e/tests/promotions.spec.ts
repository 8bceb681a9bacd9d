import type { Page } from "@playwright/test";
import { E2E_ADMIN, signInThroughApi } from "../support/accounts.js";
import { dashboardMenu } from "../support/dashboard.js";
import { expect, expectAccessible, expectNoHorizontalScroll, test } from "../support/fixtures.js";

const toast = (page: Page, text: string) => page.locator(".Toastify").getByText(text, { exact: true });
const bannerPromotions = (page: Page) => page.getByRole("list", { name: "Promotions" });

/**
 * docs/SELLING-TO-BUSINESSES.md, 'One price function': the banner claims the promotions running now. The suite's other
 * tests share the seeded promotions ("30% off your first order", "40% off orders of 200 pieces or more"), so this one
 * starts a promotion of its own, sees it on the banner, ends it the way an admin ends the seeded ones, and sees it go.
 * Its condition (1,000 pieces or more) is one no other test's order meets, so it never prices their orders.
 */
test("an admin starts a promotion, the banner claims it, the admin ends it, and the banner drops it", async ({
  page,
  browser,
}, testInfo) => {
  // Two pages, two forms and two accessibility scans: 72 s at load 25 on 2 cores.
  test.setTimeout(180_000);
  const name = `${testInfo.project.name} flash sale ${Date.now()}`;
  await signInThroughApi(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto("/dashboard");
  await (await dashboardMenu(page)).getByRole("link", { name: "Promotions", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/promotions$/);
  await expect(page.getByRole("heading", { level: 1, name: "Promotions" })).toBeVisible();

  // The seeded promotions are running, each with its End button.
  const seeded = page.getByRole("row").filter({ hasText: "40% off orders of 200 pieces or more" });
  await expect(seeded.getByRole("cell").nth(0)).toHaveText("40%");
  await expect(seeded.getByRole("cell").nth(1)).toHaveText("200 pieces or more");
  await expect(seeded.getByRole("cell").nth(4)).toHaveText("Active");
  await expect(seeded.getByRole("button", { name: "End 40% off orders of 200 pieces or more" })).toBeVisible();
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);

  // Start one.
  const form = page.getByRole("region", { name: "Start a promotion" });
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Percent off").fill("5");
  await form.getByLabel("Minimum pieces (optional)").fill("1000");
  await form.getByRole("button", { name: "Start promotion" }).click();
  await expect(toast(page, `Promotion: ${name} is started`)).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row.getByRole("cell")).toHaveText(["5%", "1,000 pieces or more", "—", "—", "Active", /Edit/]);

  // A visitor's home page claims it beside the seeded ones.
  const visitor = await browser.newPage({ viewport: page.viewportSize() });
  await visitor.goto("/");
  await expect(bannerPromotions(visitor).getByText(name, { exact: true })).toBeVisible();
  await expect(bannerPromotions(visitor).getByText("40% off orders of 200 pieces or more")).toBeVisible();

  // End it, after confirming.
  await row.getByRole("button", { name: `End ${name}` }).click();
  const confirm = page.getByRole("dialog", { name: `End ${name}?` });
  await expect(confirm).toBeVisible();
  await expectAccessible(page);
  await confirm.getByRole("button", { name: "End promotion" }).click();
  await expect(toast(page, `Promotion: ${name} is ended`)).toBeVisible();
  await expect(row.getByRole("cell").nth(4)).toHaveText("Ended");
  await expect(row.getByRole("button", { name: `End ${name}` })).toHaveCount(0);

  // The banner drops it; the seeded ones stay. How soon the server drops it is the API suite's to prove
  // (server/src/pages/pages.test.ts): here a reload alone can take seconds on a busy machine. Each reload is
  // read once its banner is drawn, so an ended promotion cannot pass unseen in a banner still loading.
  await expect(async () => {
    await visitor.reload();
    await expect(bannerPromotions(visitor).getByText("40% off orders of 200 pieces or more")).toBeVisible();
    await expect(bannerPromotions(visitor).getByText(name, { exact: true })).toHaveCount(0, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(bannerPromotions(visitor).getByText("40% off orders of 200 pieces or more")).toBeVisible();
  await expect(bannerPromotions(visitor).getByText("30% off your first order")).toBeVisible();
  // So does the page as the server renders it, before any script runs.
  const html = await (await visitor.request.get("/")).text();
  expect(html).not.toContain(name);
  expect(html).toContain("40% off orders of 200 pieces or more");
  await visitor.close();
});
