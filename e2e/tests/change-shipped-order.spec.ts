import { productIdOf } from "../support/cart.js";
import { expect, expectAccessible, expectNoHorizontalScroll, test } from "../support/fixtures.js";
import { dollars } from "../support/money.js";
import { adminAtAnotherBrowser, companyWithBuyer, giveTerms, placeOnAccount } from "../support/on-account.js";
import { shot } from "../support/shots.js";

// 100 to 1000 pieces in steps of 10 at $7.90; 100 to 500 in steps of 25 at $14.50, $13.50 from 200
// (server/seed/catalogue.json).
const TAPE = "Forgeline 25 ft. Tape Measure";
const HAMMER = "Forgeline 16 oz Claw Hammer";

/**
 * The last piece of issue 48 in the browser (docs/decisions/079-changing-an-order-shipped-in-part.md): an order on
 * account of tapes and hammers whose tapes have shipped, invoiced for them; its buyer opens "Change order" from the
 * order page, sees the tape line fixed ("200 ordered, 200 shipped") with no field, raises the hammers into their tier,
 * and finds the new total on the order page while the tapes' invoice stays as it was; on a 390 px phone too.
 */
test("a buyer changes an order on account shipped in part: the shipped line fixed, the rest changed", async ({
  page,
  browser,
  isMobile,
}, testInfo) => {
  test.setTimeout(240_000);
  if (isMobile) await page.setViewportSize({ width: 390, height: 844 });
  const { owner, companyId, asBuyer } = await companyWithBuyer(
    page,
    browser,
    testInfo,
    `Part Shipped Works ${testInfo.project.name} ${Date.now()}`,
  );
  await owner.close();
  const admin = await adminAtAnotherBrowser(browser, testInfo);
  await giveTerms(admin.page, admin.asAdmin, companyId);
  const orderId = await placeOnAccount(page, asBuyer, TAPE, 200);
  const [tape, hammer] = [await productIdOf(page, TAPE), await productIdOf(page, HAMMER)];
  // The hammers added before anything ships (through the API: the change page is what the test is about below).
  const lines = {
    lines: [
      { productId: tape, quantity: 200 },
      { productId: hammer, quantity: 100 },
    ],
  };
  const previewed = await page.request.post(`/api/ordering/${orderId}/changes/preview`, {
    headers: asBuyer,
    data: lines,
  });
  expect(previewed.status(), await previewed.text()).toBe(200);
  const { revision, after } = (await previewed.json()) as { revision: number; after: { total: number } };
  const added = await page.request.post(`/api/ordering/${orderId}/changes`, {
    headers: asBuyer,
    data: { ...lines, revision, expectedTotal: after.total },
  });
  expect(added.status(), await added.text()).toBe(200);
  // The tapes ship, with their invoice.
  const warehouses = (await (
    await admin.page.request.get("/api/admin/warehouses", { headers: admin.asAdmin })
  ).json()) as {
    _id: string;
  }[];
  const part = await admin.page.request.post(`/api/admin/orders/${orderId}/shipments`, {
    headers: admin.asAdmin,
    data: {
      warehouseId: warehouses[0]?._id,
      lines: [{ productId: tape, quantity: 200 }],
      carrier: "UPS",
      trackingNumber: `1Z${Date.now()}`,
    },
  });
  expect(part.status(), await part.text()).toBe(200);
  const invoice = ((await part.json()) as { shipments: { invoice: { number: string; amount: number } }[] }).shipments[0]
    ?.invoice;
  await admin.close();

  await page.goto(`/dashboard/myorders/${orderId}`);
  await page.getByRole("link", { name: "Change order" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Change order FL-\d+$/ })).toBeVisible();
  // The tapes have shipped: their line stays as it is, with no field and no Remove.
  const tapeLine = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: TAPE }) });
  await expect(tapeLine).toContainText("200 ordered, 200 shipped");
  await expect(tapeLine).toContainText("Shipped: this line stays as it is.");
  await expect(page.getByLabel(/^Pieces ?of Forgeline 25 ft\. Tape Measure$/)).toHaveCount(0);
  await expect(tapeLine.getByRole("button")).toHaveCount(0);

  // 200 hammers: their tier's $13.50.
  await page.getByLabel(/^Pieces ?of Forgeline 16 oz Claw Hammer$/).fill("200");
  await page.getByRole("button", { name: "Preview changes" }).click();
  const preview = page.getByRole("region", { name: "The lines before and after the change" });
  await expect(preview.getByRole("row").filter({ hasText: HAMMER })).toContainText(/was\s*\$14\.50.*now\s*\$13\.50/);
  await expect(preview.getByRole("row").filter({ hasText: TAPE })).toContainText(/\$1,580\.00/);
  const newTotal = (await page.getByTestId("total-after").textContent()) ?? "";
  expect(newTotal).toMatch(/^\$[\d,]+\.\d\d$/);
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await shot(page, testInfo, "change-shipped-order-preview", true);

  await page.getByRole("button", { name: "Confirm change" }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/myorders/${orderId}$`));
  const orderLines = page.getByRole("region", { name: "Order lines" });
  await expect(orderLines.getByRole("row").filter({ hasText: HAMMER })).toContainText(/200\s*\$13\.50.*\$2,700\.00/);
  await expect(page.getByText(newTotal, { exact: true }).first()).toBeVisible();
  // The tapes' invoice is as it was issued.
  const shipments = page.getByRole("region", { name: "Shipments" });
  await expect(shipments.getByText(`Invoice ${invoice?.number}: ${dollars(invoice?.amount ?? 0)}, due`)).toBeVisible();
  await expect(page.getByRole("link", { name: "Change order" })).toBeVisible();
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await shot(page, testInfo, "change-shipped-order-changed", true);
});
