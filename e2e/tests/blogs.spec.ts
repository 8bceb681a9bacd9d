import { expect, expectAccessible, expectNoHorizontalScroll, test } from "../support/fixtures.js";

test.describe("/blogs", () => {
  test("shows six question-and-answer essays about React and JavaScript", async ({ page }) => {
    await page.goto("/blogs");
    await expect(page.getByRole("heading", { level: 1, name: "Blogs" })).toBeVisible();
    const essays = page.getByRole("article");
    await expect(essays).toHaveCount(6);
    for (const essay of await essays.all()) {
      await expect(essay.getByRole("heading", { level: 2 })).toHaveText(/\?$/);
      expect(await essay.getByRole("paragraph").count()).toBeGreaterThanOrEqual(4);
    }
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
  });

  test("a teaser on the home page opens its essay", async ({ page }) => {
    await page.goto("/");
    const teaser = page.getByRole("region", { name: "From our blog" }).getByRole("listitem").first();
    const question = (await teaser.getByRole("heading").textContent()) ?? "";
    await teaser.getByRole("link", { name: /Read the answer/ }).click();
    await expect(page).toHaveURL(/\/blogs#/);
    await expect(page.getByRole("heading", { level: 2, name: question })).toBeInViewport();
  });
});
