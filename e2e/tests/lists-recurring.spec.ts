import { bearerOf, newCustomer, signUpThroughApi } from "../support/accounts.js";
import { cartLink, productIdOf } from "../support/cart.js";
import { dashboardMenu } from "../support/dashboard.js";
import { expect, expectAccessible, expectNoHorizontalScroll, test } from "../support/fixtures.js";
import { tabTo } from "../support/keyboard.js";
import { pageShots, shot } from "../support/shots.js";

const SCREWDRIVERS = "Forgeline 6-Piece Screwdriver Set";
const HAMMER = "Forgeline 16 oz Claw Hammer";

/**
 * docs/RECURRING.md: a buyer saves their cart as a list, empties the cart, puts the list back in it from the lists'
 * page (each line reported), changes a line's pieces (a quantity off the tool's steps refused beside the line) and
 * removes a line, and sets the list up as a monthly order on day 31; a day 0 is refused beside its field.
 * On a desktop and on a phone, with axe's check of each page.
 */
test("save the cart as a list, put the list in the cart, and order it every month", async ({
  page,
  consoleErrors,
}, testInfo) => {
  test.setTimeout(120_000);
  // The refusals shown beside their fields are 400 answers, which the browser logs.
  consoleErrors.allow(/status of 400/);
  const account = await signUpThroughApi(page, newCustomer("Lena List", "lena"));
  const auth = await bearerOf(page, account.email);
  for (const [name, quantity] of [
    [SCREWDRIVERS, 150],
    [HAMMER, 125],
  ] as const) {
    const put = await page.request.put(`/api/cart/lines/${await productIdOf(page, name)}`, {
      headers: auth,
      data: { quantity },
    });
    expect(put.status()).toBe(200);
  }

  await page.goto("/cart");
  const save = page.getByRole("form", { name: "Save as list" });
  await save.getByLabel("List name").fill("Monday crew");
  await save.getByLabel("Share with my company").check();
  await save.getByRole("button", { name: "Save as list" }).click();
  // Not in a company: the refusal stands beside the box, nothing saved.
  await expect(save.getByText("Join a company to share a list with it")).toBeVisible();
  await save.getByLabel("Share with my company").uncheck();
  await save.getByRole("button", { name: "Save as list" }).click();
  await expect(save.getByRole("status")).toContainText("Saved.");
  await expectAccessible(page);
  await shot(page, testInfo, "cart-save-as-list", true);

  expect((await page.request.delete("/api/cart", { headers: auth })).status()).toBe(200);
  await page.goto("/dashboard");
  await (await dashboardMenu(page)).getByRole("link", { name: "Saved Lists" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Saved lists" })).toBeVisible();
  const list = page.getByRole("region", { name: "Monday crew" });
  await expect(list.getByRole("table", { name: "Lines of Monday crew" }).getByRole("row")).toHaveCount(3);
  await list.getByRole("button", { name: "Add to cart" }).click();
  await expect(list.getByRole("status")).toContainText("2 of 2 added to your cart.");
  await expect(cartLink(page, 2)).toBeVisible();
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await shot(page, testInfo, "saved-lists", true);

  // Change the hammer's pieces and remove the screwdrivers: the list keeps one line, as saved.
  await list.getByText("Change this list").click();
  const lines = list.getByRole("form", { name: "Change the lines of Monday crew" });
  const hammer = lines.getByLabel("Pieces of FL-HAM-16");
  await hammer.fill("130");
  await lines.getByRole("button", { name: "Save lines" }).click();
  await expect(lines.getByText(/steps of 25/)).toBeVisible();
  await expect(hammer).toHaveAttribute("aria-invalid", "true");
  await expect(hammer).toBeFocused();
  await pageShots(page, testInfo, "saved-list-line-refused");
  await hammer.focus();
  // By keyboard: the refused box has the focus; the line's Remove is a button in the tab order.
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("200");
  await tabTo(page, lines.getByRole("button", { name: "Remove FL-SDS-6" }));
  await page.keyboard.press("Enter");
  await expect(lines.getByLabel("Pieces of FL-SDS-6")).toHaveCount(0);
  await expectAccessible(page);
  await pageShots(page, testInfo, "saved-list-lines");
  await lines.getByRole("button", { name: "Save lines" }).click();
  await expect(list.getByText("Lines saved.")).toBeVisible();
  const table = list.getByRole("table", { name: "Lines of Monday crew" });
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table.getByRole("row").nth(1)).toContainText("FL-HAM-16");
  await expect(table.getByRole("row").nth(1)).toContainText("200");
  await expectNoHorizontalScroll(page);

  await list.getByRole("link", { name: "Order on a schedule" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Recurring orders" })).toBeVisible();
  const form = page.getByRole("form", { name: "Set up a recurring order" });
  await expect(form.getByLabel("Saved list to order")).toHaveValue(/.+/);
  await form.getByLabel("Every").selectOption("months");
  await form.getByLabel("Number of months").fill("1");
  await form.getByLabel(/^Day of the month/).fill("0");
  await form.getByLabel("First run on").fill("2030-01-31");
  await form.getByLabel("Phone").fill("5550100000");
  await form.getByLabel("Delivery address").fill("1 Yard Road");
  await form.getByRole("button", { name: "Set up recurring order" }).click();
  await expect(form.getByText("A day of the month from 1 to 31")).toBeVisible();
  await form.getByLabel(/^Day of the month/).fill("31");
  await form.getByRole("button", { name: "Set up recurring order" }).click();
  await expect(form.getByRole("status")).toContainText("Recurring order set up");

  const schedule = page.getByRole("region", { name: "Monday crew" });
  await expect(schedule).toContainText("Every month on day 31 (the last day of shorter months)");
  await expect(schedule).toContainText("Jan 31, 2030");
  // By keyboard: the steps are buttons in the tab order.
  await tabTo(page, schedule.getByRole("button", { name: "Pause" }));
  await page.keyboard.press("Enter");
  await expect(schedule.getByRole("button", { name: "Resume" })).toBeVisible();
  await expect(schedule).toContainText("Paused");
  await schedule.getByRole("button", { name: "Resume" }).click();
  await expect(schedule.getByRole("button", { name: "Skip next run" })).toBeVisible();
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await shot(page, testInfo, "recurring-orders", true);
});

/**
 * docs/RECURRING.md, 'Recurring orders': a buyer opens a past order, chooses "Repeat this order", and sets its lines
 * up as an order every two weeks; the recurring order is named after the order. On a desktop and on a phone, with
 * axe's check of the form.
 */
test("repeat a past order as a recurring order", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const account = await signUpThroughApi(page, newCustomer("Rita Repeat", "rita"));
  const auth = await bearerOf(page, account.email);
  const placed = await page.request.post("/api/ordering", {
    headers: auth,
    data: {
      orderId: await productIdOf(page, HAMMER),
      quantity: 150,
      phone: "5550109000",
      address: "9 Ledger Lane, Springfield",
      paymentMethod: "card",
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const orderId = ((await placed.json()) as { insertedId: string }).insertedId;

  await page.goto(`/dashboard/myorders/${orderId}`);
  const number = (await page.getByRole("heading", { level: 1 }).textContent())?.replace("Order ", "") ?? "";
  expect(number).toMatch(/^FL-/);
  await page.getByRole("link", { name: "Repeat this order" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Recurring orders" })).toBeVisible();
  const form = page.getByRole("form", { name: "Set up a recurring order" });
  await expect(form.getByText(`From: order ${number}`)).toBeVisible();
  await form.getByLabel("Number of weeks").fill("2");
  await form.getByLabel("First run on").fill("2030-02-04");
  await form.getByLabel("Phone").fill("5550109000");
  await form.getByLabel("Delivery address").fill("9 Ledger Lane, Springfield");
  await expectAccessible(page);
  await pageShots(page, testInfo, "recurring-from-order");
  await form.getByRole("button", { name: "Set up recurring order" }).click();
  await expect(form.getByRole("status")).toContainText("Recurring order set up");
  const schedule = page.getByRole("region", { name: `Order ${number} again` });
  await expect(schedule).toContainText("Every 2 weeks");
  await expect(schedule).toContainText("Feb 4, 2030");
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
});
