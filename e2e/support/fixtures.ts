import { type Browser, test as base, expect, type Page, type TestInfo } from "@playwright/test";
import type { AxeResults } from "axe-core";
import { axeFindings } from "./axe.js";

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

/** Another person at another browser, in the project's window, whose console is watched as the test's page is. */
export async function anotherPerson(browser: Browser, testInfo: TestInfo, allowed: RegExp[] = []) {
  const { viewport, isMobile, hasTouch, deviceScaleFactor, baseURL } = testInfo.project.use;
  const context = await browser.newContext({ viewport, isMobile, hasTouch, deviceScaleFactor, baseURL });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && !allowed.some((pattern) => pattern.test(message.text()))) {
      errors.push(message.text());
    }
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return { page, errors, close: () => context.close() };
}

/**
 * Brings what is moving on the page to where it comes to rest (a dialog fading in): a person reads the page once
 * it stands still, and axe judged half-faded text as too faint on a busy machine. Endless animations (a spinner)
 * have no end to jump to and are left as they are.
 */
async function animationsSettled(page: Page) {
  await page.evaluate(() => {
    for (const animation of document.getAnimations()) {
      if (animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY) animation.finish();
    }
  });
}

const WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

function expectNoSeriousViolation(results: AxeResults) {
  const serious = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`,
    );
  expect(serious).toEqual([]);
}

/**
 * No serious or critical accessibility violation (axe-core, WCAG 2.1 A and AA rules) on the page at rest. Toasts
 * are left to expectToastAccessible: one closes by itself after 5 s, fading out while axe reads the page, and its
 * half-faded words were reported as too faint.
 */
export async function expectAccessible(page: Page) {
  await animationsSettled(page);
  expectNoSeriousViolation(await axeFindings(page, { exclude: [".Toastify"] }, WCAG_21_AA));
  await expectVisibleFieldEdges(page);
}

/** The toast saying `text`, held open as a person holds it by pointing at it, read by axe at rest. */
export async function expectToastAccessible(page: Page, text: string | RegExp) {
  await page.locator(".Toastify").getByText(text).hover();
  // Its entrance may begin a frame after it shows (CI, 2026-12-03: its words read half-faded): finished until none
  // is left running.
  await expect
    .poll(async () => {
      await animationsSettled(page);
      return page.evaluate(
        () =>
          document
            .getAnimations()
            .filter((each) => each.playState === "running" && each.effect?.getTiming().iterations !== Infinity).length,
      );
    })
    .toBe(0);
  expectNoSeriousViolation(await axeFindings(page, { include: [".Toastify"] }, WCAG_21_AA));
}

/** What WCAG 2.2 (1.4.11) asks of the edge that shows where a field is, against what surrounds it. */
const FIELD_EDGE_CONTRAST = 3;

/**
 * Every text field, select and text area on the page shows its edge: at least 1 px, at 3:1 against the
 * background around it. axe does not check this, and for three rounds every field was drawn without an edge.
 * A field drawn inside a daisyUI wrapper (`label.input > input`) is judged by the wrapper's edge.
 */
export async function expectVisibleFieldEdges(page: Page) {
  const faint = await page.evaluate((minimum) => {
    const canvas = document.createElement("canvas");
    canvas.width = 1;
    canvas.height = 1;
    const paint = canvas.getContext("2d", { willReadFrequently: true }) as CanvasRenderingContext2D;
    /** Any CSS colour (oklab, color-mix, named) as sRGB 0-255 with alpha 0-1, as the browser paints it. */
    const rgba = (color: string): [number, number, number, number] => {
      paint.clearRect(0, 0, 1, 1);
      paint.fillStyle = "#000";
      paint.fillStyle = color;
      paint.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = paint.getImageData(0, 0, 1, 1).data as unknown as number[];
      return [r as number, g as number, b as number, (a as number) / 255];
    };
    const over = (top: number[], bottom: number[]) =>
      [0, 1, 2].map((i) => (top[i] as number) * (top[3] as number) + (bottom[i] as number) * (1 - (top[3] as number)));
    const luminance = (rgb: number[]) => {
      const [r, g, b] = rgb.map((channel) => {
        const c = channel / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      }) as [number, number, number];
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const backgroundBehind = (element: Element): number[] => {
      const layers: number[][] = [];
      for (let node: Element | null = element.parentElement; node; node = node.parentElement) {
        const layer = rgba(getComputedStyle(node).backgroundColor);
        if (layer[3] > 0) layers.push(layer);
        if (layer[3] >= 1) break;
      }
      return layers.reduceRight((below, layer) => over(layer, below), [255, 255, 255]);
    };
    const fields = document.querySelectorAll<HTMLElement>(
      "input:not([type=hidden],[type=checkbox],[type=radio],[type=range],[type=color],[type=submit],[type=button],[type=image]), select, textarea",
    );
    const problems: string[] = [];
    for (const field of Array.from(fields)) {
      const box = field.getBoundingClientRect();
      // A disabled field takes no input: WCAG 1.4.11 does not ask an edge of it.
      if (field.matches(":disabled") || box.width === 0 || box.height === 0) continue;
      if (getComputedStyle(field).visibility === "hidden") continue;
      const style = getComputedStyle(field);
      const drawn = Number.parseFloat(style.borderBottomWidth) > 0 && rgba(style.borderBottomColor)[3] > 0;
      const wrapper = field.parentElement?.closest(".input, .select, .textarea");
      const edged = drawn || !wrapper ? field : (wrapper as HTMLElement);
      const edge = getComputedStyle(edged);
      const behind = backgroundBehind(edged);
      const contrast = (a: number[], b: number[]) => {
        const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
        return (light + 0.05) / (dark + 0.05);
      };
      const ratio = contrast(over(rgba(edge.borderBottomColor), behind), behind);
      const width = Number.parseFloat(edge.borderBottomWidth);
      if (width < 1 || ratio < minimum) {
        const labelled = (field as HTMLInputElement).labels?.[0]?.textContent?.trim();
        const name = labelled || field.getAttribute("aria-label") || field.getAttribute("name") || field.id;
        problems.push(`${field.tagName.toLowerCase()} "${name}": edge ${width}px at ${ratio.toFixed(2)}:1`);
      }
    }
    return problems;
  }, FIELD_EDGE_CONTRAST);
  expect(faint, "fields whose edge cannot be seen").toEqual([]);
}

/**
 * The page fits a phone's width: nothing sticks out sideways, and nothing inside it (a table's frame, say)
 * has to be scrolled sideways to be read.
 */
export async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const scrollers = await page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>("body *"))
      .filter((element) => {
        const { overflowX } = getComputedStyle(element);
        return (overflowX === "auto" || overflowX === "scroll") && element.scrollWidth > element.clientWidth + 1;
      })
      .map((element) => `${element.tagName.toLowerCase()}: ${element.textContent?.slice(0, 60)}`),
  );
  expect(scrollers, "parts of the page that scroll sideways").toEqual([]);
}
