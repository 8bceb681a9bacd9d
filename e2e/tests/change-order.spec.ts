import { bearerOf } from "../support/accounts.js";
import { expect, expectAccessible, expectNoHorizontalScroll, test } from "../support/fixtures.js";
import { adminAtAnotherBrowser, companyWithBuyer, giveTerms, placeOnAccount } from "../support/on-account.js";
import { expectBeside } from "../support/refusals.js";
import { shot } from "../support/shots.js";

// 100 to 1000 pieces in steps of 10; $7.90 a piece, $7.20 from 300, $6.50 from 600 (server/seed/catalogue.json).
const TAPE = "Forgeline 25 ft. Tape Measure";

/**
 * Issue 48 in the browser (docs/decisions/075-the-change-order-page.md): a buyer of a company on account opens their
 * order, changes its pieces on "Change order" (an off-rule quantity refused beside its field), sees each line's old
 * and new price and the totals in the preview, confirms, and finds the new lines, total and a "Changed" history entry
 * on the order page; a change past the company's credit, and one made on a revision changed meanwhile, are refused
 * beside "Confirm change", on a 390 px phone too.
 */
test("a buyer on account changes an order's pieces: preview, confirm; over the credit or stale, refused", async ({
  page,
  browser,
  isMobile,
  consoleErrors,
}, testInfo) => {
  test.setTimeout(240_000);
  consoleErrors.allow(/status of 409/);
  if (isMobile) await page.setViewportSize({ width: 390, height: 844 });
  const companyName = `Change Works ${testInfo.project.name} ${Date.now()}`;
  const { owner, buyer, companyId } = await companyWithBuyer(page, browser, testInfo, companyName);
  await owner.close();
  const admin = await adminAtAnotherBrowser(browser, testInfo);
  await giveTerms(admin.page, admin.asAdmin, companyId, 30, 2500);
  await admin.close();
  const asBuyer = await bearerOf(page, buyer.email);
  const orderId = await placeOnAccount(page, asBuyer, TAPE, 200);

  await page.goto(`/dashboard/myorders/${orderId}`);
  await page.getByRole("link", { name: "Change order" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Change order FL-\d+$/ })).toBeVisible();
  const pieces = page.getByLabel(/^Pieces ?of Forgeline 25 ft\. Tape Measure$/);
  await expect(pieces).toHaveValue("200");
  await expect(page.getByText("Order 100 to 1000 pieces in steps of 10", { exact: true })).toBeVisible();

  // Off the tool's rule: said beside the field with the nearest allowed, before anything is asked of the shop.
  await pieces.fill("305");
  await expect(page.getByText("Order 100 to 1000 pieces in steps of 10: 300 or 310", { exact: true })).toBeVisible();

  // 300 pieces: the preview shows the line's old and new price (its tier changes) and the totals before and after.
  await pieces.fill("300");
  await page.getByRole("button", { name: "Preview changes" }).click();
  const lines = page.getByRole("region", { name: "The lines before and after the change" });
  const row = lines.getByRole("row").filter({ hasText: TAPE });
  await expect(row).toContainText("Pieces changed");
  await expect(row).toContainText(/was\s*200.*now\s*300/);
  await expect(row).toContainText(/was\s*\$7\.90.*now\s*\$7\.20/);
  await expect(row).toContainText(/was\s*\$1,580\.00.*now\s*\$2,160\.00/);
  const sums = page.getByRole("table", { name: "The order's sums before and after the change" });
  await expect(sums.getByRole("row").filter({ hasText: "Subtotal" })).toHaveText(
    /Subtotal\s*\$1,580\.00\s*\$2,160\.00/,
  );
  const newTotal = (await page.getByTestId("total-after").textContent()) ?? "";
  expect(newTotal).toMatch(/^\$[\d,]+\.\d\d$/);
  await expect(page.getByRole("heading", { name: "Your order after the change" })).toBeFocused();
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await shot(page, testInfo, "change-order-preview", true);

  // Confirmed: the order page shows the new line, the new total and the change in its history.
  await page.getByRole("button", { name: "Confirm change" }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/myorders/${orderId}$`));
  const orderLines = page.getByRole("region", { name: "Order lines" });
  await expect(orderLines.getByRole("row").filter({ hasText: TAPE })).toContainText(/300\s*\$7\.20.*\$2,160\.00/);
  await expect(page.getByText(newTotal, { exact: true }).first()).toBeVisible();
  const history = page.getByRole("region", { name: "History" }).getByRole("listitem");
  await expect(history.last()).toContainText("Changed");
  await expect(history.last()).toContainText(/Before: 200 × Forgeline 25 ft\. Tape Measure \(FL-TPM-25\) at \$7\.90/);
  await expect(history.last()).toContainText(/After: 300 × .* at \$7\.20/);
  await expectAccessible(page);
  await shot(page, testInfo, "change-order-changed", true);

  // 1000 pieces would take the company past its $2,500 credit: refused beside "Confirm change", focused.
  await page.getByRole("link", { name: "Change order" }).click();
  await pieces.fill("1000");
  await page.getByRole("button", { name: "Preview changes" }).click();
  await expect(page.getByRole("region", { name: "The lines before and after the change" })).toContainText(
    /was\s*\$7\.20.*now\s*\$6\.50/,
  );
  const confirm = page.getByRole("button", { name: "Confirm change" });
  await confirm.click();
  await expectBeside(
    page,
    page.getByRole("alert").filter({ hasText: "over your company's credit" }),
    confirm,
    /^This order is \$[\d,]+\.\d\d over your company's credit \(\$[\d,]+\.\d\d left\)/,
  );
  await shot(page, testInfo, "change-order-over-credit");

  // Meanwhile the order is changed elsewhere (another tab): this page's change was made on the revision before, 409.
  const productId = (
    (await (await page.request.get(`/api/ordering/${orderId}`, { headers: asBuyer })).json()) as {
      lines: { productId: string }[];
    }
  ).lines[0]?.productId;
  const lines400 = { lines: [{ productId, quantity: 400 }] };
  const previewed = await page.request.post(`/api/ordering/${orderId}/changes/preview`, {
    headers: asBuyer,
    data: lines400,
  });
  expect(previewed.status(), await previewed.text()).toBe(200);
  const { revision, after } = (await previewed.json()) as { revision: number; after: { total: number } };
  const elsewhere = await page.request.post(`/api/ordering/${orderId}/changes`, {
    headers: asBuyer,
    data: { ...lines400, revision, expectedTotal: after.total },
  });
  expect(elsewhere.status(), await elsewhere.text()).toBe(200);
  await confirm.click();
  await expectBeside(
    page,
    page.getByRole("alert").filter({ hasText: "changed since you read it" }),
    confirm,
    "The order changed since you read it: read it again and make your change on what it is now.",
  );
});
