import type { Page } from "@playwright/test";
import { bearerOf, E2E_ADMIN, signInThroughApi } from "../support/accounts.js";
import { productIdOf } from "../support/cart.js";
import {
  anotherPerson,
  expect,
  expectAccessible,
  expectNoHorizontalScroll,
  expectToastAccessible,
  test,
} from "../support/fixtures.js";
import { dollars } from "../support/money.js";
import { companyWithBuyer, giveTerms } from "../support/on-account.js";
import { pdfText } from "../support/pdf.js";
import { pageShots, shot } from "../support/shots.js";

// Its stock is ample and checked nowhere: an order on account sets its pieces aside when placed.
const TAPE = "Forgeline 25 ft. Tape Measure";
const DAY_MS = 86_400_000;
const toast = (page: Page, text: string) => page.locator(".Toastify").getByText(text, { exact: true });

/** A day as the order pages write it ("26 Dec") and as an invoice's PDF does ("26 December 2026"), in UTC. */
function dueDay(dueAt: Date) {
  return {
    short: new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" }).format(dueAt),
    long: new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
      dueAt,
    ),
  };
}

/**
 * docs/BUYING-ON-ACCOUNT.md in the browser: an admin gives a company net 30 and a $50,000 credit limit on the
 * companies page; a buyer of the company checks out from the cart by invoice, seeing the credit left, and lands on
 * the order placed on account, with nothing to pay by card; the admin finds it in the To ship list the overview
 * opens and ships it, which issues its invoice; the buyer
 * opens the order, due in 30 days, and downloads the invoice, which says so.
 */
