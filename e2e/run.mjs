// Runs the browser tests after checking that a Chromium is there to drive.
import { spawnSync } from "node:child_process";
import { chromium } from "@playwright/test";
import { findChromium } from "../scripts/chromium.mjs";

let ownBrowser = "";
try {
  ownBrowser = chromium.executablePath();
} catch {}
if (!findChromium() && !ownBrowser) {
  console.error(
    [
      "No Chromium found for the browser tests. Install one of:",
      "  Debian/Ubuntu: sudo apt-get install -y chromium   (then it is found at /usr/bin/chromium)",
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
