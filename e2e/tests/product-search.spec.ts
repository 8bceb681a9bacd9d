import type { Page } from "@playwright/test";
import { E2E_ADMIN, newCustomer, signInThroughApi, signUpThroughApi } from "../support/accounts.js";
import { expect, expectAccessible, expectNoHorizontalScroll, test } from "../support/fixtures.js";

const WRENCH = "Forgeline 10-Piece Combination Wrench Set";
/** Sold 100 to 500 pieces in steps of 25, $14.50 a piece, $13.50 from 200 (server/seed/catalogue.json). */
const HAMMER = "Forgeline 16 oz Claw Hammer";

/** The card names of the catalogue page, in the order shown. */
const cardNames = (page: Page) => page.getByRole("article").getByRole("heading").allTextContents();

test.describe("search and product pages", () => {
  test('searching "wrench" from the home page lands on the Wrench Set\'s own page', async ({ page }) => {
    await page.goto("/");
    const search = page.getByRole("search", { name: "Catalogue" });
    await search.getByRole("searchbox", { name: "Search tools" }).fill("wrench");
    await search.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/availableProducts\?q=wrench$/);
    await expect(page.getByRole("status").filter({ hasText: "1 tool matches “wrench”." })).toBeVisible();
    await page.locator("html[data-ready]").waitFor({ state: "attached" });
    await page.getByRole("link", { name: WRENCH }).click();

    await expect(page).toHaveURL(/\/product\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1, name: WRENCH })).toBeVisible();
    await expect(page).toHaveTitle(`${WRENCH} | Forgeline Tools`);
    await expect(page.getByText("$34.50")).toBeVisible();
    await expect(page.getByText("80 Pieces", { exact: true })).toBeVisible();
    await expect(page.getByText(/^Order \d+ to \d+ pieces( in steps of \d+)?$/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Order Now" })).toBeDisabled();
    await expect(page.getByRole("img", { name: WRENCH })).toHaveAttribute("width", "800");
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
  });

  test("a product page carries JSON-LD of a Product with its Offer, and its own head", async ({ page }) => {
    await page.goto("/availableProducts?q=hammer");
    const link = page.getByRole("link", { name: "Forgeline 16 oz Claw Hammer" });
    const address = await link.getAttribute("href");
    await page.goto(address ?? "");
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "");
    const url = new URL(address ?? "", page.url()).href;
    expect(jsonLd).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "Forgeline 16 oz Claw Hammer",
      sku: "FL-HAM-16",
      url,
      image: expect.stringMatching(/^http:\/\/localhost:\d+\/images\/claw-hammer\.svg$/),
      offers: {
        "@type": "Offer",
        price: "14.50",
        priceCurrency: "USD",
        availability: "https://schema.org/InStock",
      },
    });
    expect(jsonLd.description).toMatch(/^Forged high-carbon steel head/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", url);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", "Forgeline 16 oz Claw Hammer");
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
    await expect(page.getByRole("link", { name: "Order Now" })).toBeVisible();
  });

  test("sorting by price changes the order, and the shared address shows the same without JavaScript", async ({
    page,
    browser,
  }) => {
    await page.goto("/availableProducts?q=set");
    await expect(page.getByRole("status")).toHaveText(/tools match “set”\./);
    const sort = page.getByRole("combobox", { name: "Sort by" });
    await sort.selectOption({ label: "Price: low to high" });
    await expect(page).toHaveURL(/\?q=set&sort=price-asc$/);
    await expect
      .poll(() => cardNames(page))
      .toEqual([
        "Forgeline 6-Piece Screwdriver Set",
        "Forgeline 10-Piece Combination Wrench Set",
        "Forgeline 22-Piece 3/8 in. Drive Socket Set",
        "Forgeline 20V Cordless Drill",
      ]);
    await sort.selectOption({ label: "Price: high to low" });
    await expect(page).toHaveURL(/\?q=set&sort=price-desc$/);
    const highToLow = [
      "Forgeline 20V Cordless Drill",
      "Forgeline 22-Piece 3/8 in. Drive Socket Set",
      "Forgeline 10-Piece Combination Wrench Set",
      "Forgeline 6-Piece Screwdriver Set",
    ];
    await expect.poll(() => cardNames(page)).toEqual(highToLow);
    await page.getByRole("checkbox", { name: "In stock for an order (100+ pieces)" }).check();
    await expect(page).toHaveURL(/\?q=set&sort=price-desc&inStock=1$/);
    await expect.poll(() => cardNames(page)).toEqual([highToLow[0], highToLow[1], highToLow[3]]);
    await expectAccessible(page);

    // The back button goes back a step: the sort without the filter.
    await page.goBack();
    await expect(page).toHaveURL(/\?q=set&sort=price-desc$/);
    await expect.poll(() => cardNames(page)).toEqual(highToLow);

    const shared = page.url();
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    try {
      const visitor = await noScript.newPage();
      await visitor.goto(shared);
      expect(await cardNames(visitor)).toEqual(highToLow);
      await expect(visitor.getByRole("searchbox", { name: "Search tools" })).toHaveValue("set");
      await expect(visitor.getByRole("combobox", { name: "Sort by" })).toHaveValue("price-desc");
      // Without JavaScript the form still searches: a plain GET to the same page.
      await visitor.getByRole("searchbox", { name: "Search tools" }).fill("zzzz");
      await visitor.getByRole("button", { name: "Search" }).click();
      await expect(visitor.getByText("No tools match this search.")).toBeVisible();
      await visitor.getByRole("link", { name: "Clear the search" }).click();
      await expect(visitor.getByRole("status")).toHaveText(/^\d+ tools in the catalogue\.$/);
    } finally {
      await noScript.close();
    }
  });

  test("an admin restocks a sold-out tool, and Order Now comes on on its page", async ({ page }) => {
    await signInThroughApi(page, E2E_ADMIN.email, E2E_ADMIN.password);
    const origin = new URL(test.info().project.use.baseURL ?? "").origin;
    const token = (
      await (await page.request.put(`/api/user/${encodeURIComponent(E2E_ADMIN.email)}`, { headers: { origin } })).json()
    ).token as string;
    const admin = { authorization: `Bearer ${token}` };
    const name = `Forgeline Restock Clamp ${Date.now()}`;
    const added = await page.request.post("/api/product", {
      headers: admin,
      data: { name, price: 9.5, quantity: 100, description: "A clamp to restock.", image: "/images/claw-hammer.svg" },
    });
    expect(added.status()).toBe(201);
    const id = (await added.json()).insertedId as string;
    const soldOut = await page.request.patch(`/api/product/${id}`, { headers: admin, data: { quantity: 0 } });
    expect(soldOut.status()).toBe(200);

    await page.goto(`/product/${id}`);
    await expect(page.getByText("0 Pieces", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Order Now" })).toBeDisabled();

    await page.goto("/dashboard/manageProduct");
    await page.getByRole("button", { name: `Restock ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: `Restock ${name}` });
    // Its stock per warehouse (docs/STOCK.md): all of it in the first, MAIN, which the restock sets.
    await expect(dialog.getByRole("row").filter({ hasText: "MAIN" }).getByRole("cell")).toHaveText(["0", "0", "0"]);
    await expect(dialog.getByLabel("Warehouse")).toContainText("MAIN");
    await dialog.getByLabel("Pieces in stock").fill("-3");
    await dialog.getByRole("button", { name: "Save stock" }).click();
    await expect(dialog.getByText("Minimum 0")).toBeVisible();
    await dialog.getByLabel("Pieces in stock").fill("500");
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Save stock" }).click();
    await expect(page.locator(".Toastify").getByText(`${name}: 500 Pieces in stock`)).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: name })).toContainText("500 Pieces");

    await page.goto(`/product/${id}`);
    await expect(page.getByText("500 Pieces", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Order Now" })).toHaveAttribute(
      "href",
      new RegExp(`^/orderdetails\\?productId=${id}&quantity=\\d+$`),
    );
  });

  test("a quantity off the tool's rule is refused with its nearest neighbours; Order Now takes the one picked", async ({
    page,
  }) => {
    await signUpThroughApi(page, newCustomer("Quinn Quantity", "quinn"));
    const products = (await (await page.request.get("/api/product?limit=100")).json()) as {
      _id: string;
      name: string;
    }[];
    const hammer = products.find((product) => product.name === HAMMER);
    await page.goto(`/product/${hammer?._id}`);
    await expect(page.getByText("Order 100 to 500 pieces in steps of 25", { exact: true })).toBeVisible();
    // The volume table starts where ordering starts, at the list price.
    await expect(page.getByRole("table", { name: "Volume prices" }).getByRole("row").nth(1)).toHaveText("100+$14.50");

    const pieces = page.getByLabel("Pieces");
    await pieces.fill("260");
    await pieces.blur();
    await expect(page.getByText("Order 100 to 500 pieces in steps of 25: 250 or 275", { exact: true })).toBeVisible();
    await expect(pieces).toHaveValue("260");
    await expect(page.getByRole("button", { name: "Add to order" })).toBeDisabled();
    await expectAccessible(page);

    await pieces.fill("275");
    await expect(page.getByText("275 pieces at $13.50 a piece (volume price)", { exact: true })).toBeVisible();
    await page.getByRole("link", { name: "Order Now" }).click();
    const modal = page.getByRole("dialog", { name: HAMMER });
    await expect(modal.getByLabel(/Quantity/)).toHaveValue("275");
  });

  test("an unknown product's address is a real 404 page", async ({ page, consoleErrors }) => {
    // Chromium reports a page answered 404 on the console: here that is the point.
    consoleErrors.allow(/status of 404 \(Not Found\)/);
    const response = await page.goto("/product/00000000-0000-4000-8000-000000000000");
    expect(response?.status()).toBe(404);
    await expect(
      page.getByRole("heading", { level: 1, name: "Oops! The page you're looking for isn't here" }),
    ).toBeVisible();
  });
});
