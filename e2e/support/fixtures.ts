import { AxeBuilder } from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

export interface ConsoleWatch {
  /** Lets errors matching the pattern pass: a test that provokes a refusal on purpose says so. */
  allow(pattern: RegExp): void;
}

/**
 * Every browser test fails on a console error or an uncaught exception in our pages. Pages of other
 * origins (the OpenID Connect stand-in) are not ours to judge.
 */
export const test = base.extend<{ consoleErrors: ConsoleWatch }>({
  // Public pages arrive server-rendered: a test types into them only once they are live (see ReadyMark).
  page: async ({ page, baseURL, javaScriptEnabled }, use) => {
    const whenLive = async <T>(navigation: Promise<T>) => {
      const response = await navigation;
      if (javaScriptEnabled && page.url().startsWith(baseURL ?? ""))
        await page.locator("html[data-ready]").waitFor({ state: "attached" });
      return response;
    };
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = (url, options) => whenLive(goto(url, options));
    page.reload = (options) => whenLive(reload(options));
    await use(page);
  },
  consoleErrors: [
    async ({ page, baseURL }, use) => {
      const errors: string[] = [];
      const allowed: RegExp[] = [];
      const ours = (url: string) => !url || url.startsWith(baseURL ?? "");
      page.on("console", (message) => {
        if (message.type() === "error" && ours(page.url()) && ours(message.location().url)) errors.push(message.text());
      });
      page.on("pageerror", (error) => {
        if (ours(page.url())) errors.push(error.message);
      });
      await use({ allow: (pattern) => allowed.push(pattern) });
      const unexpected = errors.filter((error) => !allowed.some((pattern) => pattern.test(error)));
      expect(unexpected, "console errors on the page").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** No serious or critical accessibility violation (axe-core, WCAG 2.1 A and AA rules). */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`,
    );
  expect(serious).toEqual([]);
}

/** The page fits a phone's width: nothing sticks out sideways. */
export async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}
