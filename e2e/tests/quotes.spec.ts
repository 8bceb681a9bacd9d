import { E2E_ADMIN, newCustomer, signInThroughApi, signUpThroughApi } from "../support/accounts.js";
import { cartLine, cartLink, payWithTestCard } from "../support/cart.js";
import { dashboardMenu } from "../support/dashboard.js";
import { expect, expectAccessible, expectNoHorizontalScroll, test } from "../support/fixtures.js";

const SCREWDRIVERS = "Forgeline 6-Piece Screwdriver Set";
const TAPE = "Forgeline 25 ft. Tape Measure";
const toast = (page: import("@playwright/test").Page, text: string) =>
  page.locator(".Toastify").getByText(text, { exact: true });

/**
 * docs/SELLING-TO-BUSINESSES.md, 'Quotes': a buyer fills the cart (through the quick order) and asks for a quote with a
 * note; the cart empties into it. An admin finds it in the quotes list, sees beside each line what the buyer's cart
 * would charge today (and today's total), prices each line, sets the expiry and a note, and sends it, ticking the box
 * that confirms it is dearer than today's price (docs/decisions/036-quotes-beside-todays-price.md). The buyer sees the quoted prices, accepts with a phone and address, and pays exactly the quoted total
 * (no promotion on a quote, no tax in this shop) with the test card. "Order again" on that order then puts both its
 * lines into the cart at today's prices, not the quoted ones.
 */
