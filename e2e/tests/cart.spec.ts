import { newCustomer, signUpThroughApi } from "../support/accounts.js";
import { cartLine, cartLink, payWithTestCard, productIdOf } from "../support/cart.js";
import { expect, expectAccessible, expectNoHorizontalScroll, test } from "../support/fixtures.js";
import { pdfText } from "../support/pdf.js";

// The stock this test takes is checked nowhere else (the home page shows the drill's to the piece).
const SAW = "Forgeline 7-1/4 in. Circular Saw";
const SCREWDRIVERS = "Forgeline 6-Piece Screwdriver Set";
const toast = (page: import("@playwright/test").Page, text: string) =>
  page.locator(".Toastify").getByText(text, { exact: true });

/**
 * docs/SELLING-TO-BUSINESSES.md, 'One price function' and 'Cart and checkout': a new customer fills a cart of two tools
 * with "Add to order" (one from a card of the catalogue at a quantity that earns the saw's volume price, one from a
 * product page), sees every figure the server priced in /cart, checks out with a PO number, pays once, and finds both
 * lines on the order's page and in its invoice.
 */
test("a new customer orders two tools from the cart: volume price, promotion, PO number, one payment, one invoice", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUpThroughApi(page, newCustomer("Carla Cart", "carla"));
  const poNumber = `PO-${Date.now()}`;

  // 150 saws from the catalogue's card: the picker names the volume price that quantity earns.
  await page.goto("/availableProducts?q=circular%20saw");
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: SAW, exact: true }) });
  await expect(card.getByText("100 pieces at $69.90 a piece", { exact: true })).toBeVisible();
  await card.getByLabel("Pieces").fill("150");
  await expect(card.getByText("150 pieces at $66.90 a piece (volume price)", { exact: true })).toBeVisible();
  await expect(cartLink(page, 0)).toBeVisible();
  await card.getByRole("button", { name: "Add to order" }).click();
  await expect(toast(page, `Added ${SAW} to your order`)).toBeVisible();
  await expect(cartLink(page, 1)).toBeVisible();

  // One line in the cart: the first order gets the first-order promotion (150 pieces are too few for 40%).
  await cartLink(page, 1).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your cart" })).toBeVisible();
  const sawLine = cartLine(page, SAW);
  await expect(sawLine.getByLabel(`Quantity of ${SAW}`)).toHaveValue("150");
  await expect(sawLine.getByText("volume price", { exact: true })).toBeVisible();
  await expect(sawLine.getByText("$66.90", { exact: true })).toBeVisible();
  // The list price, struck through.
  await expect(sawLine.locator("s")).toHaveText("list price $69.90");
  await expect(sawLine.getByText("$10,035.00", { exact: true })).toBeVisible();
  await expect(page.getByText("1 line, 150 pieces")).toBeVisible();
  await expect(page.getByText("30% off your first order", { exact: true })).toBeVisible();
  await expect(page.getByText("−$3,010.50", { exact: true })).toBeVisible();
  await expect(page.getByText("$7,024.50", { exact: true })).toBeVisible();

  // 100 screwdriver sets from their product page: the list price (their volume price starts at 150).
  await page.goto(`/product/${await productIdOf(page, SCREWDRIVERS)}`);
  await expect(page.getByRole("heading", { level: 1, name: SCREWDRIVERS })).toBeVisible();
  await expect(page.getByRole("table", { name: "Volume prices" })).toContainText("150+$17.90");
  await expect(page.getByText("100 pieces at $18.90 a piece", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Add to order" }).click();
  await expect(toast(page, `Added ${SCREWDRIVERS} to your order`)).toBeVisible();
  await expect(cartLink(page, 2)).toBeVisible();

  // Two lines, 250 pieces: of the promotions that apply, the one that saves most (40% beats 30%).
  await cartLink(page, 2).click();
  await expect(page.getByText("2 lines, 250 pieces")).toBeVisible();
  const screwdriverLine = cartLine(page, SCREWDRIVERS);
  await expect(screwdriverLine.getByText("$18.90", { exact: true })).toBeVisible();
  await expect(screwdriverLine.getByText("volume price")).toHaveCount(0);
  await expect(screwdriverLine.getByText("$1,890.00", { exact: true })).toBeVisible();
  await expect(page.getByText("$11,925.00", { exact: true })).toBeVisible();
  await expect(page.getByText("40% off orders of 200 pieces or more", { exact: true })).toBeVisible();
  await expect(page.getByText("30% off your first order", { exact: true })).toHaveCount(0);
  await expect(page.getByText("−$4,770.00", { exact: true })).toBeVisible();
  await expect(page.getByText("$7,155.00", { exact: true })).toBeVisible();
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);

  // Checkout: the form's own checks first, then phone, address and the PO number.
  const checkout = page.getByRole("form", { name: "Checkout" });
  await checkout.getByRole("button", { name: "Place order" }).click();
  await expect(checkout.getByText("Phone is Required")).toBeVisible();
  await checkout.getByLabel("Phone").fill("+1 555-010-4000");
  await checkout.getByLabel("Delivery address").fill("21 Cart Street, Springfield");
  await checkout.getByLabel(/PO number/).fill(poNumber);
  await checkout.getByRole("button", { name: "Place order" }).click();
  await expect(toast(page, "Your order is placed")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f-]{36}$/);
  const orderId = page.url().split("/").at(-1) ?? "";
  await expect(page.getByText("$7,155.00").first()).toBeVisible();
  // The cart emptied with the order placed.
  await expect(cartLink(page, 0)).toBeVisible();
  await payWithTestCard(page);

  // The order's page: both lines as they were priced, the promotion, the PO number, paid.
  await page.goto(`/dashboard/myorders/${orderId}`);
  await expect(page.getByRole("definition").nth(1)).toHaveText("Paid");
  const lines = page.getByRole("region", { name: "Order lines" });
  const sawRow = lines.getByRole("row").filter({ hasText: SAW });
  await expect(sawRow.getByRole("cell")).toHaveText(["FL-CSW-725", "150", /^\$66\.90volume price/, "$10,035.00"]);
  const screwdriverRow = lines.getByRole("row").filter({ hasText: SCREWDRIVERS });
  await expect(screwdriverRow.getByRole("cell")).toHaveText(["FL-SDS-6", "100", "$18.90", "$1,890.00"]);
  await expect(page.getByText("−$4,770.00", { exact: true })).toBeVisible();
  await expect(page.getByText(poNumber, { exact: true })).toBeVisible();
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);

  // The invoice lists both lines, the discount and the PO number.
  const invoiceButton = page.getByRole("button", { name: /^Download invoice INV-\d{4}-\d{6} \(PDF\)$/ });
  const download = page.waitForEvent("download");
  await invoiceButton.click();
  const invoice = await download;
  expect(invoice.suggestedFilename()).toMatch(/^INV-\d{4}-\d{6}\.pdf$/);
  // The PDF wraps text inside its columns (a SKU may break after a hyphen): compared without white space.
  const flat = (await pdfText(invoice)).replace(/\s+/g, "");
  for (const expected of [
    `PO number: ${poNumber}`,
    `${SAW} (FL-CSW-725) 150 $66.90 $10,035.00`,
    `${SCREWDRIVERS} (FL-SDS-6) 100 $18.90 $1,890.00`,
    "Subtotal $11,925.00",
    "Discount: 40% off orders of 200 pieces or more −$4,770.00",
    "Total paid $7,155.00",
  ]) {
    expect(flat).toContain(expected.replace(/\s+/g, ""));
  }
});
