import type { Page } from "@playwright/test";
import { bearerOf, newCustomer, signUpThroughApi } from "../support/accounts.js";
import { expect, expectAccessible, expectNoHorizontalScroll, test } from "../support/fixtures.js";
import { confirmAddress } from "../support/mail.js";
import { dollars } from "../support/money.js";
import { adminAtAnotherBrowser, giveTerms, placeOnAccount } from "../support/on-account.js";
import { pdfText } from "../support/pdf.js";
import { pageShots } from "../support/shots.js";

// Its stock is ample and checked nowhere: an order on account sets its pieces aside when placed.
const TAPE = "Forgeline 25 ft. Tape Measure";

type Bearer = { authorization: string };
interface ShipmentInvoice {
  number: string;
  dueAt: string;
  amount: number;
}

/** The invoices of the order's shipments, as its buyer's answer lists them. */
async function invoicesOf(page: Page, asBuyer: Bearer, orderId: string): Promise<ShipmentInvoice[]> {
  const order = (await (await page.request.get(`/api/ordering/${orderId}`, { headers: asBuyer })).json()) as {
    shipments: { invoice: ShipmentInvoice | null }[];
  };
  return order.shipments.flatMap((shipment) => (shipment.invoice ? [shipment.invoice] : []));
}

/**
 * docs/decisions/077-invoices-per-shipment.md in the browser: the admin ships part of a buyer's order on account from
 * its page (Ship part, offered on account now), which issues that part's invoice; the buyer sees it on the order's
 * shipments with its number and due date and downloads it; the admin ships the rest, and the buyer sees two invoices,
 * one per shipment, adding up to the order's total.
 */
test("an admin ships part of an order on account; the buyer downloads its invoice, then sees two", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const buyer = await signUpThroughApi(page, newCustomer("Ivy Invoice", "ivy"));
  await confirmAddress(page, buyer.email);
  const asBuyer = await bearerOf(page, buyer.email);
  const made = await page.request.post("/api/companies", {
    headers: asBuyer,
    data: { name: `Parcel Works ${testInfo.project.name} ${Date.now()}` },
  });
  expect(made.status(), await made.text()).toBe(201);
  const companyId = ((await made.json()) as { insertedId: string }).insertedId;
  const admin = await adminAtAnotherBrowser(browser, testInfo);
  await giveTerms(admin.page, admin.asAdmin, companyId);
  const orderId = await placeOnAccount(page, asBuyer, TAPE, 200);

  // The admin ships 80 of the 200 from the order's page.
  await admin.page.goto(`/dashboard/orders/${orderId}`);
  const form = admin.page.getByRole("form", { name: "Ship part" });
  await expect(form.getByText(/^On account: this part issues its own invoice/)).toBeVisible();
  // Chosen, not taken as it stands: the list fills once the warehouses are read.
  await form.getByLabel("From warehouse").selectOption({ label: "Main warehouse (MAIN)" });
  await form.getByLabel(/Tape Measure/).fill("80");
  await form.getByLabel("Carrier of this part").fill("DHL");
  await form.getByLabel("Tracking number of this part").fill("JD0077");
  await form.getByRole("button", { name: "Ship part" }).click();
  const adminShipments = admin.page.getByRole("region", { name: "Shipments" });
  await expect(adminShipments.getByRole("heading", { name: /Shipment 1/ })).toBeVisible();
  const [first] = await invoicesOf(page, asBuyer, orderId);
  if (!first) throw new Error("the first shipment issued no invoice");
  await expect(adminShipments.getByText(`Invoice ${first.number}: ${dollars(first.amount)}, due`)).toBeVisible();
  await expectAccessible(admin.page);
  await expectNoHorizontalScroll(admin.page);

  // The buyer sees the first invoice on the order's shipments, and downloads it.
  await page.goto(`/dashboard/myorders/${orderId}`);
  const shipments = page.getByRole("region", { name: "Shipments" });
  await expect(shipments.getByText(`Invoice ${first.number}: ${dollars(first.amount)}, due`)).toBeVisible();
  await expect(shipments.getByText("Still to come")).toBeVisible();
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await pageShots(page, testInfo, "shipment-invoice-first");
  const download = page.waitForEvent("download");
  await shipments.getByRole("button", { name: `Invoice ${first.number} (PDF)` }).click();
  const text = await pdfText(await download);
  expect(text).toContain(`Invoice ${first.number}`);
  expect(text).toContain("Payment due by");
  expect(text).toContain(`80 `);

  // The admin ships the rest: the second shipment issues the second invoice.
  await admin.page.reload();
  const ship = admin.page.getByRole("form", { name: "Ship", exact: true });
  await ship.getByLabel("Carrier", { exact: true }).fill("UPS");
  await ship.getByLabel("Tracking number", { exact: true }).fill("1Z077");
  await ship.getByRole("button", { name: "Ship the rest" }).click();
  await expect(adminShipments.getByRole("heading", { name: /Shipment 2/ })).toBeVisible();
  await expect(admin.page.getByText(/^One per shipment: INV-/)).toBeVisible();
  await expectAccessible(admin.page);
  await expectNoHorizontalScroll(admin.page);
  await pageShots(admin.page, testInfo, "shipment-invoices-admin");

  // The buyer sees two invoices, one per shipment, adding up to the order's total.
  const invoices = await invoicesOf(page, asBuyer, orderId);
  expect(invoices).toHaveLength(2);
  const [, second] = invoices as [ShipmentInvoice, ShipmentInvoice];
  await page.reload();
  for (const invoice of invoices) {
    await expect(shipments.getByRole("button", { name: `Invoice ${invoice.number} (PDF)` })).toBeVisible();
  }
  await expect(page.getByText(`${first.number}, ${second.number}`, { exact: true })).toBeVisible();
  const { price } = (await (await page.request.get(`/api/ordering/${orderId}`, { headers: asBuyer })).json()) as {
    price: number;
  };
  expect(Math.round((first.amount + second.amount) * 100)).toBe(Math.round(price * 100));
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await pageShots(page, testInfo, "shipment-invoices-buyer");
  expect(admin.errors, "console errors on the admin's page").toEqual([]);
  await admin.close();
});
