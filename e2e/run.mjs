// Runs the browser tests after checking that a Chromium is there to drive.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";
import { findTestChromium } from "../scripts/chromium.mjs";

/** Playwright's own browser, only if its file is really there: executablePath() names where it would be. */
function playwrightsOwnBrowser() {
  try {
    const expected = chromium.executablePath();
    return expected && existsSync(expected) ? expected : "";
  } catch {
    return "";
  }
}

const chosen = findTestChromium();
if (chosen && !existsSync(chosen)) {
  console.error(`CHROMIUM_PATH names ${chosen}, which does not exist.`);
  process.exit(1);
}
if (!chosen && !playwrightsOwnBrowser()) {
  console.error(
    [
      "No Chromium found for the browser tests. Install one of:",
      "  Debian/Ubuntu: sudo apt-get install -y chromium-headless-shell   (found at /usr/bin/chromium-headless-shell)",
      "  any system:    npx playwright install chromium",
      "or point CHROMIUM_PATH at a Chromium or Chrome binary.",
    ].join("\n"),
  );
  process.exit(1);
}

const result = spawnSync("npx", ["playwright", "test", "-c", "e2e/playwright.config.ts", ...process.argv.slice(2)], {
  stdio: "inherit",
});
process.exit(result.status ?? 1);
