import { expect, expectAccessible, expectNoHorizontalScroll, test } from "../support/fixtures.js";
import { mailsTo } from "../support/mail.js";
import { adminAtAnotherBrowser, companyWithBuyer, giveTerms, placeOnAccount } from "../support/on-account.js";
import { pageShots } from "../support/shots.js";

// 100 to 1000 pieces in steps of 10; $7.90 a piece, $7.20 from 300 (server/seed/catalogue.json).
const TAPE = "Forgeline 25 ft. Tape Measure";

/**
 * Issue 48 in the browser (docs/decisions/078-admins-change-orders.md): an admin raises an order's pieces on the
 * admin's "Change order" page, which says the change waits for the buyer; the buyer opens the order from the link of
 * the mail they get, sees the lines before and after and the new total, and accepts it; the order has the new lines
 * and total and its history says so, for the admin too. Desktop and a 390 px phone, axe on each page.
 */
test("an admin raises an order's pieces; the buyer opens the mail's link, sees the change and accepts it", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const companyName = `Accept Works ${testInfo.project.name} ${Date.now()}`;
  const { owner, buyer, asBuyer, companyId } = await companyWithBuyer(page, browser, testInfo, companyName);
  await owner.close();
  const admin = await adminAtAnotherBrowser(browser, testInfo);
  await giveTerms(admin.page, admin.asAdmin, companyId, 30, 50_000);
  const orderId = await placeOnAccount(page, asBuyer, TAPE, 200);

  // The admin changes 200 pieces to 300 from the order's page: a rise, so it waits for the buyer.
  await admin.page.goto(`/dashboard/orders/${orderId}`);
  await admin.page.getByRole("link", { name: "Change order" }).click();
  await expect(admin.page.getByRole("heading", { level: 1, name: /^Change order FL-\d+$/ })).toBeVisible();
  await admin.page.getByLabel(/^Pieces ?of Forgeline 25 ft\. Tape Measure$/).fill("300");
  await admin.page.getByRole("button", { name: "Preview changes" }).click();
  const row = admin.page
    .getByRole("region", { name: "The lines before and after the change" })
    .getByRole("row")
    .filter({ hasText: TAPE });
  await expect(row).toContainText(/was\s*200.*now\s*300/);
  await expect(row).toContainText(/was\s*\$7\.90.*now\s*\$7\.20/);
  const oldTotal = (await admin.page.getByTestId("total-before").textContent()) ?? "";
  const newTotal = (await admin.page.getByTestId("total-after").textContent()) ?? "";
  expect(newTotal).toMatch(/^\$[\d,]+\.\d\d$/);
  await expect(
    admin.page.getByRole("status").filter({ hasText: /^It raises the total by \$[\d,]+\.\d\d/ }),
  ).toContainText("it waits for the buyer's acceptance");
  await expectAccessible(admin.page);
  await pageShots(admin.page, testInfo, "admin-change-order-preview");
  await admin.page.getByRole("button", { name: "Confirm change" }).click();
  await expect(admin.page).toHaveURL(new RegExp(`/dashboard/orders/${orderId}$`));
  await expect(admin.page.getByText(/^A change waits for the buyer's acceptance since /)).toContainText(
    `would be ${newTotal}`,
  );
  const adminHistory = admin.page.getByRole("region", { name: "History" }).getByRole("listitem");
  await expect(adminHistory.last()).toContainText("Change proposed");
  await expect(adminHistory.last()).toContainText(/Before: 200 × .* After: 300 × .* at \$7\.20/);
  await expectAccessible(admin.page);
  await pageShots(admin.page, testInfo, "admin-order-change-waits");

  // The buyer is mailed a link to the order, where the change waits for them.
  await expect
    .poll(async () => (await mailsTo(buyer.email)).some((mail) => /waits for your acceptance/.test(mail.subject)))
    .toBe(true);
  const mail = (await mailsTo(buyer.email)).findLast((each) => /waits for your acceptance/.test(each.subject));
  const link = mail?.raw.match(new RegExp(`https?://[^\\s"<>]+/dashboard/myorders/${orderId}`))?.[0] ?? "";
  expect(link).not.toBe("");
  await page.goto(link);
  const waiting = page.getByRole("region", { name: "A change waits for your acceptance" });
  await expect(waiting).toContainText(`the total would be ${newTotal} instead of ${oldTotal}`);
  const proposed = waiting.getByRole("row").filter({ hasText: TAPE });
  await expect(proposed).toContainText(/was\s*200.*now\s*300/);
  await expect(proposed).toContainText(/was\s*\$1,580\.00.*now\s*\$2,160\.00/);
  await expect(waiting.getByTestId("total-after")).toHaveText(newTotal);
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await pageShots(page, testInfo, "proposed-change-buyer");

  // Accepted: the order has the new lines and total, and the change in its history.
  await waiting.getByRole("button", { name: "Accept the change" }).click();
  await expect(waiting).toHaveCount(0);
  const lines = page.getByRole("region", { name: "Order lines" });
  await expect(lines.getByRole("row").filter({ hasText: TAPE })).toContainText(/300\s*\$7\.20.*\$2,160\.00/);
  await expect(page.getByText(newTotal, { exact: true }).first()).toBeVisible();
  const history = page.getByRole("region", { name: "History" }).getByRole("listitem");
  await expect(history.last()).toContainText("Changed");
  await expect(history.last()).toContainText(/proposed, accepted\. Before: 200 × .* After: 300 ×/);
  await expectAccessible(page);
  await pageShots(page, testInfo, "proposed-change-accepted");

  // The admin reads on the order's page that it was accepted.
  await admin.page.reload();
  await expect(admin.page.getByText(/^A change waits for the buyer's acceptance/)).toHaveCount(0);
  await expect(adminHistory.last()).toContainText(/Changed.*proposed, accepted/);
  expect(admin.errors, "console errors on the admin's page").toEqual([]);
  await admin.close();
});
