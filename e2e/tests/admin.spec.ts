import type { Browser, Page } from "@playwright/test";
import { E2E_ADMIN, logInThroughPage, newCustomer, signInThroughApi, signUpThroughApi } from "../support/accounts.js";
import { dashboardMenu } from "../support/dashboard.js";
import { expect, expectAccessible, test } from "../support/fixtures.js";
import { latestMailLink } from "../support/mail.js";
import { orderThroughPage } from "../support/orders.js";
import { pngPicture } from "../support/pictures.js";

const toast = (page: Page, text: string) => page.locator(".Toastify").getByText(text, { exact: true });

async function customerPage(browser: Browser, name: string) {
  const page = await browser.newPage();
  const account = await signUpThroughApi(page, newCustomer(name, name.split(" ")[0]?.toLowerCase()));
  return { page, account };
}

test("the admin makes a customer an admin, adds a tool with a picture, and deletes it after confirming", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const promoted = await customerPage(browser, "Casey Customer");
  const buyer = await customerPage(browser, "Bea Buyer");
  // Only an account whose owner confirmed the address can be made an admin: Casey opens the mailed link.
  await expect.poll(() => latestMailLink(promoted.account.email)).toContain("/api/auth/verify-email");
  await promoted.page.goto(await latestMailLink(promoted.account.email));
  await expect(promoted.page).toHaveURL(/\/$/);

  await signInThroughApi(page, E2E_ADMIN.email, E2E_ADMIN.password);

  // All Users → Make Admin
  await page.goto("/dashboard/users");
  await expect(page.getByRole("heading", { level: 1, name: "All Users" })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: promoted.account.email });
  await expect(row.getByRole("cell").first()).toHaveText("Customer");
  await expectAccessible(page);
  await row.getByRole("button", { name: `Make Admin ${promoted.account.email}` }).click();
  await expect(toast(page, "Successfully Made an Admin")).toBeVisible();
  await expect(row.getByRole("cell").first()).toHaveText("Admin");
  await expect(row.getByRole("button")).toHaveCount(0);

  // The new admin signs in again and sees the admin drawer.
  const promotedPage = promoted.page;
  await promotedPage.getByRole("button", { name: "Log Out" }).click();
  await promotedPage.goto("/login");
  await logInThroughPage(promotedPage, promoted.account.email, promoted.account.password);
  await expect(promotedPage).toHaveURL(/\/$/);
  await promotedPage.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).click();
  const drawer = await dashboardMenu(promotedPage);
  await expect(drawer.getByRole("link", { name: "All Users" })).toBeVisible();
  await expect(drawer.getByRole("link", { name: "My Orders" })).toHaveCount(0);
  await promotedPage.close();

  // Add Product
  await page.goto("/dashboard/addProduct");
  await page.getByRole("button", { name: "Add Product" }).click();
  await expect(page.getByText("Name is Required")).toBeVisible();
  await expect(page.getByText("Image is Required")).toBeVisible();
  await expect(page.getByText("Price is Required")).toBeVisible();
  await expect(page.getByText("Quantity is Required")).toBeVisible();
  await expect(page.getByText("Description is Required")).toBeVisible();
  const toolName = `Forgeline Test Clamp ${Date.now()}`;
  await page.getByLabel("Name").fill(toolName);
  await page.getByLabel("Price per piece ($)").fill("19.99");
  await page.getByLabel("Quantity in stock").fill("99");
  await page.getByLabel("Description").fill("Quick-release bar clamp, 300 mm reach, nylon pads.");
  await page.getByLabel("Picture").setInputFiles(await pngPicture(page, "#1d4ed8"));
  await expect(page.getByText("Picture uploaded")).toBeVisible();
  await page.getByRole("button", { name: "Add Product" }).click();
  await expect(page.getByText("Minimum 100")).toBeVisible();
  await page.getByLabel("Quantity in stock").fill("400");
  await expectAccessible(page);
  await page.getByRole("button", { name: "Add Product" }).click();
  await expect(toast(page, "Product Data Added Successfully")).toBeVisible();

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).click();
  const card = page.getByRole("region", { name: "Our tools" }).getByRole("article").filter({ hasText: toolName });
  await expect(card).toBeVisible();
  await expect(card.getByText("$19.99", { exact: true })).toBeVisible();
  await expect(card.getByRole("img", { name: toolName })).toHaveAttribute("src", /^\/images\/.+\.webp$/);

  // A customer orders it before it goes.
  await orderThroughPage(buyer.page, toolName, 100);

  // Manage Product → Delete, after confirming
  await page.goto("/dashboard/manageProduct");
  const productRow = page.getByRole("row").filter({ hasText: toolName });
  await productRow.getByRole("button", { name: `Delete ${toolName}` }).click();
  const confirm = page.getByRole("dialog", { name: `Delete ${toolName}?` });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(productRow).toBeVisible();
  await productRow.getByRole("button", { name: `Delete ${toolName}` }).click();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, `Product: ${toolName} is deleted`)).toBeVisible();
  await expect(productRow).toHaveCount(0);

  await page.goto("/availableProducts");
  await expect(page.getByText(/tools in the catalogue/)).toBeVisible();
  await expect(page.getByRole("article").filter({ hasText: toolName })).toHaveCount(0);

  await buyer.page.goto("/dashboard");
  await expect(buyer.page.getByRole("row").filter({ hasText: toolName }).getByText("$1,999.00")).toBeVisible();
  await buyer.page.close();
});
