import { newCustomer, signUpThroughApi } from "../support/accounts.js";
import { expect, test } from "../support/fixtures.js";
import { tabTo } from "../support/keyboard.js";

test.skip(
  ({ isMobile }) => isMobile,
  "the keyboard alone is a desktop's way in: a touch phone's person taps (the phone project taps these pages elsewhere)",
);

const TOOL = "Forgeline 16 oz Claw Hammer";

test("a customer orders, pays and gets the invoice with the keyboard alone", async ({ page }) => {
  test.setTimeout(90_000);
  await signUpThroughApi(page, newCustomer("Kim Keys", "kim"));
  await page.goto("/availableProducts");
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: TOOL, exact: true }) });
  await tabTo(page, card.getByRole("link", { name: "Order Now" }));
  await page.keyboard.press("Enter");

  const modal = page.getByRole("dialog", { name: TOOL });
  await expect(modal).toBeVisible();
  await tabTo(page, modal.getByLabel(/Quantity/));
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type("150");
  await tabTo(page, modal.getByLabel("Phone"));
  await page.keyboard.type("5550105000");
  await tabTo(page, modal.getByLabel("Delivery address"));
  await page.keyboard.type("3 Key Street, Springfield");
  await tabTo(page, modal.getByRole("button", { name: "Place order" }));
  await page.keyboard.press("Enter");
  await expect(page.locator(".Toastify").getByText(`Successfully ordered ${TOOL}`)).toBeVisible();

  await page.goto("/dashboard");
  await tabTo(page, page.getByRole("link", { name: `Pay for ${TOOL}` }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f-]{36}$/);
  const orderId = page.url().split("/").at(-1) ?? "";
  await tabTo(page, page.getByLabel("Card number"));
  await page.keyboard.type("4242 4242 4242 4242");
  await tabTo(page, page.getByLabel("Expiry (MM/YY)"));
  await page.keyboard.type("12/34");
  await tabTo(page, page.getByLabel("CVC"));
  await page.keyboard.type("123");
  await page.keyboard.press("Enter");
  await expect(page.getByText("Congrats! Your Payment is completed.")).toBeVisible();

  await page.goto(`/dashboard/myorders/${orderId}`);
  await expect(page.getByRole("definition").nth(1)).toHaveText("Paid");
  const invoiceButton = page.getByRole("button", { name: /^Download invoice INV-\d{4}-\d{6} \(PDF\)$/ });
  await tabTo(page, invoiceButton);
  const download = page.waitForEvent("download");
  await page.keyboard.press("Enter");
  expect((await download).suggestedFilename()).toMatch(/^INV-\d{4}-\d{6}\.pdf$/);
});
