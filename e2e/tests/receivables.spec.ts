import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { dashboardMenu } from "../support/dashboard.js";
import { expect, expectAccessible, expectNoHorizontalScroll, test } from "../support/fixtures.js";
import { tabTo } from "../support/keyboard.js";
import { dollars } from "../support/money.js";
import {
  adminAtAnotherBrowser,
  companyWithBuyer,
  giveTerms,
  placeOnAccount,
  shipThroughApi,
} from "../support/on-account.js";
import { pdfText } from "../support/pdf.js";
import { pageShots } from "../support/shots.js";

// Their stock is ample: an order on account sets its pieces aside when placed, and other specs take few.
const TAPE = "Forgeline 25 ft. Tape Measure";
const HAMMER = "Forgeline 16 oz Claw Hammer";

/** A day as the statement writes it, in UTC: "Dec 26, 2026". */
const dayText = (iso: string) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(iso));
const monthNow = () => new Date().toISOString().slice(0, 7);
const monthInWords = (month: string) =>
  new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
const toast = (page: Page, text: string | RegExp) => page.locator(".Toastify").getByText(text);
/** A figure of a list of figures, by its name. */
const figure = (page: Page, list: string, label: string) =>
  page
    .locator(`dl[aria-label="${list}"] div`)
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator("dd");

/**
 * docs/BUYING-ON-ACCOUNT.md, 'Statements and receivables', in the browser: a buyer of a company on net 30 opens the
 * statement from the drawer, reads the open invoice with its due date and balance, the aging and the credit, finds
 * the invoice among the month's entries, and downloads the month as a PDF.
 */
test("a buyer of a company on net 30 reads its statement and downloads the month as a PDF", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const companyName = `Statement Works ${testInfo.project.name} ${Date.now()}`;
  const { companyId, owner, asBuyer } = await companyWithBuyer(page, browser, testInfo, companyName);
  const admin = await adminAtAnotherBrowser(browser, testInfo);
  await giveTerms(admin.page, admin.asAdmin, companyId);
  const order = await shipThroughApi(admin.page, admin.asAdmin, await placeOnAccount(page, asBuyer, TAPE, 100));

  // From the drawer, as a buyer finds it.
  await page.goto("/dashboard");
  const drawer = await dashboardMenu(page);
  await drawer.getByRole("link", { name: "Statement", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/company\/statement$/);
  await expect(page.getByRole("heading", { level: 1, name: "Statement" })).toBeVisible();

  // What the company owes now: the invoice, not yet due, and the credit it uses.
  await expect(page.getByRole("heading", { name: `What ${companyName} owes now` })).toBeVisible();
  await expect(figure(page, "Credit", "Credit limit")).toHaveText("$50,000.00");
  await expect(figure(page, "Credit", "Credit used")).toHaveText(dollars(order.balance));
  await expect(figure(page, "Credit", "Credit available")).toHaveText(
    dollars((5_000_000 - Math.round(order.balance * 100)) / 100),
  );
  const aging = page.getByRole("table", { name: "What the open invoices owe, by days past due" });
  await expect(aging.getByRole("cell")).toHaveText([
    dollars(order.balance),
    dollars(order.balance),
    ...Array(4).fill("$0.00"),
  ]);
  const invoices = page.getByRole("table", { name: "Open invoices, the first due first" });
  const invoiceRow = invoices.getByRole("row").filter({ hasText: order.invoice.number });
  await expect(invoiceRow).toContainText(order.number);
  await expect(invoiceRow).toContainText(dayText(order.invoice.dueAt));
  await expect(invoiceRow).toContainText(dollars(order.balance));
  await expect(invoiceRow).toContainText("Not yet due");

  // This month: the invoice among its entries, the balance after it.
  const month = page.getByRole("table", { name: /^Statement of / });
  const entry = month.getByRole("row").filter({ hasText: `Invoice ${order.invoice.number} for order ${order.number}` });
  await expect(entry).toContainText(dollars(order.balance));
  await expect(month.getByRole("row").filter({ hasText: "Balance now" })).toContainText(dollars(order.balance));
  await expect(page.getByLabel("Month")).toHaveValue(monthNow());
  // This month first, never a later one.
  await expect(page.getByLabel("Month").locator("option").first()).toHaveText(monthInWords(monthNow()));
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await pageShots(page, test.info(), "statement");

  // The month as a PDF, named after it.
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: /^Download PDF/ }).click();
  const pdf = await download;
  expect(pdf.suggestedFilename()).toBe(`statement-${monthNow()}.pdf`);
  expect((await readFile(await pdf.path())).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const text = await pdfText(pdf);
  expect(text).toContain("Statement");
  expect(text).toContain(companyName);
  expect(text).toContain(order.invoice.number);

  expect(owner.errors, "console errors on the owner's page").toEqual([]);
  expect(admin.errors, "console errors on the admin's page").toEqual([]);
  await owner.close();
  await admin.close();
});

