import { expect, type Locator, type Page, test } from "@playwright/test";
import { expectAccessible } from "./fixtures.js";
import { shot } from "./shots.js";

/**
 * A refusal said beside the button that was pressed: in its words, focused, on the screen together with that button
 * (a 390 px phone too), at most a line and a half from it, above or below (a dialog's row of buttons keeps its margin).
 * The screen as the person sees it is kept, named by the refusal's first words, for a person to look at.
 */
export async function expectBeside(page: Page, refusal: Locator, button: Locator, words: string | RegExp) {
  await expect(refusal).toHaveText(words);
  await expect(refusal).toBeFocused();
  await expect(refusal).toBeInViewport();
  await expect(button).toBeInViewport();
  const [said, pressed] = [await refusal.boundingBox(), await button.boundingBox()];
  if (!said || !pressed) throw new Error("the refusal or its button is not on the page");
  const gap = Math.max(said.y - (pressed.y + pressed.height), pressed.y - (said.y + said.height));
  expect(gap).toBeLessThanOrEqual(40);
  await expectAccessible(page);
  const shown = (await refusal.textContent()) ?? "";
  const name = shown
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, 40)
    .replace(/^-|-$/g, "");
  await shot(page, test.info(), `refused-${name}`);
}
