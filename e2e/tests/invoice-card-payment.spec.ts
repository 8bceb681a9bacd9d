import { payWithTestCard } from "../support/cart.js";
import { expect, expectAccessible, expectNoHorizontalScroll, test } from "../support/fixtures.js";
import { dollars } from "../support/money.js";
import {
  adminAtAnotherBrowser,
  companyWithBuyer,
  giveTerms,
  placeOnAccount,
  shipThroughApi,
} from "../support/on-account.js";

// Its stock is ample and checked nowhere: an order on account sets its pieces aside when placed.
const TAPE = "Forgeline 25 ft. Tape Measure";

/**
 * docs/BUYING-ON-ACCOUNT.md, 'Paying an invoice by card': the buyer opens the shipped order on account, pays its
 * invoice's balance with the test card 4242 on the payment page, and the order's page then says it is paid, with
 * nothing left to pay and no Pay link.
 */
test("a buyer pays a shipped invoice on account by card from its order page; the order page says paid", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const companyName = `Card Ledger Works ${testInfo.project.name} ${Date.now()}`;
  const { companyId, owner, asBuyer } = await companyWithBuyer(page, browser, testInfo, companyName);
  const admin = await adminAtAnotherBrowser(browser, testInfo);
  await giveTerms(admin.page, admin.asAdmin, companyId);
  const orderId = await placeOnAccount(page, asBuyer, TAPE, 100);
  const { balance, invoice } = await shipThroughApi(admin.page, admin.asAdmin, orderId);
  const invoiceNumber = invoice.number;

  await page.goto(`/dashboard/myorders/${orderId}`);
  // The order's money fact (its second definition, after where the goods are).
  const status = page.getByRole("definition").nth(1);
  await expect(status).toHaveText(/^Due \d{1,2} [A-Z][a-z]{2}$/);
  const pay = page.getByRole("link", { name: `Pay ${dollars(balance)} by card` });
  await expect(pay).toBeVisible();
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await pay.click();

  await expect(page).toHaveURL(new RegExp(`/dashboard/payment/${orderId}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Payment" })).toBeVisible();
  // The card is typed once the page shows what is to be paid, as a person would.
  await expect(page.getByText(`Invoice ${invoiceNumber} has ${dollars(balance)} left to pay, due `)).toBeVisible();
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await payWithTestCard(page);
  await expect(page.getByText(`Invoice ${invoiceNumber} is paid.`)).toBeVisible();
  await expect(page.getByRole("status").getByText(/^pi_test_/)).toBeVisible();

  await page.getByRole("link", { name: "Back to the order" }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/myorders/${orderId}$`));
  await expect(status).toHaveText("Paid");
  const payments = page.getByRole("region", { name: "Payments" }).getByRole("listitem");
  const paidLine = `Paid ${dollars(balance)} by card on `.replace(/[$.]/g, "\\$&");
  await expect(payments.nth(1)).toHaveText(new RegExp(`^${paidLine}\\d{1,2} [A-Z][a-z]{2}$`));
  await expect(payments.last()).toHaveText("Balance $0.00");
  await expect(page.getByRole("link", { name: /^Pay/ })).toHaveCount(0);
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);

  expect(owner.errors, "console errors on the owner's page").toEqual([]);
  expect(admin.errors, "console errors on the admin's page").toEqual([]);
  await owner.close();
  await admin.close();
});
