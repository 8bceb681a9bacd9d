import type { Locator, Page } from "@playwright/test";

/** Presses Tab until the element has the focus, as a keyboard user moves through the page. */
export async function tabTo(page: Page, target: Locator, most = 120) {
  for (let presses = 0; presses < most; presses++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`${target} was not reached with ${most} presses of Tab`);
}
