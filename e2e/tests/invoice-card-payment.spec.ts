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
import { pageShots, shot } from "../support/shots.js";

// Its stock is ample and checked nowhere: an order on account sets its pieces aside when placed.
const TAPE = "Forgeline 25 ft. Tape Measure";

/**
 * docs/BUYING-ON-ACCOUNT.md, 'Paying an invoice by card': the buyer opens the shipped order on account, pays its
 * invoice's balance with the test card 4242 on the payment page, which leads with the invoice, its balance and due
 * day and has the card form and its "Pay $X" on the first screen, phone too (decision 063); the receipt names the
 * amount and the invoice; the order's page then says it is paid, with nothing left to pay and no Pay link.
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
  await pageShots(page, test.info(), "invoice-to-pay");
  await pay.click();

  await expect(page).toHaveURL(new RegExp(`/dashboard/payment/${orderId}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Payment" })).toBeVisible();
  // The card is typed once the page shows what is to be paid, as a person would.
  const lead = new RegExp(`^Invoice ${invoiceNumber}: \\${dollars(balance)}, due \\d{1,2} [A-Z][a-z]+( \\d{4})?$`);
  await expect(page.getByText(lead)).toBeVisible();
  // What is paid and the whole card form, its button saying the amount, on the first screen: no scrolling.
  const firstScreen = async () => {
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page.getByText(lead)).toBeInViewport({ ratio: 1 });
    for (const label of ["Card number", "Expiry (MM/YY)", "CVC"]) {
      await expect(page.getByLabel(label)).toBeInViewport({ ratio: 1 });
    }
    await expect(page.getByRole("button", { name: `Pay ${dollars(balance)}`, exact: true })).toBeInViewport({
      ratio: 1,
    });
  };
  await firstScreen();
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  if (testInfo.project.name === "phone") {
    // The phones of the design, 390 px wide, as well as the project's 360.
    await page.setViewportSize({ width: 390, height: 844 });
    await firstScreen();
  }
  await shot(page, testInfo, "pay-invoice");
  await payWithTestCard(page);
  await expect(page.getByText(`${dollars(balance)} paid for invoice ${invoiceNumber}.`)).toBeVisible();
  await expect(page.getByRole("status").getByText(/^pi_test_/)).toBeVisible();
  await expectAccessible(page);
  await shot(page, testInfo, "pay-invoice-receipt");

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
  await pageShots(page, test.info(), "invoice-paid-by-card");

  expect(owner.errors, "console errors on the owner's page").toEqual([]);
  expect(admin.errors, "console errors on the admin's page").toEqual([]);
  await owner.close();
  await admin.close();
});