/**
 * An admin opens Receivables from the drawer, finds the company owing two invoices, records one bank transfer for
 * both; the row then shows nothing owed, the same reference again is refused beside its field, and both orders'
 * pages say they are paid.
 */
test("an admin records a transfer that pays two invoices; both orders then read paid", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const companyName = `Receivables Works ${testInfo.project.name} ${Date.now()}`;
  const { companyId, owner, asBuyer } = await companyWithBuyer(page, browser, testInfo, companyName);
  // The same reference twice is refused (409), which the browser notes in its console.
  const admin = await adminAtAnotherBrowser(browser, testInfo, [/status of 409/]);
  await giveTerms(admin.page, admin.asAdmin, companyId);
  const tapes = await shipThroughApi(admin.page, admin.asAdmin, await placeOnAccount(page, asBuyer, TAPE, 100));
  const hammers = await shipThroughApi(admin.page, admin.asAdmin, await placeOnAccount(page, asBuyer, HAMMER, 100));
  const owed = (Math.round(tapes.balance * 100) + Math.round(hammers.balance * 100)) / 100;

  await admin.page.goto("/dashboard");
  const drawer = await dashboardMenu(admin.page);
  await drawer.getByRole("link", { name: "Receivables", exact: true }).click();
  await expect(admin.page).toHaveURL(/\/dashboard\/receivables$/);
  await expect(admin.page.getByRole("heading", { level: 1, name: "Receivables" })).toBeVisible();
  const row = admin.page.getByRole("row").filter({ has: admin.page.getByRole("rowheader", { name: companyName }) });
  await expect(row).toContainText("Net 30 · limit $50,000.00");
  await expect(row).toContainText(dollars(owed));
  await expect(row).toContainText(`Current (not yet due): ${dollars(owed)}`);
  await expectAccessible(admin.page);
  await expectNoHorizontalScroll(admin.page);

  // One transfer for both invoices: it pays the oldest first, and both are paid.
  const reference = `TRF-${testInfo.project.name}-${Date.now()}`;
  await row.getByRole("button", { name: `Record a payment from ${companyName}` }).click();
  const dialog = admin.page.getByRole("dialog", { name: `Record a payment from ${companyName}` });
  await dialog.getByLabel("Amount in dollars").fill(owed.toFixed(2));
  await expect(dialog.getByLabel("Received on (UTC)")).toHaveValue(new Date().toISOString().slice(0, 10));
  await dialog.getByLabel("Transfer reference").fill(reference);
  await expectAccessible(admin.page);
  await dialog.getByRole("button", { name: "Record payment" }).click();
  await expect(
    toast(
      admin.page,
      `${dollars(owed)} from ${companyName} recorded: paid ${tapes.number} (${dollars(tapes.balance)}) and ${hammers.number} (${dollars(hammers.balance)}).`,
    ),
  ).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(row).toContainText("Nothing owed");
  await expect(row.getByRole("cell").nth(1)).toHaveText("$0.00");

  // The same transfer again, by keyboard alone: refused beside its reference, nothing recorded twice.
  await tabTo(admin.page, row.getByRole("button", { name: `Record a payment from ${companyName}` }));
  await admin.page.keyboard.press("Enter");
  await expect(dialog.getByLabel("Amount in dollars")).toBeFocused();
  await admin.page.keyboard.type("10");
  await admin.page.keyboard.press("Tab");
  await expect(dialog.getByLabel("Received on (UTC)")).toBeFocused();
  await tabTo(admin.page, dialog.getByLabel("Transfer reference"));
  await admin.page.keyboard.type(reference);
  await admin.page.keyboard.press("Enter");
  const referenceField = dialog.getByLabel("Transfer reference");
  await expect(referenceField).toHaveAttribute("aria-invalid", "true");
  await expect(referenceField).toBeFocused();
  await expect(dialog.getByText(`A payment with the reference ${reference} is recorded already.`)).toBeVisible();
  await expectAccessible(admin.page);
  await pageShots(admin.page, test.info(), "payment-received-refused");
  await admin.page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);

  // Both orders' pages say so, to their buyer.
  for (const order of [tapes, hammers]) {
    await page.goto(`/dashboard/myorders/${order._id}`);
    await expect(page.getByRole("heading", { level: 1, name: `Order ${order.number}` })).toBeVisible();
    await expect(page.getByRole("definition").nth(1)).toHaveText("Paid");
    await expectNoHorizontalScroll(page);
  }

  expect(owner.errors, "console errors on the owner's page").toEqual([]);
  expect(admin.errors, "console errors on the admin's page").toEqual([]);
  await owner.close();
  await admin.close();
});