test("an admin gives a company net 30; its buyer checks out on account; shipped, the invoice says when it is due", async ({
  page,
  browser,
  consoleErrors,
}, testInfo) => {
  test.setTimeout(240_000);
  const companyName = `Ledger Works ${testInfo.project.name} ${Date.now()}`;

  // The company (company.spec.ts makes one through the pages): an owner, and a buyer who joins by the mailed link.
  const { owner, asBuyer, companyId } = await companyWithBuyer(page, browser, testInfo, companyName);

  // The admin gives it terms: net 30, a limit of $50,000.
  const admin = await anotherPerson(browser, testInfo);
  await signInThroughApi(admin.page, E2E_ADMIN.email, E2E_ADMIN.password);
  await admin.page.goto("/dashboard/companies");
  const row = admin.page.getByRole("row").filter({ hasText: companyName });
  await expect(row).toContainText("Card only");
  await row.getByRole("button", { name: `Terms of ${companyName}` }).click();
  const dialog = admin.page.getByRole("dialog", { name: `Terms on account of ${companyName}` });
  await dialog.getByLabel("Payment terms").selectOption("30");
  await dialog.getByLabel("Credit limit in dollars").fill("50000");
  await expectAccessible(admin.page);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(toast(admin.page, `${companyName}: Net 30 · limit $50,000.00`)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(row).toContainText("Net 30 · limit $50,000.00");
  await expectAccessible(admin.page);
  await expectNoHorizontalScroll(admin.page);

  // The buyer checks out 200 tape measures by invoice, the credit left beside the choice.
  const tape = await productIdOf(page, TAPE);
  const line = await page.request.put(`/api/cart/lines/${tape}`, { headers: asBuyer, data: { quantity: 200 } });
  expect(line.status(), await line.text()).toBe(200);
  const checkout = page.getByRole("form", { name: "Checkout" });
  const howToPay = checkout.getByRole("group", { name: "How to pay" });
  const invoice = howToPay.getByRole("radio", { name: /^Pay by invoice \(net 30\)/ });
  // With a limit of $100 the page says before the button by how much the cart is over, and only card is open.
  const asAdmin = await bearerOf(admin.page, E2E_ADMIN.email);
  await giveTerms(admin.page, asAdmin, companyId, 30, 100);
  await page.goto("/cart");
  await expect(howToPay).toContainText(
    /\$100\.00 of credit left\s*\$[\d,]+\.\d\d over your credit: pay by card, remove lines, or ask for a quote\./,
  );
  await expect(invoice).toBeDisabled();
  await expect(howToPay.getByRole("radio", { name: "Card", exact: true })).toBeChecked();

  await giveTerms(admin.page, asAdmin, companyId, 30, 50_000);
  await page.reload();
  await expect(howToPay.getByText("$50,000.00 of credit left")).toBeVisible();
  await expect(howToPay.getByRole("radio", { name: "Card", exact: true })).toBeChecked();
  await checkout.getByLabel("Phone").fill("5550109000");
  await checkout.getByLabel("Delivery address").fill("9 Ledger Lane, Springfield");
  await invoice.check();
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);

  // The limit drops again after the page read it: the refusal stands beside "Place order", focused and on screen
  // (a 390 px phone too), naming by how much the order is over; nothing is placed.
  await giveTerms(admin.page, asAdmin, companyId, 30, 100);
  consoleErrors.allow(/status of 409/);
  const placeOrder = checkout.getByRole("button", { name: "Place order" });
  await placeOrder.click();
  const refusal = checkout.getByRole("alert");
  await expect(refusal).toHaveText(
    /^This order is \$[\d,]+\.\d\d over your company's credit \(\$100\.00 left\): pay by card, remove lines, or ask for a quote\.$/,
  );
  await expect(refusal).toBeFocused();
  await expect(refusal).toBeInViewport({ ratio: 1 });
  await expect(placeOrder).toBeInViewport({ ratio: 1 });
  // The choice reads the credit again: $100 left, the order over it, only card open.
  await expect(howToPay).toContainText("$100.00 of credit left");
  await expect(howToPay.getByRole("radio", { name: "Card", exact: true })).toBeChecked();
  expect(await refusal.evaluate((element) => element.nextElementSibling?.textContent)).toBe("Place order");
  await expect(page).toHaveURL(/\/cart$/);
  await expectAccessible(page);
  await shot(page, testInfo, "checkout-refused");

  // Terms back, the buyer reads them again and places it on account.
  await giveTerms(admin.page, asAdmin, companyId, 30, 50_000);
  await page.reload();
  await expect(howToPay.getByText("$50,000.00 of credit left")).toBeVisible();
  await checkout.getByLabel("Phone").fill("5550109000");
  await checkout.getByLabel("Delivery address").fill("9 Ledger Lane, Springfield");
  await invoice.check();
  await placeOrder.click();

  // Placed on account: its own page, nothing to pay by card.
  await expect(page).toHaveURL(/\/dashboard\/myorders\/[0-9a-f-]{36}$/);
  const orderId = page.url().split("/").at(-1) ?? "";
  await expect(toast(page, "Your order is placed on account: its invoice comes when it ships")).toBeVisible();
  await expect(page.getByText(/^Placed on account: nothing to pay now\./)).toBeVisible();
  // Its two facts in a buyer's words: nothing is owed before the invoice, so no "Unpaid".
  const delivery = page.getByRole("definition").first();
  const payment = page.getByRole("definition").nth(1);
  await expect(delivery).toHaveText("To ship");
  await expect(payment).toHaveText("Invoice when shipped, net 30");
  await expect(page.getByText("Unpaid", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /^Pay/ })).toHaveCount(0);
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);

  // The admin finds it where the overview's "Orders to ship" leads: the To ship list, beside the paid card orders.
  const { number } = (await (await page.request.get(`/api/ordering/${orderId}`, { headers: asBuyer })).json()) as {
    number: string;
  };
  await admin.page.goto("/dashboard");
  await admin.page.getByRole("link", { name: "Open the orders to ship" }).click();
  await expect(admin.page).toHaveURL(/\/dashboard\/orders\?status=to-ship$/);
  const tabs = admin.page.getByRole("navigation", { name: "Order status" });
  await expect(tabs.getByRole("link", { name: /^To ship \(\d+\)$/ })).toHaveAttribute("aria-current", "page");
  await admin.page.getByLabel("Search by customer email, product or order number").fill(number);
  await admin.page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(tabs.getByRole("link", { name: "To ship (1)", exact: true })).toBeVisible();
  await expectAccessible(admin.page);
  await expectNoHorizontalScroll(admin.page);

  // The admin ships it unpaid: that issues its invoice, due 30 days after.
  await admin.page.getByRole("link", { name: number, exact: true }).click();
  await expect(admin.page).toHaveURL(`/dashboard/orders/${orderId}`);
  const actions = admin.page.getByRole("region", { name: "Actions" });
  await expect(
    actions.getByText("On account: shipping issues its invoice, due in 30 days.", { exact: false }),
  ).toBeVisible();
  // The whole order, by Ship (beside it, Ship part ships a part with its own invoice: shipment-invoices.spec.ts).
  const ship = actions.getByRole("form", { name: "Ship", exact: true });
  await ship.getByLabel("Carrier", { exact: true }).fill("UPS");
  await ship.getByLabel("Tracking number", { exact: true }).fill(`1Z${Date.now()}`);
  await ship.getByRole("button", { name: "Ship order" }).click();
  const due = dueDay(new Date(Date.now() + 30 * DAY_MS));
  await expect(toast(admin.page, "Order shipped")).toBeVisible();
  await expectToastAccessible(admin.page, "Order shipped");
  const details = admin.page.getByRole("region", { name: "Details" });
  await expect(details.getByText(`Due ${due.short}`, { exact: true })).toBeVisible();
  await expectAccessible(admin.page);
  await expectNoHorizontalScroll(admin.page);

  // The buyer reads the due day on the order and in its invoice.
  await page.reload();
  await expect(delivery).toHaveText("Shipped");
  await expect(payment).toHaveText(`Due ${due.short}`);
  const invoiceButton = page.getByRole("button", { name: /^Download invoice INV-\d{4}-\d{6} \(PDF\)$/ });
  await expect(invoiceButton).toBeVisible();
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  const download = page.waitForEvent("download");
  await invoiceButton.click();
  const text = await pdfText(await download);
  expect(text).toContain(`Payment due by ${due.long} (net 30)`);

  // My Orders says it too, in the row (a stacked card on a phone).
  await page.goto("/dashboard");
  const orderRow = page.getByRole("row").filter({ has: page.getByRole("link", { name: /^FL-\d{6,}$/ }) });
  await expect(orderRow).toContainText(`ShippedDue ${due.short}`);
  await expectNoHorizontalScroll(page);

  // The shop receives part of it by bank transfer, and credits some back by a credit note: the buyer's order lists
  // each movement of money as its own line, in order, says it is paid in part, and its history names the payment.
  const reference = `LEDGER-TRF-${Date.now()}`;
  const today = new Date();
  const received = await admin.page.request.post(`/api/admin/companies/${companyId}/payments`, {
    headers: asAdmin,
    data: {
      amount: 100,
      receivedAt: today.toISOString().slice(0, 10),
      reference,
      allocations: [{ orderId, amount: 100 }],
    },
  });
  expect(received.status(), await received.text()).toBe(201);
  const credited = await admin.page.request.post(`/api/admin/orders/${orderId}/credit-notes`, {
    headers: asAdmin,
    data: { amount: 25, reason: "Two tapes short" },
  });
  expect(credited.status(), await credited.text()).toBe(201);
  const { creditNotes, balance, price } = (await credited.json()) as {
    creditNotes: { number: string }[];
    balance: number;
    price: number;
  };
  await page.goto(`/dashboard/myorders/${orderId}`);
  await expect(payment).toHaveText("Paid in part");
  const payments = page.getByRole("region", { name: "Payments" }).getByRole("listitem");
  await expect(payments).toHaveText([
    `Total ${dollars(price)}`,
    `Paid $100.00 by bank transfer ${reference} on ${dueDay(today).short}`,
    `Credit note ${creditNotes[0]?.number} $25.00 (Two tapes short)`,
    `Balance ${dollars(balance)}`,
  ]);
  const history = page.getByRole("region", { name: "History" }).getByRole("listitem");
  await expect(history.filter({ hasText: "Payment received" })).toHaveCount(1);
  await expect(history.filter({ hasText: "Credit note" })).toHaveCount(1);
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await pageShots(page, testInfo, "order-on-account-buyer");
  await admin.page.goto(`/dashboard/orders/${orderId}`);
  await expect(admin.page.getByRole("region", { name: "Payments" }).getByRole("listitem")).toHaveCount(4);
  await expectAccessible(admin.page);
  await expectNoHorizontalScroll(admin.page);
  await pageShots(admin.page, testInfo, "order-on-account-admin");

  expect(owner.errors, "console errors on the owner's page").toEqual([]);
  expect(admin.errors, "console errors on the admin's page").toEqual([]);
  await owner.close();
  await admin.close();
});
