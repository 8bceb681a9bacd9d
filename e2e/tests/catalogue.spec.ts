import type { Page } from "@playwright/test";
import { expect, expectAccessible, expectNoHorizontalScroll, test } from "../support/fixtures.js";

/** Tools other tests add come first (newest first), so a seeded tool may sit on a later page. */
async function cardOnSomePage(page: Page, name: string) {
  for (let number = 1; number <= 4; number++) {
    await page.goto(`/availableProducts?page=${number}`);
    await expect(page.getByText(`Page ${number} of`)).toBeVisible();
    const card = page.getByRole("article").filter({ hasText: name });
    if ((await card.count()) > 0) return card;
  }
  throw new Error(`${name} is on none of the first pages`);
}

test.describe("/availableProducts", () => {
  test("shows the whole catalogue, page by page", async ({ page }) => {
    await page.goto("/availableProducts");
    await expect(page.getByRole("heading", { level: 1, name: "All tools" })).toBeVisible();
    // Other tests may add a tool meanwhile; the seeded twelve are always there.
    await expect(page.getByText(/^1[2-9] tools in the catalogue\./)).toBeVisible();
    await expect(page.getByRole("article")).toHaveCount(9);
    await expect(page.getByText("Page 1 of 2")).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);

    await page.getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText("Page 2 of 2")).toBeVisible();
    expect(await page.getByRole("article").count()).toBeGreaterThanOrEqual(3);
    await expect(page.getByRole("article").filter({ hasText: "Drive Socket Set" })).toBeVisible();
  });

  test("every card shows its price in dollars, stock in Pieces and its quantity rule", async ({ page }) => {
    await page.goto("/availableProducts");
    const cards = page.getByRole("article");
    await expect(cards).toHaveCount(9);
    for (const card of await cards.all()) {
      await expect(card.getByText(/^\$[\d,]+\.\d{2}$/)).toBeVisible();
      await expect(card.getByText(/^\d+ Pieces$/)).toBeVisible();
      await expect(card.getByText(/^Order \d+ to \d+ pieces( in steps of \d+)?$/)).toBeVisible();
    }
  });

  test("Order Now is off at 99 pieces or fewer and on from 100", async ({ page }) => {
    const grinder = await cardOnSomePage(page, "Angle Grinder");
    await expect(grinder.getByText("0 Pieces", { exact: true })).toBeVisible();
    await expect(grinder.getByRole("button", { name: "Order Now" })).toBeDisabled();
    await expect(
      grinder.getByText("Not enough stock for a bulk order right now. Please try again later."),
    ).toBeVisible();

    const level = await cardOnSomePage(page, "Box Beam Level");
    await expect(level.getByText("100 Pieces", { exact: true })).toBeVisible();
    await expect(level.getByText("Not enough stock for a bulk order right now. Please try again later.")).toHaveCount(
      0,
    );
    await level.getByRole("link", { name: "Order Now" }).click();
    // Ordering is for signed-in customers: a visitor goes through the login page first.
    await expect(page).toHaveURL(/\/login$/);
  });
});
