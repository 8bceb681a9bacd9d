import { bearerOf, E2E_ADMIN, newCustomer, signInThroughApi, signUpThroughApi } from "../support/accounts.js";
import { productIdOf } from "../support/cart.js";
import { expect, expectAccessible, expectNoHorizontalScroll, test } from "../support/fixtures.js";
import { pdfText } from "../support/pdf.js";

const TAPE = "Forgeline 25 ft. Tape Measure";
const BILLING = "Docs Works Accounts\n9 Ledger Lane, Leeds LS1 4AP";

/**
 * The documents a buyer downloads (docs/SELLING-TO-BUSINESSES.md, 'Companies' and 'Quotes'): an owner gives the
 * company a billing address in its settings, which the page keeps; a quote the shop priced offers its PDF on the
 * buyer's quote page, and the file is the quote: its line at the quoted price and its total.
 */
test("an owner saves the company's billing address; a priced quote's page downloads its PDF", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = await signUpThroughApi(page, newCustomer("Olive Owner", "olive"));
  const buyer = await bearerOf(page, owner.email);
  const company = `Docs Works ${Date.now()}`;
  const made = await page.request.post("/api/companies", { headers: buyer, data: { name: company } });
  expect(made.status()).toBe(201);

  await page.goto("/dashboard/company");
  const settings = page.getByRole("form", { name: "Settings" });
  const billing = settings.getByLabel(/^Billing address/);
  await expect(billing).toHaveValue("");
  await billing.fill(BILLING);
  await settings.getByRole("button", { name: "Save settings" }).click();
  await expect(page.locator(".Toastify").getByText("The company's settings are saved", { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("form", { name: "Settings" }).getByLabel(/^Billing address/)).toHaveValue(BILLING);
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);

  // A quote of 200 tape measures, asked through the API (quotes.spec.ts asks one through the pages), priced at $6.
  const tape = await productIdOf(page, TAPE);
  expect(
    (await page.request.put(`/api/cart/lines/${tape}`, { headers: buyer, data: { quantity: 200 } })).status(),
  ).toBe(200);
  const asked = await page.request.post("/api/quotes", { headers: buyer, data: { note: "For the yard" } });
  expect(asked.status()).toBe(201);
  const quoteId = ((await asked.json()) as { insertedId: string }).insertedId;

  await page.goto(`/dashboard/quotes/${quoteId}`);
  await expect(page.getByText("Waiting for a price")).toBeVisible();
  await expect(page.getByRole("button", { name: "Download quote (PDF)" })).toHaveCount(0);

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInThroughApi(admin, E2E_ADMIN.email, E2E_ADMIN.password);
  const sent = await admin.request.post(`/api/admin/quotes/${quoteId}/send`, {
    headers: await bearerOf(admin, E2E_ADMIN.email),
    data: {
      lines: [{ productId: tape, unitPrice: 6 }],
      expiresAt: new Date(Date.now() + 14 * 86_400_000).toISOString(),
      note: "Held for two weeks.",
      // Dearer than the cart charges today, with its promotion: the admin confirms it.
      confirmDearer: true,
    },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  await adminContext.close();

  await page.reload();
  await expect(page.getByText("Priced")).toBeVisible();
  const pdfButton = page.getByRole("button", { name: "Download quote (PDF)" });
  await expect(pdfButton).toBeVisible();
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  const download = page.waitForEvent("download");
  await pdfButton.click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`quote-${quoteId.slice(0, 8)}.pdf`);
  const text = (await pdfText(file)).replace(/\s+/g, "");
  for (const expected of [
    `Quote for ${TAPE}`,
    `${company}`,
    `${TAPE} (FL-TPM-25) 200 $6.00 $1,200.00`,
    "Total $1,200.00",
    "Note from",
    "Held for two weeks.",
  ]) {
    expect(text).toContain(expected.replace(/\s+/g, ""));
  }
});
