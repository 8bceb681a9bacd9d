import { existsSync } from "node:fs";

/** The Chromium the browser tests drive: CHROMIUM_PATH, else Debian's, else Playwright's own (undefined). */
export function findChromium() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  for (const candidate of ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]) {
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

const DEBIAN_HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

/**
 * The browser tests' Chromium: CHROMIUM_PATH, else Debian's headless shell (package chromium-headless-shell:
 * the same engine without the browser's window, which is what Playwright itself runs headless; the specs took
 * a third less time with it on 2 cores), else findChromium(). The benchmarks measure pages in the whole
 * browser, as people get them (findChromium).
 */
export function findTestChromium() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return existsSync(DEBIAN_HEADLESS_SHELL) ? DEBIAN_HEADLESS_SHELL : findChromium();
}

export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
