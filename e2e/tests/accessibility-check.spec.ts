import { expect, expectAccessible, test } from "../support/fixtures.js";

// The check runs the same way in every window; what it finds on the shop's pages, each spec proves in both.
test.skip(({ isMobile }) => isMobile, "the check itself is the same in every window; proven in the desktop project");

/**
 * expectAccessible is the proof behind every page's "no serious accessibility violation": it must fail where a
 * person could not read a word or could not tell what a field is for, and name where, and pass once fixed.
 */
test("the accessibility check fails faint words and a field without a name, naming each, and passes them fixed", async ({
  page,
}) => {
  await page.setContent(`<!doctype html><html lang="en"><head><title>Check</title></head><body><main>
    <h1>Check</h1>
    <p id="faint" style="color:#c8c8c8;background:#fff">Words too faint to read</p>
    <input id="unnamed" style="border:1px solid #333">
  </main></body></html>`);
  const failure = await expectAccessible(page).then(
    () => "",
    (error: Error) => error.message,
  );
  expect(failure).toMatch(/color-contrast: .*\(#faint\)/);
  expect(failure).toMatch(/label: .*\(#unnamed\)/);

  await page.evaluate(() => {
    (document.getElementById("faint") as HTMLElement).style.color = "#333";
    (document.getElementById("unnamed") as HTMLElement).setAttribute("aria-label", "Pieces");
  });
  await expectAccessible(page);
});
