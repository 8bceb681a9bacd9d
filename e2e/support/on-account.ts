import type { Browser, Page, TestInfo } from "@playwright/test";
import { bearerOf, E2E_ADMIN, newCustomer, signInThroughApi, signUpThroughApi } from "./accounts.js";
import { productIdOf } from "./cart.js";
import { anotherPerson, expect } from "./fixtures.js";
import { confirmAddress, mailsTo } from "./mail.js";

/**
 * Buying on account as the browser tests set it up through the API (docs/BUYING-ON-ACCOUNT.md), where the pages are
 * not what a test is about: a company with an owner and a buyer, its terms, orders on account and their invoices.
 */

type Bearer = { authorization: string };

/** The link of the company invitation mailed to `email`. */
export async function invitationToken(email: string): Promise<string> {
  const tokens = (await mailsTo(email)).map((mail) => mail.raw.match(/\/invitations\/([A-Za-z0-9_-]{43})/)?.[1]);
  return tokens.filter(Boolean).at(-1) ?? "";
}

/**
 * A company made by an owner at another browser, and a new buyer at `page` who joined it by the mailed invitation
 * (company.spec.ts makes one through the pages). Both addresses are confirmed. Close `owner` when done.
 */
export async function companyWithBuyer(page: Page, browser: Browser, testInfo: TestInfo, companyName: string) {
  const owner = await anotherPerson(browser, testInfo);
  const ownerAccount = await signUpThroughApi(owner.page, newCustomer("Otto Owner", "otto"));
  await confirmAddress(owner.page, ownerAccount.email);
  const asOwner = await bearerOf(owner.page, ownerAccount.email);
  const made = await owner.page.request.post("/api/companies", { headers: asOwner, data: { name: companyName } });
  expect(made.status(), await made.text()).toBe(201);
  const companyId = ((await made.json()) as { insertedId: string }).insertedId;
  const buyer = await signUpThroughApi(page, newCustomer("Bea Buyer", "bea"));
  const invited = await owner.page.request.post(`/api/companies/${companyId}/invitations`, {
    headers: asOwner,
    data: { email: buyer.email, role: "buyer" },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  await confirmAddress(page, buyer.email);
  await expect.poll(() => invitationToken(buyer.email)).not.toBe("");
  const asBuyer = await bearerOf(page, buyer.email);
  const joined = await page.request.post(`/api/invitations/${await invitationToken(buyer.email)}/accept`, {
    headers: asBuyer,
  });
  expect(joined.status(), await joined.text()).toBe(200);
  return { companyId, owner, buyer, asBuyer };
}

/** The shop's admin at another browser, signed in, with the bearer for the calls a test makes itself. */
export async function adminAtAnotherBrowser(browser: Browser, testInfo: TestInfo, allowed: RegExp[] = []) {
  const admin = await anotherPerson(browser, testInfo, allowed);
  await signInThroughApi(admin.page, E2E_ADMIN.email, E2E_ADMIN.password);
  return { ...admin, asAdmin: await bearerOf(admin.page, E2E_ADMIN.email) };
}

/** Terms on account given by the admin through the API (on-account.spec.ts gives them on the companies page). */
export async function giveTerms(page: Page, asAdmin: Bearer, companyId: string, netDays = 30, creditLimit = 50_000) {
  const terms = await page.request.patch(`/api/admin/companies/${companyId}`, {
    headers: asAdmin,
    data: { paymentTerms: { netDays, creditLimit } },
  });
  expect(terms.status(), await terms.text()).toBe(200);
}

/** An order on account of `quantity` pieces of a tool, placed by the buyer through the API; answers its id. */
export async function placeOnAccount(page: Page, asBuyer: Bearer, productName: string, quantity: number) {
  const placed = await page.request.post("/api/ordering", {
    headers: asBuyer,
    data: {
      orderId: await productIdOf(page, productName),
      quantity,
      phone: "5550109000",
      address: "9 Ledger Lane, Springfield",
      paymentMethod: "invoice",
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return ((await placed.json()) as { insertedId: string }).insertedId;
}

/** What a test reads of an order on account once invoiced. */
export interface InvoicedOrder {
  _id: string;
  number: string;
  price: number;
  balance: number;
  invoice: { number: string; issuedAt: string; dueAt: string };
}

/** The order shipped by the admin through the API, which issues its invoice; answers the order as shipped. */
export async function shipThroughApi(page: Page, asAdmin: Bearer, orderId: string): Promise<InvoicedOrder> {
  const shipped = await page.request.post(`/api/admin/orders/${orderId}/ship`, {
    headers: asAdmin,
    data: { carrier: "UPS", trackingNumber: `1Z${Date.now()}` },
  });
  expect(shipped.status(), await shipped.text()).toBe(200);
  const order = (await shipped.json()) as InvoicedOrder;
  expect(order.invoice?.number).toMatch(/^INV-\d{4}-\d{6}$/);
  return order;
}
