import type { Page } from "@playwright/test";
import { bearerOf, E2E_ADMIN, newCustomer, signInThroughApi, signUpThroughApi } from "../support/accounts.js";
import { payWithTestCard, productIdOf } from "../support/cart.js";
import { anotherPerson, expect, expectAccessible, expectNoHorizontalScroll, test } from "../support/fixtures.js";
import { confirmAddress, mailsTo } from "../support/mail.js";

// Its stock is ample and checked nowhere: an order on account sets its pieces aside when placed.
const TAPE = "Forgeline 25 ft. Tape Measure";
const dollars = (amount: number) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(amount);

/** The link of the company invitation mailed to `email`. */
async function invitationToken(email: string): Promise<string> {
  const tokens = (await mailsTo(email)).map((mail) => mail.raw.match(/\/invitations\/([A-Za-z0-9_-]{43})/)?.[1]);
  return tokens.filter(Boolean).at(-1) ?? "";
}

/**
 * A buyer of a company on net 30 with an order on account that shipped (set up through the API, as
 * on-account.spec.ts does it through the pages): answers the buyer's page, already signed in, and the order's id.
 */
async function shippedInvoice(page: Page, owner: Page, admin: Page, companyName: string) {
  const ownerAccount = await signUpThroughApi(owner, newCustomer("Otto Owner", "otto"));
  await confirmAddress(owner, ownerAccount.email);
  const asOwner = await bearerOf(owner, ownerAccount.email);
  const made = await owner.request.post("/api/companies", { headers: asOwner, data: { name: companyName } });
  expect(made.status(), await made.text()).toBe(201);
  const companyId = ((await made.json()) as { insertedId: string }).insertedId;
  const buyerAccount = await signUpThroughApi(page, newCustomer("Bea Buyer", "bea"));
  const invited = await owner.request.post(`/api/companies/${companyId}/invitations`, {
    headers: asOwner,
    data: { email: buyerAccount.email, role: "buyer" },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  await confirmAddress(page, buyerAccount.email);
  await expect.poll(() => invitationToken(buyerAccount.email)).not.toBe("");
  const asBuyer = await bearerOf(page, buyerAccount.email);
  const joined = await page.request.post(`/api/invitations/${await invitationToken(buyerAccount.email)}/accept`, {
    headers: asBuyer,
  });
  expect(joined.status(), await joined.text()).toBe(200);

  await signInThroughApi(admin, E2E_ADMIN.email, E2E_ADMIN.password);
  const asAdmin = await bearerOf(admin, E2E_ADMIN.email);
  const terms = await admin.request.patch(`/api/admin/companies/${companyId}`, {
    headers: asAdmin,
    data: { paymentTerms: { netDays: 30, creditLimit: 50_000 } },
  });
  expect(terms.status(), await terms.text()).toBe(200);
  const placed = await page.request.post("/api/ordering", {
    headers: asBuyer,
    data: {
      orderId: await productIdOf(page, TAPE),
      quantity: 100,
      phone: "5550109000",
      address: "9 Ledger Lane, Springfield",
      paymentMethod: "invoice",
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const orderId = ((await placed.json()) as { insertedId: string }).insertedId;
  const shipped = await admin.request.post(`/api/admin/orders/${orderId}/ship`, {
    headers: asAdmin,
    data: { carrier: "UPS", trackingNumber: `1Z${Date.now()}` },
  });
  expect(shipped.status(), await shipped.text()).toBe(200);
  const order = (await shipped.json()) as { balance: number; invoice: { number: string } };
  return { orderId, balance: order.balance, invoiceNumber: order.invoice.number };
}

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
  const owner = await anotherPerson(browser, testInfo);
  const admin = await anotherPerson(browser, testInfo);
  const companyName = `Card Ledger Works ${testInfo.project.name} ${Date.now()}`;
  const { orderId, balance, invoiceNumber } = await shippedInvoice(page, owner.page, admin.page, companyName);

  await page.goto(`/dashboard/myorders/${orderId}`);
  const status = page.getByRole("definition").first();
  await expect(status).toHaveText(/^ShippedOn account, due /);
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
  await expect(status).toHaveText("ShippedOn account, paid");
  const balanceLeft = page
    .getByRole("term")
    .filter({ hasText: /^Balance$/ })
    .locator("xpath=following-sibling::dd[1]");
  await expect(balanceLeft).toHaveText("$0.00");
  await expect(page.getByRole("link", { name: /^Pay/ })).toHaveCount(0);
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);

  expect(owner.errors, "console errors on the owner's page").toEqual([]);
  expect(admin.errors, "console errors on the admin's page").toEqual([]);
  await owner.close();
  await admin.close();
});
