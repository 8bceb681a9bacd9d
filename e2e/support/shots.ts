import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page, TestInfo } from "@playwright/test";

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
