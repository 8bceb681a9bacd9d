import { watchForContent } from "../../scripts/content-shown.mjs";
import { bearerOf, signUpThroughApi } from "../support/accounts.js";
import { productIdOf } from "../support/cart.js";
import { expect, test } from "../support/fixtures.js";

declare global {
  interface Window {
    __contentAt: number | null;
  }
}

const SCREWDRIVERS = "Forgeline 6-Piece Screwdriver Set";

// The bench times signed-in pages to their content (docs/PERFORMANCE.md, 'Signed-in pages'); its rule of what counts
// as shown must be what a person sees, or it times the wrong moment, or waits for a moment that never comes.
test("the bench's content watcher counts a page as shown when its rows show, not while a spinner does, whatever empty status the page holds", async ({
  page,
}) => {
  // A new account's address is not confirmed yet: its dashboard holds the "Check your mail" notice, whose status
  // (role=status) stays empty until the link is asked for again.
  const customer = await signUpThroughApi(page);
  const placed = await page.request.post("/api/ordering", {
    headers: await bearerOf(page, customer.email),
    data: {
      orderId: await productIdOf(page, SCREWDRIVERS),
      quantity: 120,
      phone: "5550100000",
      address: "1 Test Road",
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);

  // The orders' answer is held back until the spinner has been seen.
  let answerOrders = () => {};
  const ordersHeld = new Promise<void>((resolve) => {
    answerOrders = resolve;
  });
  await page.route(/\/api\/ordering\?userEmail=/, async (route) => {
    await ordersHeld;
    await route.continue();
  });
  await page.addInitScript(watchForContent, 'section[aria-labelledby="orders-heading"] tbody tr');
  await page.goto("/dashboard");

  const notice = page.getByRole("region", { name: "Check your mail" });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole("status")).toBeEmpty();
  await expect(page.getByRole("main").getByRole("status").filter({ hasText: "Loading orders" })).toBeVisible();
  expect(await page.evaluate(() => window.__contentAt), "not shown while the spinner shows").toBeNull();

  const answeredAt = await page.evaluate(() => performance.now());
  answerOrders();
  await expect(page.getByRole("row").filter({ hasText: SCREWDRIVERS })).toBeVisible();
  await expect(notice.getByRole("status")).toBeEmpty();
  await expect
    .poll(() => page.evaluate(() => window.__contentAt), { message: "shown once the rows show" })
    .toBeGreaterThan(answeredAt);
});
