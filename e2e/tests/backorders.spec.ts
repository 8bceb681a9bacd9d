import type { Page } from "@playwright/test";
import { bearerOf, E2E_ADMIN, newCustomer, signInThroughApi, signUpThroughApi } from "../support/accounts.js";
import { cartLine, cartLink, payWithTestCard } from "../support/cart.js";
import { dashboardMenu } from "../support/dashboard.js";
import { expect, expectAccessible, expectNoHorizontalScroll, test } from "../support/fixtures.js";
import { shot } from "../support/shots.js";

const toast = (page: Page, text: string) => page.locator(".Toastify").getByText(text, { exact: true });

/**
 * docs/STOCK.md, 'Backorders': a tool with 30 pieces that takes backorders, expected in 14 days. The product page and
 * its card say what ships now and when the rest comes; the cart says it for the line and asks how to ship; the paid
 * order says what waits; the admin's Backorders page lists the tool.
 */
test("a buyer orders above the stock of a tool that takes backorders, chooses how it ships, and sees what waits", async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  const name = `Backordered Drill ${testInfo.project.name} ${Date.now()}`;

  // The admin adds the tool, counts 30 on hand and lets it take backorders.
  await signInThroughApi(page, E2E_ADMIN.email, E2E_ADMIN.password);
  const admin = await bearerOf(page, E2E_ADMIN.email);
  const added = await page.request.post("/api/product", {
    headers: admin,
    data: { name, price: 12.5, quantity: 100, description: "Made to order.", image: "/images/cordless-drill.svg" },
  });
  expect(added.status()).toBe(201);
  const productId = ((await added.json()) as { insertedId: string }).insertedId;
  const set = await page.request.patch(`/api/product/${productId}`, {
    headers: admin,
    data: { quantity: 30, backorders: { allowed: true, leadDays: 14 } },
  });
  expect(set.status()).toBe(200);

  await signUpThroughApi(page, newCustomer("Bea Backorder", "bea"));
  // The card in the catalogue, and the product page: rendered on the server with the words.
  await page.goto(`/availableProducts?q=${encodeURIComponent(name)}`);
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name, exact: true }) });
  await expect(card.getByText("30 ship now, more expected in 14 days", { exact: true })).toBeVisible();
  await page.goto(`/product/${productId}`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByText("30 ship now, more expected in 14 days", { exact: true })).toBeVisible();
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await shot(page, testInfo, "backorder-product");

  // 150 pieces into the cart: more than there are, which a tool that takes backorders allows.
  await page.getByLabel("Pieces").fill("150");
  await page.getByRole("button", { name: "Add to order" }).click();
  await expect(toast(page, `Added ${name} to your order`)).toBeVisible();
  await cartLink(page, 1).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(cartLine(page, name).getByText("30 ship now, 120 expected in 14 days", { exact: true })).toBeVisible();
  const choice = page.getByRole("group", { name: "Some pieces are not in stock yet: how should we ship?" });
  await expect(choice.getByRole("radio", { name: /Ship what is ready now/ })).toBeChecked();
  await choice.getByRole("radio", { name: /Ship everything together/ }).check();
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await shot(page, testInfo, "backorder-cart", true);

  const checkout = page.getByRole("form", { name: "Checkout" });
  await checkout.getByLabel("Phone").fill("+1 555-010-4747");
  await checkout.getByLabel("Delivery address").fill("47 Backorder Lane, Springfield");
  await checkout.getByRole("button", { name: "Place order" }).click();
  await expect(toast(page, "Your order is placed")).toBeVisible();
  const orderId = page.url().split("/").at(-1) ?? "";
  await payWithTestCard(page);

  // The order's page: the line says what waits, and when it is expected.
  await page.goto(`/dashboard/myorders/${orderId}`);
  const lines = page.getByRole("region", { name: "Order lines" });
  await expect(lines.getByRole("row").filter({ hasText: name })).toContainText(
    /120 waiting for stock, expected by \d{1,2} [A-Z][a-z]+/,
  );
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await shot(page, testInfo, "backorder-order", true);

  // The admin's Backorders page lists the tool: 120 pieces, 1 order.
  await signInThroughApi(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto("/dashboard");
  await (await dashboardMenu(page)).getByRole("link", { name: "Backorders", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/backorders$/);
  await expect(page.getByRole("heading", { level: 1, name: "Backorders" })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row.getByRole("cell").nth(0)).toHaveText("120");
  await expect(row.getByRole("cell").nth(1)).toHaveText("1");
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await shot(page, testInfo, "backorders-admin", true);
});
