import { MESSAGES } from "@forgeline/contract";
import { expect, expectAccessible, test } from "../fixtures.js";

test("an unknown address shows the 404 page with a way home", async ({ page }) => {
  await page.goto("/no/such/page");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(MESSAGES.notFound);
  await expectAccessible(page);
  await page.getByRole("link", { name: "Back to home" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Professional tools/);
});
