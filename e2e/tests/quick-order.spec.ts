import { newCustomer, signUpThroughApi } from "../support/accounts.js";
import { cartLine, cartLink } from "../support/cart.js";
import { dashboardMenu } from "../support/dashboard.js";
import { expect, expectAccessible, expectNoHorizontalScroll, test } from "../support/fixtures.js";
import { tabTo } from "../support/keyboard.js";
import { pageShots } from "../support/shots.js";

const SCREWDRIVERS = "Forgeline 6-Piece Screwdriver Set";
const HAMMER = "Forgeline 16 oz Claw Hammer";
const TAPE = "Forgeline 25 ft. Tape Measure";

/**
 * docs/SELLING-TO-BUSINESSES.md, 'Quick order, CSV import and reorder': a new customer opens the quick order from the
 * dashboard's menu and, with the keyboard alone, pastes three rows gathered from several places, each with its own
 * separator (a spreadsheet's tab, a semicolon, a comma: decision 060). The
 * hammer's 110 pieces are off its rule (steps of 25): that row is refused with the server's message beside it, the
 * other two go into the cart; the buyer fixes the refused row, adds it, and checks the three lines out from the cart.
 */
test("quick order with the keyboard alone: three pasted rows, one refused and fixed, then checked out", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUpThroughApi(page, newCustomer("Quincy Quick", "quincy"));
  // The header offers it on every page to a signed-in buyer (but on a phone, where the bar has no room left);
  // so does the dashboard's menu.
  await page.goto("/availableProducts");
  const inHeader = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Quick Order" });
  await expect(cartLink(page, 0)).toBeVisible();
  if (test.info().project.name === "phone") await expect(inHeader).toBeHidden();
  else await expect(inHeader).toHaveAttribute("href", "/quick-order");
  await page.goto("/dashboard");
  const quickOrder = (await dashboardMenu(page)).getByRole("link", { name: "Quick Order" });
  await quickOrder.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/quick-order$/);
  await expect(page.getByRole("heading", { level: 1, name: "Quick order" })).toBeVisible();

  // The SKU field suggests tools by the start of their SKU, or by name, as one types (the catalogue's search).
  const firstSku = page.getByLabel("SKU, row 1");
  const suggestions = page.locator(`datalist[id="${await firstSku.getAttribute("list")}"]`);
  await tabTo(page, firstSku);
  await page.keyboard.type("fl-ha");
  await expect(suggestions.locator("option").first()).toHaveAttribute("value", "FL-HAM-16");
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("claw hammer");
  await expect(suggestions.locator(`option[value="FL-HAM-16"]`)).toHaveText(HAMMER);
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Delete");

  // Three rows as they come when gathered from a spreadsheet, a mail and a typed note: tab, semicolon, comma.
  const pasteBox = page.getByLabel(/^Rows of SKU and quantity/);
  await tabTo(page, pasteBox);
  await page.keyboard.insertText("FL-SDS-6\t150\nFL-HAM-16; 110\nfl-tpm-25, 200");
  await tabTo(page, page.getByRole("button", { name: "Add pasted rows to cart" }));
  await page.keyboard.press("Enter");

  const summary = page.getByRole("heading", { level: 2, name: "2 rows added, 1 refused" });
  await expect(summary).toBeFocused();
  const report = page.getByRole("table", { name: "Report" });
  await expect(report.getByRole("row")).toHaveCount(4);
  await expect(report.getByRole("row").nth(2)).toContainText("FL-HAM-16110Refused");
  await expect(report.getByRole("row").nth(2)).toContainText("steps of 25");
  await expect(cartLink(page, 2)).toBeVisible();

  // The refused row waits among the rows, its message beside it.
  const rows = page.getByRole("list", { name: "Rows to add" }).getByRole("listitem");
  await expect(rows).toHaveCount(1);
  await expect(page.getByLabel("SKU, row 1")).toHaveValue("FL-HAM-16");
  const pieces = page.getByLabel("Pieces, row 1");
  await expect(pieces).toHaveValue("110");
  await expect(pieces).toHaveAttribute("aria-invalid", "true");
  await expect(rows.first()).toContainText("steps of 25");
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await pageShots(page, test.info(), "quick-order-refused-row");

  await tabTo(page, pieces);
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("125");
  await tabTo(page, page.getByRole("button", { name: "Add rows to cart" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 2, name: "1 row added, 0 refused" })).toBeFocused();
  await expect(cartLink(page, 3)).toBeVisible();

  await tabTo(page, page.getByRole("link", { name: "Go to your cart" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/cart$/);
  await expect(cartLine(page, SCREWDRIVERS).getByLabel(`Quantity of ${SCREWDRIVERS}`)).toHaveValue("150");
  await expect(cartLine(page, HAMMER).getByLabel(`Quantity of ${HAMMER}`)).toHaveValue("125");
  await expect(cartLine(page, TAPE).getByLabel(`Quantity of ${TAPE}`)).toHaveValue("200");

  const checkout = page.getByRole("form", { name: "Checkout" });
  await tabTo(page, checkout.getByLabel("Phone"));
  await page.keyboard.type("5550107000");
  await tabTo(page, checkout.getByLabel("Delivery address"));
  await page.keyboard.type("3 Quick Lane, Springfield");
  await tabTo(page, checkout.getByRole("button", { name: "Place order" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: "Payment" })).toBeVisible();
  await expect(cartLink(page, 0)).toBeVisible();
});
