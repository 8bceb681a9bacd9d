import type { Page } from "@playwright/test";
import { bearerOf, E2E_ADMIN, signInThroughApi, signUpThroughApi } from "../support/accounts.js";
import { dashboardMenu } from "../support/dashboard.js";
import { anotherPerson, expect, expectAccessible, expectNoHorizontalScroll, test } from "../support/fixtures.js";
import { pageShots } from "../support/shots.js";

type Bearer = { authorization: string };

/** A tool of its own with 100 pieces in the first warehouse and 100 in a new one; answers its id and the new one's. */
async function toolInTwoPlaces(page: Page, asAdmin: Bearer, tag: string) {
  const added = await page.request.post("/api/product", {
    headers: asAdmin,
    data: {
      name: `Shipment Drill ${tag}`,
      price: 10,
      quantity: 100,
      description: "Ships in parts.",
      image: "/images/cordless-drill.svg",
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  const productId = ((await added.json()) as { insertedId: string }).insertedId;
  const place = await page.request.post("/api/admin/warehouses", {
    headers: asAdmin,
    data: { code: `S${tag}`, name: `Depot ${tag}`, address: "9 Dock Road" },
  });
  expect(place.status()).toBe(201);
  const warehouseId = ((await place.json()) as { insertedId: string }).insertedId;
  const received = await page.request.post("/api/admin/stock/movements", {
    headers: asAdmin,
    data: { productId, warehouseId, quantity: 100, kind: "received" },
  });
  expect(received.status()).toBe(201);
  return { productId, depot: `Depot ${tag}` };
}

/**
 * docs/STOCK.md, 'Shipments': a paid order of 150 pieces held 100 in MAIN and 50 in a depot. The admin ships 60
 * from MAIN (after a refusal beside the button for more than the depot holds), the buyer sees the first shipment
 * and what is still to come, the pick list of the depot lists the 50 to pick, and the admin ships the rest.
 */
test("an admin ships part of an order, the buyer sees what is to come, the admin ships the rest", async ({
  page,
  browser,
  consoleErrors,
}, testInfo) => {
  test.setTimeout(180_000);
  consoleErrors.allow(/status of 409/);
  const tag = `${testInfo.project.name.slice(0, 1).toUpperCase()}${Date.now() % 1_000_000}`;
  await signInThroughApi(page, E2E_ADMIN.email, E2E_ADMIN.password);
  const asAdmin = await bearerOf(page, E2E_ADMIN.email);
  const { productId, depot } = await toolInTwoPlaces(page, asAdmin, tag);

  const buyer = await anotherPerson(browser, testInfo);
  const account = await signUpThroughApi(buyer.page);
  const asBuyer = await bearerOf(buyer.page, account.email);
  const placed = await buyer.page.request.post("/api/ordering", {
    headers: asBuyer,
    data: { orderId: productId, quantity: 150, phone: "5550100000", address: "1 Yard Road" },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const orderId = ((await placed.json()) as { insertedId: string }).insertedId;
  const { price } = (await (await buyer.page.request.get(`/api/ordering/${orderId}`, { headers: asBuyer })).json()) as {
    price: number;
  };
  const intent = await buyer.page.request.post("/api/create-payment-intent", {
    headers: asBuyer,
    data: { orderId, price },
  });
  expect(intent.status(), await intent.text()).toBe(200);
  const { clientSecret } = (await intent.json()) as { clientSecret: string };
  const paid = await buyer.page.request.post("/api/payments/test/confirm", {
    headers: asBuyer,
    data: { clientSecret, cardNumber: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" },
  });
  expect(paid.status(), await paid.text()).toBe(200);

  // The admin: more than the depot holds is refused beside the button, then 60 leave MAIN.
  await page.goto(`/dashboard/orders/${orderId}`);
  const form = page.getByRole("form", { name: "Ship part" });
  await form.getByLabel("From warehouse").selectOption({ label: `${depot} (S${tag})` });
  await form.getByLabel(/Shipment Drill/).fill("60");
  await form.getByLabel("Carrier of this part").fill("DHL");
  await form.getByLabel("Tracking number of this part").fill("JD0001");
  await form.getByRole("button", { name: "Ship part" }).click();
  await expect(form.getByRole("alert")).toHaveText(/: 50 can ship from Depot .+, not 60\.$/);
  await expectAccessible(page);
  await form.getByLabel("From warehouse").selectOption({ label: "Main warehouse (MAIN)" });
  await form.getByRole("button", { name: "Ship part" }).click();
  const shipments = page.getByRole("region", { name: "Shipments" });
  await expect(shipments.getByRole("heading", { name: /Shipment 1/ })).toBeVisible();
  await expect(shipments.getByText("Still to come")).toBeVisible();
  await expect(page.getByText("Shipped in part").first()).toBeVisible();
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await pageShots(page, testInfo, "shipments-admin");

  // The buyer sees the first shipment and what is still to come.
  await buyer.page.goto(`/dashboard/myorders/${orderId}`);
  const mine = buyer.page.getByRole("region", { name: "Shipments" });
  await expect(mine.getByRole("heading", { name: /Shipment 1/ })).toBeVisible();
  await expect(mine.getByText(/^60 × Shipment Drill/)).toBeVisible();
  await expect(mine.getByText(/^90 × Shipment Drill/)).toBeVisible();
  await expect(mine.getByRole("button", { name: "Packing slip 1 (PDF)" })).toBeVisible();
  await expectAccessible(buyer.page);
  await expectNoHorizontalScroll(buyer.page);
  await pageShots(buyer.page, testInfo, "shipments-buyer");

  // The pick list of the depot: the 50 the order holds there.
  await page.goto("/dashboard");
  await (await dashboardMenu(page)).getByRole("link", { name: "To ship", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "To ship: pick list" })).toBeVisible();
  await page.getByLabel("Warehouse").selectOption({ label: `${depot} (S${tag})` });
  await expect(page.getByText(/^Pick 50 × Shipment Drill/)).toBeVisible();
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await pageShots(page, testInfo, "pick-list");

  // The admin ships the rest: the order is shipped, in three shipments.
  await page.goto(`/dashboard/orders/${orderId}`);
  const ship = page.getByRole("form", { name: "Ship", exact: true });
  await ship.getByLabel("Carrier", { exact: true }).fill("UPS");
  await ship.getByLabel("Tracking number", { exact: true }).fill("1Z999");
  await ship.getByRole("button", { name: "Ship the rest" }).click();
  await expect(
    page.getByRole("region", { name: "Shipments" }).getByRole("heading", { name: /Shipment 3/ }),
  ).toBeVisible();
  await expect(page.getByText("Still to come")).toHaveCount(0);
  await buyer.page.reload();
  await expect(
    buyer.page.getByRole("region", { name: "Shipments" }).getByRole("heading", { name: /Shipment 3/ }),
  ).toBeVisible();
  expect(buyer.errors).toEqual([]);
  await buyer.close();
});
