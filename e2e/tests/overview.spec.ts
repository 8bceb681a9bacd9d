import type { Page } from "@playwright/test";
import { E2E_ADMIN, signInThroughApi, signUpThroughApi } from "../support/accounts.js";
import { payWithTestCard } from "../support/cart.js";
import { dashboardMenu } from "../support/dashboard.js";
import { expect, expectAccessible, expectNoHorizontalScroll, test } from "../support/fixtures.js";
import { dollars } from "../support/money.js";
import { pageShots } from "../support/shots.js";

/** The admin's access token, as the pages take it after signing in. */
async function adminHeaders(page: Page) {
  const origin = new URL(test.info().project.use.baseURL ?? "").origin;
  const answer = await page.request.put(`/api/user/${encodeURIComponent(E2E_ADMIN.email)}`, { headers: { origin } });
  return { authorization: `Bearer ${((await answer.json()) as { token: string }).token}` };
}

/** One figure of the overview's cards (a term and its value), by its label. */
const figure = (page: Page, label: string) =>
  page
    .locator("dl > div")
    .filter({ has: page.getByRole("term").getByText(label, { exact: true }) })
    .getByRole("definition")
    .first();

test("the admin's /dashboard is the overview: figures, low stock and three charts with their tables", async ({
  page,
  browser,
}) => {
  // Two people, a tool added, an order placed and paid, then the page: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  // The admin adds a dear tool (so it tops the revenue whatever else the other tests sell) that counts as
  // low in stock once a customer buys 100 of its 150 pieces (its threshold: 1,000).
  await signInThroughApi(page, E2E_ADMIN.email, E2E_ADMIN.password);
  const admin = await adminHeaders(page);
  const name = `Forgeline Overview Lathe ${Date.now()}`;
  const added = await page.request.post("/api/product", {
    headers: admin,
    data: {
      name,
      price: 5000,
      quantity: 150,
      description: "A lathe for the overview.",
      image: "/images/claw-hammer.svg",
    },
  });
  expect(added.status()).toBe(201);
  const id = ((await added.json()) as { insertedId: string }).insertedId;
  const threshold = await page.request.patch(`/api/product/${id}`, {
    headers: admin,
    data: { lowStockThreshold: 1000 },
  });
  expect(threshold.status()).toBe(200);

  // A customer orders 100 and pays.
  const buyer = await browser.newPage();
  await signUpThroughApi(buyer);
  await buyer.goto(`/orderdetails?productId=${id}`);
  const modal = buyer.getByRole("dialog", { name });
  await modal.getByLabel(/Quantity/).fill("100");
  await modal.getByLabel("Phone").fill("5550103000");
  await modal.getByLabel("Delivery address").fill("7 Factory Road, Springfield");
  await modal.getByRole("button", { name: "Place order" }).click();
  await expect(modal).toHaveCount(0);
  await buyer.goto("/dashboard");
  await buyer.getByRole("link", { name: `Pay for ${name}` }).click();
  await payWithTestCard(buyer);
  await buyer.close();

  // What the server counts (other tests sell at the same time): the page must show the same.
  const stats = (await (await page.request.get("/api/admin/stats", { headers: admin })).json()) as {
    revenue: { today: number };
    ordersToShip: number;
    topTools: { name: string; pieces: number; revenue: number }[];
  };
  const lathe = stats.topTools.find((tool) => tool.name === name);
  expect(lathe?.pieces).toBe(100);
  expect(stats.revenue.today).toBeGreaterThanOrEqual(lathe?.revenue ?? Infinity);

  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();

  // The figures: money as the rest of the shop writes it, counts with their links.
  await expect(figure(page, "Revenue today")).toHaveText(/^-?\$[\d,]+\.\d\d$/);
  await expect(figure(page, "Revenue, last 30 days")).toHaveText(/^-?\$[\d,]+\.\d\d$/);
  await expect(figure(page, "Orders to ship")).toHaveText(/^[\d,]+$/);
  await expect(page.getByRole("link", { name: "Open the orders to ship" })).toHaveAttribute(
    "href",
    "/dashboard/orders?status=to-ship",
  );

  // The lathe is low: 50 left, below its 1,000.
  const lowStock = page.getByRole("table", { name: "Tools below their low-stock threshold, emptiest first" });
  await expect(lowStock.getByRole("row").filter({ hasText: name }).getByRole("cell")).toHaveText([
    /^[A-Z0-9-]+$/,
    "50",
    // Where they are: all in the first warehouse.
    "MAIN 50",
    "1,000",
  ]);
  await expect(page.getByRole("link", { name: "Manage Products" })).toHaveAttribute("href", "/dashboard/manageProduct");

  // The three charts are drawn, each an image with a summary; the top tools' summary names the lathe.
  const charts = page.getByRole("img");
  await expect(page.locator('[role="img"] svg')).toHaveCount(3);
  await expectNoHorizontalScroll(page);
  await expect(charts.filter({ has: page.locator("svg.ct-chart-line") })).toHaveAttribute(
    "aria-label",
    /^Revenue per day, .+ in all/,
  );
  await expect(page.getByRole("img", { name: /^Top \d+ tools by revenue: / })).toHaveAttribute(
    "aria-label",
    new RegExp(`${name}, ${dollars(lathe?.revenue ?? 0).replace("$", "\\$")}`),
  );

  // Their tables: the top tools' lists the lathe with its pieces and revenue.
  await page.getByText("Top 10 tools by revenue: the figures as a table").click();
  const topTools = page.getByRole("table", { name: /^Top tools by revenue/ });
  await expect(topTools.getByRole("row").filter({ hasText: name }).getByRole("cell")).toHaveText([
    "100",
    dollars(lathe?.revenue ?? 0),
  ]);
  await page.getByText("Orders by status: the figures as a table").click();
  await expect(
    page.getByRole("table", { name: /^Orders placed/ }).getByRole("row", { name: /^Paid \d/ }),
  ).toBeVisible();
  await expectAccessible(page);
  await pageShots(page, test.info(), "overview");

  // Low stock leads to Manage Products; the menu's Overview leads back.
  await page.getByRole("link", { name: "Manage Products" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Manage Product" })).toBeVisible();
  await (await dashboardMenu(page)).getByRole("link", { name: "Overview", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  // (On a phone the drawer closed with the click: dashboardMenu opens it again.)
  await expect((await dashboardMenu(page)).getByRole("link", { name: "Overview", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
});
