import { newCustomer, signUpThroughApi } from "../support/accounts.js";
import { cartLine, cartLink, productIdOf } from "../support/cart.js";
import { expect, expectAccessible, test } from "../support/fixtures.js";
import { tabTo } from "../support/keyboard.js";

test.skip(
  ({ isMobile }) => isMobile,
  "the keyboard alone is a desktop's way in: a touch phone's person taps (cart.spec.ts taps it on the phone)",
);

const HAMMER = "Forgeline 16 oz Claw Hammer";
const toast = (page: import("@playwright/test").Page, text: string) =>
  page.locator(".Toastify").getByText(text, { exact: true });
const isFocused = (locator: import("@playwright/test").Locator) =>
  locator.evaluate((element) => element === document.activeElement);

/**
 * The cart and its checkout with the keyboard alone (no mouse, no tap): "Add to order" on a product page,
 * the navbar's cart link, the quantity stepper's button (Space) and field (arrow keys, Enter), the checkout
 * form, and "Place order" (Enter).
 */
test("a customer fills the cart, changes a quantity and checks out with the keyboard alone", async ({ page }) => {
  test.setTimeout(90_000);
  await signUpThroughApi(page, newCustomer("Kai Keys", "kai"));
  await page.goto(`/product/${await productIdOf(page, HAMMER)}`);
  await expect(page.getByRole("heading", { level: 1, name: HAMMER })).toBeVisible();

  // The hammer goes in steps of 25, from 100: the picker starts at 100.
  await tabTo(page, page.getByRole("button", { name: "Add to order" }));
  await page.keyboard.press("Enter");
  await expect(toast(page, `Added ${HAMMER} to your order`)).toBeVisible();
  await tabTo(page, cartLink(page, 1));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/cart$/);

  const line = cartLine(page, HAMMER);
  const field = line.getByLabel(`Quantity of ${HAMMER}`);
  await expect(field).toHaveValue("100");
  await expect(line.getByText("$1,450.00", { exact: true })).toBeVisible();
  await expectAccessible(page);

  // The stepper's "+" with Space: one step up, and the focus stays on it.
  const more = line.getByRole("button", { name: `25 more pieces of ${HAMMER}` });
  await tabTo(page, more);
  await page.keyboard.press("Space");
  await expect(field).toHaveValue("125");
  await expect(line.getByText("$1,812.50", { exact: true })).toBeVisible();
  expect(await isFocused(more)).toBe(true);

  // The field with the arrow keys (a step each), sent with Enter: 200 earn the volume price, and the order
  // of 200 pieces the 40% promotion (it saves more than the first order's 30%).
  await page.keyboard.press("Shift+Tab");
  expect(await isFocused(field)).toBe(true);
  for (let step = 0; step < 3; step++) await page.keyboard.press("ArrowUp");
  await expect(field).toHaveValue("200");
  await page.keyboard.press("Enter");
  await expect(line.getByText("volume price", { exact: true })).toBeVisible();
  await expect(line.getByText("$13.50", { exact: true })).toBeVisible();
  await expect(line.getByText("$2,700.00", { exact: true })).toBeVisible();
  await expect(page.getByText("40% off orders of 200 pieces or more", { exact: true })).toBeVisible();
  await expect(page.getByText("−$1,080.00", { exact: true })).toBeVisible();
  await expect(page.getByText("$1,620.00", { exact: true })).toBeVisible();

  // The "−" button with Enter, one step down, then "+" again: back to 200 and its total.
  const fewer = line.getByRole("button", { name: `25 fewer pieces of ${HAMMER}` });
  await page.keyboard.press("Shift+Tab");
  expect(await isFocused(fewer)).toBe(true);
  await page.keyboard.press("Enter");
  await expect(field).toHaveValue("175");
  await expect(line.getByText("$2,537.50", { exact: true })).toBeVisible();
  await tabTo(page, more);
  await page.keyboard.press("Enter");
  await expect(field).toHaveValue("200");
  await expect(page.getByText("$1,620.00", { exact: true })).toBeVisible();

  // The checkout form, field by field, and "Place order" with Enter.
  const checkout = page.getByRole("form", { name: "Checkout" });
  await tabTo(page, checkout.getByLabel("Phone"));
  await page.keyboard.type("5550106000");
  await tabTo(page, checkout.getByLabel("Delivery address"));
  await page.keyboard.type("9 Keyboard Row, Springfield");
  await tabTo(page, checkout.getByLabel(/PO number/));
  await page.keyboard.type("PO-KEYS-1");
  await tabTo(page, checkout.getByRole("button", { name: "Place order" }));
  await page.keyboard.press("Enter");
  await expect(toast(page, "Your order is placed")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f-]{36}$/);
  await expect(page.getByText("$1,620.00").first()).toBeVisible();
  await expect(cartLink(page, 0)).toBeVisible();
});
