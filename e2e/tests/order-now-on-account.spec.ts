import type { Locator, Page, TestInfo } from "@playwright/test";
import { productIdOf } from "../support/cart.js";
import { expect, expectAccessible, expectNoHorizontalScroll, test } from "../support/fixtures.js";
import { adminAtAnotherBrowser, companyWithBuyer, giveTerms } from "../support/on-account.js";
import { shot } from "../support/shots.js";

// Both have ample stock, checked nowhere here; an order on account sets its pieces aside when placed.
const TAPE = "Forgeline 25 ft. Tape Measure";
const HAMMER = "Forgeline 16 oz Claw Hammer";
const toast = (page: Page, text: string) => page.locator(".Toastify").getByText(text, { exact: true });

/**
 * The order modal as Order Now opens it, with its "How to pay" (a lazy module: the first visit of the catalogue
 * carries none of it), once the company's credit has been read.
 */
function orderModal(page: Page, product: string) {
  const modal = page.getByRole("dialog", { name: product });
  const howToPay = modal.getByRole("group", { name: "How to pay" });
  return {
    modal,
    howToPay,
    invoice: howToPay.getByRole("radio", { name: /^Pay by invoice \(net 30\)/ }),
    card: howToPay.getByRole("radio", { name: "Card", exact: true }),
  };
}

/** The page as a reviewer sees it, at 1280 px (desktop) or 390 px (a phone), kept with the test's results. */
async function shoot(page: Page, testInfo: TestInfo, name: string, modal: Locator) {
  if (testInfo.project.name === "phone") await page.setViewportSize({ width: 390, height: 844 });
  await modal.getByRole("group", { name: "How to pay" }).scrollIntoViewIfNeeded();
  await shot(page, testInfo, name);
}

/** Phone and address, then "Pay by invoice", then "Place order"; lands on the order placed on account. */
async function placeOnAccount(page: Page, { modal, invoice }: ReturnType<typeof orderModal>, product: string) {
  await modal.getByLabel("Phone").fill("5550109000");
  await modal.getByLabel("Delivery address").fill("9 Ledger Lane, Springfield");
  await invoice.check();
  await modal.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/dashboard\/myorders\/[0-9a-f-]{36}$/);
  await expect(
    toast(page, `Successfully ordered ${product} on account: its invoice comes when it ships`),
  ).toBeVisible();
  await expect(page.getByText(/^Placed on account: nothing to pay now\./)).toBeVisible();
  // Its two facts in a buyer's words: it waits to ship, and its invoice comes then.
  await expect(page.getByRole("definition").first()).toHaveText("To ship");
  await expect(page.getByText("Invoice when shipped, net 30", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: /^Pay/ })).toHaveCount(0);
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
}

/**
 * docs/BUYING-ON-ACCOUNT.md, 'Terms and credit', at Order Now: a buyer of a company on net 30 opens Order Now on a
 * catalogue card and on a product page, sees "Pay by invoice" with the credit left, and places each order on
 * account, landing on the order with nothing to pay by card.
 */
