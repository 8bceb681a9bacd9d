import { expect, type Page } from "@playwright/test";

/** The tool's id, found by its exact name through the API (it may sit on any catalogue page). */
export async function productIdOf(page: Page, name: string): Promise<string> {
  const products = (await (await page.request.get("/api/product?limit=100")).json()) as { _id: string; name: string }[];
  const id = products.find((product) => product.name === name)?._id;
  if (!id) throw new Error(`${name} is not in the catalogue`);
  return id;
}

/** The navbar's cart link, by the name it gives a screen reader ("Cart, 2 lines"). */
export const cartLink = (page: Page, lines: number) =>
  page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: `Cart, ${lines} ${lines === 1 ? "line" : "lines"}`, exact: true });

/** One line of /cart, by its tool's name. */
export const cartLine = (page: Page, name: string) =>
  page
    .getByRole("list", { name: "Cart lines" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name, exact: true }) });

/** Pays the order on its payment page with the test card; the page says so. */
export async function payWithTestCard(page: Page) {
  await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f-]{36}$/);
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").fill("12/34");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page.getByText("Congrats! Your Payment is completed.")).toBeVisible();
}
