import { expect, type Page } from "@playwright/test";

/** Orders a product through the catalogue and the order modal, as a signed-in customer would. */
export async function orderThroughPage(page: Page, productName: string, quantity: number) {
  await openOrderModal(page, productName);
  const modal = page.getByRole("dialog", { name: productName });
  await modal.getByLabel(/Quantity/).fill(String(quantity));
  await modal.getByLabel("Phone").fill("5550103000");
  await modal.getByLabel("Delivery address").fill("7 Factory Road, Springfield");
  await modal.getByRole("button", { name: "Place order" }).click();
  await expect(modal).toHaveCount(0);
}

/** /orderdetails for a tool, found by name through the API (it may sit on any catalogue page). */
export async function openOrderModal(page: Page, productName: string) {
  const response = await page.request.get("/api/product?limit=100");
  const product = ((await response.json()) as { _id: string; name: string }[]).find((p) =>
    p.name.includes(productName),
  );
  if (!product) throw new Error(`${productName} is not in the catalogue`);
  await page.goto(`/orderdetails?productId=${product._id}`);
  await expect(page.getByRole("dialog", { name: product.name })).toBeVisible();
}
