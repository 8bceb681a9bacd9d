import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";
import type { AxeResults } from "axe-core";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** Which part of the page to check, by CSS selectors (axe-core's context). */
type AxeScope = { include: string[] } | { exclude: string[] };

/**
 * axe-core's findings on the page as it stands, for the rules of `tags`, within `scope`. axe runs in the page
 * itself and is loaded once per document: @axe-core/playwright loaded its 550 KB anew at every check and then
 * finished each check in a new blank page, 2.4 s a check on 2 busy cores against 0.8 s this way, a sixth of the
 * browser suite's time. Our pages hold no frames, the one thing its way added.
 */
export async function axeFindings(page: Page, scope: AxeScope, tags: string[]): Promise<AxeResults> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  const found: unknown = await page.evaluate(
    ({ scope, tags }) => {
      const { axe } = window as unknown as { axe: { run(context: unknown, options: unknown): Promise<unknown> } };
      return axe.run(scope, { runOnly: { type: "tag", values: tags } });
    },
    { scope, tags },
  );
  return found as AxeResults;
}
