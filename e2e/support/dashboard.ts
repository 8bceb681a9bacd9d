import { expect, type Page } from "@playwright/test";

/**
 * The dashboard's drawer: always open on a desktop; on a phone it opens from its toggle. The toggle's
 * aria-expanded is the drawer's state: the drawer's own visibility lags behind it while it slides shut.
 */
export async function dashboardMenu(page: Page) {
  const drawer = page.getByRole("navigation", { name: "Dashboard" });
  await expect(page.getByText("Signed in as")).toBeVisible();
  const toggle = page.getByRole("button", { name: "Menu", exact: true });
  if (await toggle.isVisible()) {
    if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
  }
  await expect(drawer).toBeVisible();
  return drawer;
}