test("a buyer on terms orders from a catalogue card and from a product page by invoice", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const { owner, companyId, asBuyer } = await companyWithBuyer(
    page,
    browser,
    testInfo,
    `Order Now Works ${testInfo.project.name} ${Date.now()}`,
  );
  const admin = await adminAtAnotherBrowser(browser, testInfo);
  await giveTerms(admin.page, admin.asAdmin, companyId, 30, 50_000);

  // On the catalogue (a search finds the card whichever page it sits on).
  await page.goto("/availableProducts?q=tape%20measure");
  await page.getByRole("article").filter({ hasText: TAPE }).getByRole("link", { name: "Order Now" }).click();
  await expect(page).toHaveURL(/\/orderdetails\?productId=/);
  const fromCard = orderModal(page, TAPE);
  await expect(fromCard.howToPay.getByText("$50,000.00 of credit left")).toBeVisible();
  await expect(fromCard.card).toBeChecked();
  await expect(fromCard.invoice).toBeEnabled();
  await expect(fromCard.modal.getByTestId("order-total")).toBeVisible();
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await shoot(page, testInfo, "order-now-invoice-catalogue", fromCard.modal);
  await placeOnAccount(page, fromCard, TAPE);
  const credit = await page.request.get(`/api/companies/${companyId}/credit`, { headers: asBuyer });
  const { available } = (await credit.json()) as { available: number };
  expect(available).toBeLessThan(50_000);

  // On a product page: the credit left is what the first order left.
  if (testInfo.project.name === "phone") await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/product/${await productIdOf(page, HAMMER)}`);
  await page.getByRole("link", { name: "Order Now" }).click();
  const fromPage = orderModal(page, HAMMER);
  const left = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(available);
  await expect(fromPage.howToPay.getByText(`${left} of credit left`)).toBeVisible();
  await expect(fromPage.invoice).toBeEnabled();
  await expect(fromPage.modal.getByTestId("order-total")).toBeVisible();
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await shoot(page, testInfo, "order-now-invoice-product", fromPage.modal);
  await placeOnAccount(page, fromPage, HAMMER);

  // Both orders in My Orders, on account.
  await page.goto("/dashboard");
  for (const product of [TAPE, HAMMER]) {
    await expect(page.getByRole("row").filter({ hasText: product })).toContainText("Invoice when shipped, net 30");
  }
  await owner.close();
  await admin.close();
});

/**
 * Over the credit, Order Now says so before "Place order": by how much, with the credit left, beside "Pay by
 * invoice", which is off; card stays the way to pay.
 */
test("an order over the credit is said before the button, and only card is open", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const { owner, companyId } = await companyWithBuyer(
    page,
    browser,
    testInfo,
    `Order Now Over ${testInfo.project.name} ${Date.now()}`,
  );
  const admin = await adminAtAnotherBrowser(browser, testInfo);
  await giveTerms(admin.page, admin.asAdmin, companyId, 30, 100);

  await page.goto(`/product/${await productIdOf(page, HAMMER)}`);
  await page.getByRole("link", { name: "Order Now" }).click();
  const { modal, howToPay, invoice, card } = orderModal(page, HAMMER);
  await expect(modal.getByTestId("order-total")).toHaveText(/^\$[\d,]+\.\d\d$/);
  const total = (await modal.getByTestId("order-total").textContent()) ?? "";
  const over = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(
    Number(total.replace(/[$,]/g, "")) - 100,
  );
  const said = howToPay.getByText(
    `$100.00 of credit left\n${over} over your credit: pay by card, remove lines, or ask for a quote.`,
  );
  await expect(said).toBeVisible();
  await expect(invoice).toBeDisabled();
  await expect(card).toBeChecked();
  // Said before the button: earlier in the reading order, and on the screen as the button is.
  const placeOrder = modal.getByRole("button", { name: "Place order" });
  expect(
    await said.evaluate(
      (element, button) => Boolean(element.compareDocumentPosition(button as Node) & Node.DOCUMENT_POSITION_FOLLOWING),
      await placeOrder.elementHandle(),
    ),
  ).toBe(true);
  await placeOrder.scrollIntoViewIfNeeded();
  await expect(said).toBeInViewport();
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await shoot(page, testInfo, "order-now-over-credit", modal);
  await owner.close();
  await admin.close();
});

/**
 * The order modal's code loads with the click, and the router keeps the catalogue until it has come: meanwhile
 * Order Now is busy, so a slow connection does not leave the click unanswered. (A visitor: the route then sends
 * them to sign in.)
 */
test("Order Now turns busy while the order modal's code comes", async ({ page }, testInfo) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/order-details-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/availableProducts?q=tape%20measure");
  await expect(page.locator("html")).toHaveAttribute("data-ready", "true");
  const orderNow = page.getByRole("article").filter({ hasText: TAPE }).getByRole("link", { name: "Order Now" });
  await expect(orderNow).not.toHaveAttribute("aria-busy");
  await orderNow.click();
  await expect(orderNow).toHaveAttribute("aria-busy", "true");
  await orderNow.screenshot({ path: testInfo.outputPath(`order-now-busy-${testInfo.project.name}.png`) });
  // Still the catalogue, with the busy button on it, until the code has come.
  await expect(page.getByRole("article").filter({ hasText: TAPE })).toBeVisible();
  release();
  await expect(page).toHaveURL(/\/login$/);
});
