import { expect, expectAccessible, test } from "../support/fixtures.js";

// Chromium reports a page answered 404 on the console: here that is the point.
const NOT_FOUND_ANSWER = /status of 404 \(Not Found\)/;

test("an unknown address answers 404 with the 404 page, kept out of search engines, and a way home", async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(NOT_FOUND_ANSWER);
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oops! The page you're looking for isn't here");
  await expectAccessible(page);
  await page.getByRole("link", { name: "Back to home" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Professional tools/);
});

test("an unknown dashboard address is the 404 page too; a dashboard page is not", async ({ page, consoleErrors }) => {
  consoleErrors.allow(NOT_FOUND_ANSWER);
  const unknown = await page.goto("/dashboard/no-such-tab");
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oops! The page you're looking for isn't here");
  const payment = await page.goto("/dashboard/payment/12345");
  expect(payment?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Login" })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
});
