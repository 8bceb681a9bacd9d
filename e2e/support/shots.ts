import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page, TestInfo } from "@playwright/test";
import { expectNoHorizontalScroll } from "./fixtures.js";

/**
 * A screenshot of what the person sees, in the test's output; with E2E_SHOTS_DIR set, a copy there too, named by
 * the project and its viewport's width ("pay-invoice-phone-390.png"), for a person to look at.
 */
export async function shot(page: Page, testInfo: TestInfo, name: string, fullPage = false) {
  const width = page.viewportSize()?.width ?? 0;
  const file = `${name}-${testInfo.project.name}-${width}.png`;
  const image = await page.screenshot({ path: testInfo.outputPath(file), fullPage });
  const folder = process.env.E2E_SHOTS_DIR;
  if (folder) {
    mkdirSync(folder, { recursive: true });
    await page.screenshot({ path: path.join(folder, file), fullPage });
  }
  return image;
}

/**
 * The whole page's screenshot, and on the phone also at 390 px wide (a larger phone, with no sideways scrolling)
 * for a person to look at: a desktop's 1280 px, a small phone's 360 and 390.
 */
export async function pageShots(page: Page, testInfo: TestInfo, name: string) {
  // From the top: a full-page shot taken scrolled draws the sticky header over the middle of the page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, testInfo, name, true);
  const size = page.viewportSize();
  if (testInfo.project.name !== "phone" || !size) return;
  await page.setViewportSize({ width: 390, height: size.height });
  await expectNoHorizontalScroll(page);
  await shot(page, testInfo, name, true);
  await page.setViewportSize(size);
}
