import type { Page } from "@playwright/test";
import { E2E_ADMIN, newCustomer, signInThroughApi, signUpThroughApi } from "../support/accounts.js";
import { expect, expectAccessible, expectNoHorizontalScroll, test } from "../support/fixtures.js";

const TOOLS = [
  "Forgeline 22-Piece 3/8 in. Drive Socket Set",
  "Forgeline 20V Cordless Drill",
  "Forgeline 25 ft. Tape Measure",
];

interface Product {
  _id: string;
  name: string;
  quantityRule: { min: number };
}

/** A three-line order from the cart, placed through the API: the lists below are what is under test. */
async function placeThreeLineOrder(page: Page, email: string): Promise<string> {
  const origin = { origin: new URL(test.info().project.use.baseURL ?? "").origin };
  const answer = await page.request.put(`/api/user/${encodeURIComponent(email)}`, { headers: origin });
  const headers = { ...origin, authorization: `Bearer ${((await answer.json()) as { token: string }).token}` };
  const products = (await (await page.request.get("/api/product?limit=100")).json()) as Product[];
  for (const name of TOOLS) {
    const product = products.find((candidate) => candidate.name === name);
    if (!product) throw new Error(`${name} is not in the catalogue`);
    const put = await page.request.put(`/api/cart/lines/${product._id}`, {
      data: { quantity: product.quantityRule.min },
      headers,
    });
    expect(put.status(), await put.text()).toBe(200);
  }
  const cart = (await (await page.request.get("/api/cart", { headers })).json()) as { total: number };
  const placed = await page.request.post("/api/cart/checkout", {
    data: { phone: "+1 555 0100", address: "12 Long Street, Springfield", expectedTotal: cart.total },
    headers,
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { insertedId } = (await placed.json()) as { insertedId: string };
  const order = (await (await page.request.get(`/api/ordering/${insertedId}`, { headers })).json()) as {
    number: string;
  };
  return order.number;
}

/** Each value a row shows sits inside the window: nothing to scroll sideways for. */
async function expectWithinWidth(page: Page, row: ReturnType<Page["getByRole"]>) {
  const width = page.viewportSize()?.width ?? 0;
  for (const cell of await row.getByRole("cell").all()) {
    const box = await cell.boundingBox();
    expect(box && box.x + box.width <= width + 1, `${await cell.textContent()} fits the window`).toBe(true);
  }
}

test("an order of three lines reads without sideways scrolling in My Orders, on its page and for the admin", async ({
  page,
  browser,
}) => {
  const customer = await signUpThroughApi(page, newCustomer("Petra Phone", "petra"));
  const number = await placeThreeLineOrder(page, customer.email);

  await page.goto("/dashboard");
  const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: number }) });
  await expect(row.getByText("Awaiting payment", { exact: true })).toBeVisible();
  await expectWithinWidth(page, row);
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);

  await row.getByRole("link", { name: number }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Order ${number}`);
  for (const tool of TOOLS) {
    const line = page.getByRole("row").filter({ hasText: tool });
    await expect(line).toBeVisible();
    await expectWithinWidth(page, line);
  }
  await expectNoHorizontalScroll(page);

  const { viewport, isMobile, hasTouch, deviceScaleFactor, baseURL } = test.info().project.use;
  const adminContext = await browser.newContext({ viewport, isMobile, hasTouch, deviceScaleFactor, baseURL });
  const admin = await adminContext.newPage();
  await signInThroughApi(admin, E2E_ADMIN.email, E2E_ADMIN.password);
  await admin.goto(`/dashboard/orders?q=${encodeURIComponent(number)}`);
  const adminRow = admin.getByRole("row").filter({ has: admin.getByRole("link", { name: number }) });
  await expect(adminRow).toBeVisible();
  await expectWithinWidth(admin, adminRow);
  await expectNoHorizontalScroll(admin);
  await expectAccessible(admin);
  await adminContext.close();
});
