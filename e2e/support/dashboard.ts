import { expect, type Page } from "@playwright/test";

/** The dashboard's drawer: always open on a desktop; on a phone it opens from its toggle. */
export async function dashboardMenu(page: Page) {
  const drawer = page.getByRole("navigation", { name: "Dashboard" });
  await expect(page.getByText("Signed in as")).toBeVisible();
  if (!(await drawer.isVisible())) await page.getByRole("button", { name: "Menu", exact: true }).click();
  await expect(drawer).toBeVisible();
  return drawer;
}
