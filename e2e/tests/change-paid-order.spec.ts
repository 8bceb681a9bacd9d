import type { Page } from "@playwright/test";
import { newCustomer, signUpThroughApi } from "../support/accounts.js";
import { expect, expectAccessible, expectNoHorizontalScroll, test } from "../support/fixtures.js";
import { orderThroughPage } from "../support/orders.js";
import { pageShots } from "../support/shots.js";

// 100 to 500 pieces in steps of 25 at $14.50 (server/seed/catalogue.json); a new customer's first order is 30% off.
const HAMMER = "Forgeline 16 oz Claw Hammer";

/** Pays on the payment page with the test card that pays, once the page shows what is paid. */
async function payWith4242(page: Page, leads: RegExp) {
  await expect(page.getByText(leads)).toBeVisible();
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").fill("12/34");
  await page.getByLabel("CVC").fill("123");
  await expect(page.getByLabel("Card number")).toHaveValue("4242 4242 4242 4242");
  await expect(page.getByLabel("CVC")).toHaveValue("123");
  await page.getByRole("button", { name: /^Pay \$/ }).click();
  await expect(page.getByText("Congrats! Your Payment is completed.")).toBeVisible();
}

/**
 * Issue 48's money in the browser (docs/decisions/076-the-money-of-a-changed-order.md): a customer pays an order by
 * card, changes it to cost more (the preview says what they will owe before Confirm), finds on the order page what it
 * owes and "Pay the difference", pays it (the payment page leads with the difference), and the order reads paid. On a
 * desktop and a phone, each page checked by axe.
 */
test("a customer changes a paid order to cost more, pays the difference from its page, and it reads paid", async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  await signUpThroughApi(page, newCustomer("Dana Difference", "dana"));
  await orderThroughPage(page, HAMMER, 125);

  // 125 hammers at $14.50, less 30%: $1,268.75, paid by card.
  await page.goto("/dashboard");
  await page.getByRole("link", { name: `Pay for ${HAMMER}` }).click();
  await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f-]{36}$/);
  const orderId = page.url().split("/").at(-1) ?? "";
  await payWith4242(page, /^Order FL-\d+: \$1,268\.75$/);

  // 150 hammers: $2,175.00 less 30%, $1,522.50. The preview says what will be owed before anything is confirmed.
  await page.goto(`/dashboard/myorders/${orderId}`);
  await page.getByRole("link", { name: "Change order" }).click();
  await page.getByLabel(/^Pieces ?of Forgeline 16 oz Claw Hammer$/).fill("150");
  await page.getByRole("button", { name: "Preview changes" }).click();
  await expect(page.getByTestId("total-after")).toHaveText("$1,522.50");
  await expect(page.getByText("You will owe $253.75, paid from the order's page.", { exact: false })).toBeVisible();
  await expectAccessible(page);
  await pageShots(page, testInfo, "change-paid-preview");
  await page.getByRole("button", { name: "Confirm change" }).click();

  // The order page: what it owes, said in words and on its badge, and the way to pay it.
  await expect(page).toHaveURL(new RegExp(`/dashboard/myorders/${orderId}$`));
  await expect(page.getByRole("status").filter({ hasText: "owes $253.75" })).toContainText("ships once that is paid");
  await expect(page.getByText("Owes $253.75", { exact: true })).toBeVisible();
  await expect(page.getByText("Ships once paid", { exact: true })).toBeVisible();
  const payments = page.getByRole("region", { name: "Payments" });
  await expect(payments).toContainText("Balance $253.75");
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await pageShots(page, testInfo, "change-paid-owes");

  await page.getByRole("link", { name: /^Pay the difference of \$253\.75/ }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/payment/${orderId}$`));
  await expect(page.getByText(/The difference owed since the order was changed/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Pay $253.75", exact: true })).toBeVisible();
  await expectAccessible(page);
  await pageShots(page, testInfo, "change-paid-pay-difference");
  await payWith4242(page, /^Order FL-\d+: \$253\.75$/);
  await expect(page.getByText(/^\$253\.75 paid for order FL-\d+\.$/)).toBeVisible();

  // Paid again: its badge, both card payments and nothing left.
  await page.getByRole("link", { name: "Back to the order" }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/myorders/${orderId}$`));
  await expect(page.getByText("Paid", { exact: true }).first()).toBeVisible();
  await expect(page.getByText("To ship", { exact: true }).first()).toBeVisible();
  await expect(payments).toContainText(/Paid \$1,268\.75 by card on/);
  await expect(payments).toContainText(/Paid \$253\.75 by card on/);
  await expect(payments).toContainText("Balance $0.00");
  await expect(page.getByRole("link", { name: /^Pay the difference/ })).toHaveCount(0);
  await expectAccessible(page);
  await pageShots(page, testInfo, "change-paid-paid");
});