test("a buyer asks for a quote from the cart, an admin prices and sends it, the buyer accepts and pays it", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const buyer = await signUpThroughApi(page, newCustomer("Quentin Quote", "quentin"));
  await page.goto("/quick-order");
  await page.getByLabel(/^Rows of SKU and quantity/).fill("FL-SDS-6\t150\nFL-TPM-25\t200");
  await page.getByRole("button", { name: "Add pasted rows to cart" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "2 rows added, 0 refused" })).toBeVisible();

  await page.goto("/cart");
  const request = page.getByRole("form", { name: "Request a quote" });
  await request.getByLabel("Note for the quote (optional)").fill("We order these every quarter: your best price?");
  await request.getByRole("button", { name: "Request a quote" }).click();
  await expect(page).toHaveURL(/\/dashboard\/quotes\/[0-9a-f-]{36}$/);
  const quoteUrl = page.url();
  await expect(page.getByText("Waiting for a price")).toBeVisible();
  await expect(page.getByText(/We are pricing this quote/)).toBeVisible();
  await expect(cartLink(page, 0)).toBeVisible();
  await expectAccessible(page);

  // The buyer's list, from the dashboard's menu.
  await (await dashboardMenu(page)).getByRole("link", { name: "Quotes" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Quotes" })).toBeVisible();
  // A quote is named after its first line (the cart's order) and how many more.
  await expect(page.getByRole("row").filter({ hasText: "+ 1 more" })).toContainText("Waiting for a price");
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);

  // The admin prices each line and sends it.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInThroughApi(admin, E2E_ADMIN.email, E2E_ADMIN.password);
  await admin.goto("/dashboard");
  await (await dashboardMenu(admin)).getByRole("link", { name: "Quotes" }).click();
  await expect(admin.getByRole("heading", { level: 1, name: "Quotes" })).toBeVisible();
  const row = admin.getByRole("row").filter({ hasText: buyer.email });
  await expect(row).toContainText("Waiting for a price");
  await expectAccessible(admin);
  await row.getByRole("link", { name: /\+ 1 more$/ }).click();
  await expect(admin).toHaveURL(quoteUrl);
  await expect(admin.getByText("We order these every quarter: your best price?")).toBeVisible();
  // Beside each price, what the buyer's cart would charge today and why; under the lines, today's total:
  // 150 × $17.90 (150+ tier) + 200 × $7.90 (list) = $4,265.00, less the seeded 40% off 200 pieces or more.
  const pricing = admin.getByRole("list", { name: "Lines to price" });
  await expect(pricing.getByRole("listitem").filter({ hasText: SCREWDRIVERS })).toContainText(
    "Today: $17.90 each (150+ tier)",
  );
  await expect(pricing.getByRole("listitem").filter({ hasText: TAPE })).toContainText("Today: $7.90 each (list price)");
  await expect(admin.getByTestId("today-total")).toHaveText("$2,559.00");
  await expect(admin.getByText(/after 40% off orders of 200 pieces or more/)).toBeVisible();
  // A price of $0 is refused beside its field before anything is sent.
  await admin.getByLabel(`Unit price of ${SCREWDRIVERS} ($)`).fill("0");
  await admin.getByLabel(`Unit price of ${TAPE} ($)`).fill("6.00");
  await admin.getByRole("button", { name: "Send quote" }).click();
  await expect(admin.getByText("The unit price must be more than $0")).toBeVisible();
  await expectAccessible(admin);
  await admin.getByLabel(`Unit price of ${SCREWDRIVERS} ($)`).fill("15.00");
  await admin.getByLabel("Note to the buyer (optional)").fill("Held for 30 days.");
  // $3,450.00 is dearer than the $2,559.00 the cart would charge: the admin must say so before it goes.
  await expect(admin.getByTestId("quote-total")).toHaveText("$3,450.00");
  const dearer = admin.getByRole("checkbox", { name: "Send it at $3,450.00, dearer than today's $2,559.00" });
  await admin.getByRole("button", { name: "Send quote" }).click();
  await expect(
    admin.getByText("Tick the box to send a quote dearer than today's price, or lower the prices"),
  ).toBeVisible();
  await expectAccessible(admin);
  await expectNoHorizontalScroll(admin);
  await dearer.check();
  await admin.getByRole("button", { name: "Send quote" }).click();
  await expect(toast(admin, `Quote sent to ${buyer.email}`)).toBeVisible();
  await expect(admin.getByText("Priced")).toBeVisible();
  await adminContext.close();

  // The buyer sees the quoted prices, accepts, and pays the quoted total: 150 × $15.00 + 200 × $6.00.
  await page.goto(quoteUrl);
  await expect(page.getByText("Priced")).toBeVisible();
  await expect(page.getByText("Held for 30 days.")).toBeVisible();
  const lines = page.getByRole("region", { name: "Quote lines" });
  await expect(lines.getByRole("row").filter({ hasText: SCREWDRIVERS })).toContainText("$2,250.00");
  await expect(lines.getByRole("row").filter({ hasText: TAPE })).toContainText("$1,200.00");
  await expect(page.getByText("$3,450.00").first()).toBeVisible();
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);

  const accept = page.getByRole("form", { name: "Accept this quote" });
  await accept.getByLabel("Phone").fill("5550108000");
  await accept.getByLabel("Delivery address").fill("5 Quote Road, Springfield");
  await accept.getByRole("button", { name: "Accept and place the order" }).click();
  await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f-]{36}$/);
  await expect(page.getByText("$3,450.00").first()).toBeVisible();
  await payWithTestCard(page);

  await page.goto(quoteUrl);
  await expect(page.getByText("Accepted", { exact: true })).toBeVisible();
  await page.getByRole("link", { name: "See the order" }).click();
  await expect(page).toHaveURL(/\/dashboard\/myorders\/[0-9a-f-]{36}$/);

  // "Order again" on the paid order puts both its lines into the cart, at today's prices
  // (docs/SELLING-TO-BUSINESSES.md, 'Quick order, CSV import and reorder').
  await page.getByRole("button", { name: /^Order again/ }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(cartLine(page, SCREWDRIVERS).getByLabel(`Quantity of ${SCREWDRIVERS}`)).toHaveValue("150");
  await expect(cartLine(page, TAPE).getByLabel(`Quantity of ${TAPE}`)).toHaveValue("200");
  await expect(cartLine(page, TAPE).getByText("$6.00", { exact: true })).toHaveCount(0);
});
