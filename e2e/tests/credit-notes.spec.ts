import type { Page } from "@playwright/test";
import { bearerOf, newCustomer, signUpThroughApi } from "../support/accounts.js";
import {
  expect,
  expectAccessible,
  expectNoHorizontalScroll,
  expectVisibleFieldEdges,
  test,
} from "../support/fixtures.js";
import { confirmAddress } from "../support/mail.js";
import { dollars } from "../support/money.js";
import { adminAtAnotherBrowser, giveTerms, placeOnAccount, shipThroughApi } from "../support/on-account.js";
import { pdfText } from "../support/pdf.js";
import { pageShots, shot } from "../support/shots.js";

// Its stock is ample and checked nowhere: an order on account sets its pieces aside when placed.
const TAPE = "Forgeline 25 ft. Tape Measure";
const REASON = "Ten tapes damaged in transit";
const toast = (page: Page, text: RegExp) => page.locator(".Toastify").getByText(text);

/**
 * docs/BUYING-ON-ACCOUNT.md, 'Credit notes', in the browser: a buyer's order on account is shipped (invoiced, set up
 * through the API as on-account.spec.ts does through the pages); the admin refunds part of it by a credit note from
 * the order's page, asked for its reason first (required, beside its field), which lists the note with its reason and
 * lowers the balance; the buyer sees it on their order and downloads its PDF, which names the credit note, the
 * invoice, the reason and the amount.
 */
test("an admin refunds part of an invoiced order by a credit note; the buyer downloads it", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const buyer = await signUpThroughApi(page, newCustomer("Cora Credit", "cora"));
  await confirmAddress(page, buyer.email);
  const asBuyer = await bearerOf(page, buyer.email);
  const made = await page.request.post("/api/companies", {
    headers: asBuyer,
    data: { name: `Credit Works ${testInfo.project.name} ${Date.now()}` },
  });
  expect(made.status(), await made.text()).toBe(201);
  const companyId = ((await made.json()) as { insertedId: string }).insertedId;

  // The refusal of a credit note without its reason is the 400 the browser reports.
  const admin = await adminAtAnotherBrowser(browser, testInfo, [/status of 400/]);
  // On the phone project, the phones of the design: 390 px wide.
  if (testInfo.project.name === "phone") await admin.page.setViewportSize({ width: 390, height: 844 });
  await giveTerms(admin.page, admin.asAdmin, companyId);
  const orderId = await placeOnAccount(page, asBuyer, TAPE, 100);
  const { price, invoice } = await shipThroughApi(admin.page, admin.asAdmin, orderId);

  // The admin refunds $100 of it by a credit note, from the order's page.
  await admin.page.goto(`/dashboard/orders/${orderId}`);
  const actions = admin.page.getByRole("region", { name: "Actions" });
  await actions.getByRole("button", { name: "Refund by credit note" }).click();
  const dialog = admin.page.getByRole("dialog", { name: /^Refund order FL-\d+ by a credit note$/ });
  const amount = dialog.getByLabel("Amount to credit in dollars");
  await expect(amount).toHaveValue(price.toFixed(2));
  await amount.fill("100");
  await expect(dialog.getByRole("checkbox", { name: "Return the pieces to stock (100)" })).toBeDisabled();
  // Without a reason the server refuses it, beside the field, which takes the focus.
  await dialog.getByRole("button", { name: "Issue credit note" }).click();
  const reason = dialog.getByLabel("Reason (required, shown to the buyer)");
  await expect(dialog.getByText("Reason is Required")).toBeVisible();
  await expect(reason).toBeFocused();
  await expect(reason).toHaveAttribute("aria-invalid", "true");
  await expect(reason).toBeInViewport();
  await expectAccessible(admin.page);
  await shot(admin.page, testInfo, "credit-note-dialog-refused");
  await reason.fill(REASON);
  await expect(dialog.getByText("Reason is Required")).toHaveCount(0);
  await expectAccessible(admin.page);
  await expectVisibleFieldEdges(admin.page);
  await shot(admin.page, testInfo, "credit-note-dialog");
  await dialog.getByRole("button", { name: "Issue credit note" }).click();
  await expect(toast(admin.page, /^Credit note CN-\d{6} issued$/)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const notes = admin.page.getByRole("region", { name: "Credit notes" });
  await expect(notes.getByRole("listitem")).toContainText(`$100.00 credited (${REASON})`);
  const number = ((await notes.getByRole("listitem").textContent()) ?? "").match(/CN-\d{6}/)?.[0] ?? "";
  expect(number).not.toBe("");
  const payments = admin.page.getByRole("region", { name: "Payments" }).getByRole("listitem");
  await expect(payments.filter({ hasText: /^Credit note CN-\d{6} \$100\.00 \(.+\)$/ })).toHaveCount(1);
  await expect(payments.last()).toHaveText(`Balance ${dollars(price - 100)}`);
  await expectAccessible(admin.page);
  await expectNoHorizontalScroll(admin.page);
  await pageShots(admin.page, testInfo, "order-credited-admin");

  // The buyer sees it on the order, and downloads its PDF.
  await page.goto(`/dashboard/myorders/${orderId}`);
  const listed = page.getByRole("region", { name: "Credit notes" });
  await expect(listed.getByRole("listitem")).toContainText(`${number}`);
  await expect(listed.getByRole("listitem")).toContainText(`(${REASON})`);
  await expect(
    page
      .getByRole("region", { name: "Payments" })
      .getByRole("listitem")
      .filter({ hasText: `Balance ${dollars(price - 100)}` }),
  ).toBeVisible();
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await pageShots(page, testInfo, "order-credited-buyer");
  const download = page.waitForEvent("download");
  await listed.getByRole("button", { name: `Download ${number} (PDF)` }).click();
  const text = await pdfText(await download);
  expect(text).toContain(`Credit note ${number}`);
  expect(text).toContain(`Credits invoice ${invoice.number}`);
  expect(text).toContain(`Reason: ${REASON}`);
  expect(text).toContain("Credited $100.00");

  expect(admin.errors, "console errors on the admin's page").toEqual([]);
  await admin.close();
});
