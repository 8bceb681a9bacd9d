import type { Page } from "@playwright/test";
import { E2E_ADMIN, signInThroughApi } from "../support/accounts.js";
import { dashboardMenu } from "../support/dashboard.js";
import { expect, expectAccessible, expectNoHorizontalScroll, test } from "../support/fixtures.js";
import { expectBeside } from "../support/refusals.js";

const toast = (page: Page, text: string | RegExp) =>
  page.locator(".Toastify").getByText(text, typeof text === "string" ? { exact: true } : {});

/**
 * docs/STOCK.md, 'Warehouses': the admin lists the warehouses (the migrations' MAIN first, the demo's EAST),
 * adds one (a bad code said beside its field), makes it inactive, and is told why MAIN, holding the stock,
 * cannot be.
 */
test("an admin adds a warehouse, makes it inactive, and is refused for one that holds stock", async ({
  page,
  consoleErrors,
}, testInfo) => {
  test.setTimeout(120_000);
  // The refusal for MAIN is a 409 the page says in MAIN's row, under its button.
  consoleErrors.allow(/status of 409/);
  const code = `${testInfo.project.name.slice(0, 1).toUpperCase()}${Date.now() % 1_000_000}`;
  await signInThroughApi(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto("/dashboard");
  await (await dashboardMenu(page)).getByRole("link", { name: "Warehouses", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/warehouses$/);
  await expect(page.getByRole("heading", { level: 1, name: "Warehouses" })).toBeVisible();
  const rows = page.getByRole("row");
  await expect(rows.nth(1).getByRole("rowheader")).toHaveText("MAIN");
  await expect(rows.filter({ hasText: "EAST" }).getByRole("cell").nth(2)).toHaveText("Active");
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);

  const form = page.getByRole("region", { name: "Add a warehouse" });
  await form.getByLabel("Code").fill("x");
  await form.getByLabel("Name").fill(`Depot ${code}`);
  await form.getByLabel("Address").fill("7 Quay Street, Baltimore, MD 21202");
  await form.getByRole("button", { name: "Add warehouse" }).click();
  await expect(form.getByText("Code: 2 to 16 letters, digits or -")).toBeVisible();
  await expectAccessible(page);
  await form.getByLabel("Code").fill(code);
  await form.getByRole("button", { name: "Add warehouse" }).click();
  await expect(toast(page, `Warehouse: ${code} is added`)).toBeVisible();
  const row = rows.filter({ has: page.getByRole("rowheader", { name: code, exact: true }) });
  await expect(row.getByRole("cell").nth(2)).toHaveText("Active");

  await row.getByRole("button", { name: `Make inactive: ${code}` }).click();
  await expect(toast(page, `Warehouse: ${code} is inactive`)).toBeVisible();
  await expect(row.getByRole("cell").nth(2)).toHaveText("Inactive");

  const main = rows.filter({ has: page.getByRole("rowheader", { name: "MAIN", exact: true }) });
  const makeInactive = main.getByRole("button", { name: "Make inactive: MAIN" });
  await makeInactive.click();
  await expectBeside(page, main.getByRole("alert"), makeInactive, /MAIN still holds stock/);
  await expect(main.getByRole("cell").nth(2)).toHaveText("Active");
  await expectNoHorizontalScroll(page);
});
