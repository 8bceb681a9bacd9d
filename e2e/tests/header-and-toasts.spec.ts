import type { Locator, Page } from "@playwright/test";
import { newCustomer, signUpThroughApi } from "../support/accounts.js";
import { cartLink } from "../support/cart.js";
import {
  expect,
  expectAccessible,
  expectNoHorizontalScroll,
  expectToastAccessible,
  test,
} from "../support/fixtures.js";
import { shot } from "../support/shots.js";

const SCREWDRIVERS = "Forgeline 6-Piece Screwdriver Set";

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxesOf(locator: Locator): Promise<Box[]> {
  return locator.evaluateAll((elements) =>
    elements.map((element) => {
      const { x, y, width, height } = element.getBoundingClientRect();
      return { x, y, width, height };
    }),
  );
}

/** The signed-in header's items, as a customer has them: a phone leaves Quick Order to the dashboard's menu. */
async function signedInHeader(page: Page, isMobile: boolean) {
  const nav = page.getByRole("navigation", { name: "Main" });
  const items = [
    nav.getByRole("link", { name: "Forgeline" }),
    nav.getByRole("link", { name: "Home", exact: true }),
    nav.getByRole("link", { name: "Blogs" }),
    ...(isMobile ? [] : [nav.getByRole("link", { name: "Quick Order" })]),
    cartLink(page, 0),
    nav.getByRole("link", { name: "Dashboard" }),
    nav.getByRole("button", { name: "Log Out" }),
  ];
  for (const item of items) await expect(item).toBeVisible();
  return items;
}

test("the signed-in header stays on one line, on a 390 px phone too, and is walked by keyboard", async ({
  page,
  isMobile,
}) => {
  await signUpThroughApi(page, newCustomer("Hana Header", "hana"));
  for (const width of isMobile ? [390, 360] : [1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/cart");
    const items = await signedInHeader(page, isMobile);
    // One line: the bar keeps its one-row height (4 rem and its edge), every item's middle at the same height.
    const header = await page.locator("header").boundingBox();
    expect(header?.height).toBeLessThanOrEqual(66);
    const middles = await Promise.all(
      items.map(async (item) => {
        const box = await item.boundingBox();
        return (box?.y ?? 0) + (box?.height ?? 0) / 2;
      }),
    );
    expect(Math.max(...middles) - Math.min(...middles)).toBeLessThanOrEqual(4);
    await expectNoHorizontalScroll(page);
  }
  await expectAccessible(page);

  // Tab goes through the items in order, each named.
  const items = await signedInHeader(page, isMobile);
  await items[0]?.focus();
  for (const item of items.slice(1)) {
    await page.keyboard.press("Tab");
    await expect(item).toBeFocused();
  }
  await page.keyboard.press("Enter");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Login" })).toBeVisible();
});

test("a toast leaves the header's links uncovered, on a desktop and a phone", async ({ page, isMobile }) => {
  await signUpThroughApi(page, newCustomer("Tomas Toast", "tomas"));
  if (isMobile) await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/availableProducts?q=screwdriver");
  const card = page
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: SCREWDRIVERS, exact: true }) });
  await expect(cartLink(page, 0)).toBeVisible();
  await card.getByRole("button", { name: "Add to order" }).click();
  const toast = page.locator(".Toastify__toast").filter({ hasText: `Added ${SCREWDRIVERS} to your order` });
  await expect(toast).toBeVisible();
  await expect(cartLink(page, 1)).toBeVisible();

  const toastBox = (await boxesOf(toast))[0] as Box;
  const header = (await page.locator("header").boundingBox()) as Box;
  expect(toastBox.y).toBeGreaterThanOrEqual(header.y + header.height);
  const clickable = await boxesOf(page.locator("header").locator("a, button"));
  expect(clickable.length).toBeGreaterThanOrEqual(5);
  expect(clickable.filter((box) => overlap(box, toastBox))).toEqual([]);
  // What is under a point of each item is the item itself, not the toast.
  await cartLink(page, 1).click({ trial: true });
  await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Log Out" }).click({ trial: true });
  await expectToastAccessible(page, `Added ${SCREWDRIVERS} to your order`);
  await shot(page, test.info(), "toast-under-header");
});
