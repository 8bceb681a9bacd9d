import type { Page } from "@playwright/test";
import { newCustomer, signUpThroughApi } from "../support/accounts.js";
import { cartLine } from "../support/cart.js";
import { expect, expectAccessible, expectNoHorizontalScroll, test } from "../support/fixtures.js";
import { orderThroughPage } from "../support/orders.js";

const SCREWDRIVERS = "Forgeline 6-Piece Screwdriver Set";
const toast = (page: Page, text: string) => page.locator(".Toastify").getByText(text);

test("a customer cancels an unpaid order after confirming it, and orders its lines again through the cart", async ({
  page,
}) => {
  await signUpThroughApi(page, newCustomer("Cora Cancel", "cora"));
  await orderThroughPage(page, SCREWDRIVERS, 120);

  await page.goto("/dashboard");
  const row = page.getByRole("row").filter({ hasText: SCREWDRIVERS });
  await expect(row.getByText("Awaiting payment", { exact: true })).toBeVisible();
  await expect(row.getByRole("link", { name: `Pay for ${SCREWDRIVERS}` })).toBeVisible();
  await expect(row.getByRole("link", { name: /Order again/ })).toHaveCount(0);
  await expectAccessible(page);

  // The order's number opens the order's own page, which is named by it.
  const numberLink = row.getByRole("link", { name: /^FL-\d{6,}$/ });
  const number = (await numberLink.textContent()) ?? "";
  await numberLink.click();
  await expect(page).toHaveURL(/\/dashboard\/myorders\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Order ${number}`);
  await expect(page.getByRole("heading", { level: 1 }).locator("+ p")).toHaveText(SCREWDRIVERS);
  await expect(page.getByRole("definition").nth(1)).toHaveText("Awaiting payment");
  const history = page.getByRole("region", { name: "History" }).getByRole("listitem");
  await expect(history).toHaveText([/^Placed.+Placed$/]);
  await expect(page.getByRole("link", { name: `Pay for ${SCREWDRIVERS}` })).toBeVisible();
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);

  // With the keyboard: the question opens with the focus inside it, and Escape leaves the order as it was.
  const cancel = page.getByRole("button", { name: `Cancel the order for ${SCREWDRIVERS}` });
  await cancel.focus();
  await page.keyboard.press("Enter");
  const question = page.getByRole("dialog", { name: `Cancel your order for ${SCREWDRIVERS}?` });
  await expect(question).toBeVisible();
  await expect(question.getByRole("button", { name: "Keep order" })).toBeFocused();
  await expectAccessible(page);
  await page.keyboard.press("Escape");
  await expect(question).toHaveCount(0);
  await expect(page.getByRole("definition").nth(1)).toHaveText("Awaiting payment");

  await cancel.click();
  await question.getByRole("button", { name: "Cancel order" }).click();
  await expect(toast(page, `Your order for ${SCREWDRIVERS} is cancelled`)).toBeVisible();
  await expect(page.getByRole("definition").first()).toHaveText("Cancelled");
  await expect(history).toHaveText([/^Placed.+Placed$/, /^Cancelled.+Cancelled by the customer$/]);
  await expect(page.getByRole("button", { name: /Cancel/ })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /^Pay/ })).toHaveCount(0);

  await page.getByRole("link", { name: "Back to My Orders" }).click();
  await expect(row.getByText("Cancelled", { exact: true })).toBeVisible();
  // "Order again" puts the order's lines into the cart (docs/SELLING-TO-BUSINESSES.md, 'Quick order, CSV import and
  // reorder'), which opens; checked out from there.
  await row.getByRole("button", { name: `Order again ${SCREWDRIVERS}` }).click();
  await expect(page).toHaveURL(/\/cart$/);
  const line = cartLine(page, SCREWDRIVERS);
  await expect(line.getByLabel(`Quantity of ${SCREWDRIVERS}`)).toHaveValue("120");
  const checkout = page.getByRole("form", { name: "Checkout" });
  await checkout.getByLabel("Phone").fill("5550104000");
  await checkout.getByLabel("Delivery address").fill("9 Anvil Street, Springfield");
  await checkout.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f-]{36}$/);

  await page.goto("/dashboard");
  await expect(row).toHaveCount(2);
  await expect(row.filter({ hasText: "Awaiting payment" }).getByRole("cell").first()).toHaveText("120");
  await expect(row.filter({ hasText: "Cancelled" }).getByRole("cell").first()).toHaveText("120");
});

test("another customer's order page is the 404 page", async ({ page, browser }) => {
  await signUpThroughApi(page, newCustomer("Owen Owner", "owen"));
  await orderThroughPage(page, SCREWDRIVERS, 110);
  await page.goto("/dashboard");
  await page
    .getByRole("row")
    .filter({ hasText: SCREWDRIVERS })
    .getByRole("link", { name: /^FL-\d{6,}$/ })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/myorders\/[0-9a-f-]{36}$/);
  const orderUrl = page.url();

  const stranger = await browser.newPage();
  await signUpThroughApi(stranger, newCustomer("Sam Stranger", "sam"));
  await stranger.goto(orderUrl);
  await expect(stranger.getByRole("heading", { level: 1 })).toHaveText("Oops! The page you're looking for isn't here");
  await stranger.close();
});
