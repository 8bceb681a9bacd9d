import { expect, expectAccessible, expectNoHorizontalScroll, test } from "../support/fixtures.js";

test.describe("home page", () => {
  test("shows the banner, tools, reviews, summary, blog teasers and newsletter", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Professional tools/);
    const banner = page.getByRole("region", { name: /Professional tools/ });
    await expect(banner.getByText("Free shipping on every order")).toBeVisible();
    await expect(banner.getByText("40% off orders of 200 pieces or more")).toBeVisible();
    await expect(banner.getByText(/30% off your first order/).first()).toBeVisible();

    // The six newest tools: other tests add tools as they run, so which six depends on when this one runs.
    const newest = (await (await page.request.get("/api/product?limit=6")).json()) as { name: string }[];
    const tools = page.getByRole("region", { name: "Our tools" });
    await expect(tools.getByRole("article").getByRole("heading", { level: 3 })).toHaveText(
      newest.map((tool) => tool.name),
    );
    // A card says its price, stock, quantity rule and volume prices: the seeded drill's, in the catalogue's own card.
    await page.goto("/availableProducts?q=Cordless%20Drill");
    const drill = page.getByRole("article").filter({ hasText: "Forgeline 20V Cordless Drill" });
    await expect(drill.getByText("$89.00", { exact: true })).toBeVisible();
    await expect(drill.getByText("1250 Pieces")).toBeVisible();
    await expect(drill.getByText("Order 100 to 200 pieces")).toBeVisible();
    await expect(drill.getByText("150+ $84.00 · 200+ $79.00")).toBeVisible();
    await expect(drill.getByRole("link", { name: "Order Now" })).toBeEnabled();

    await page.goto("/");
    const reviews = page.getByRole("region", { name: "What our customers say" });
    await expect(reviews.getByRole("listitem")).toHaveCount(6);
    await expect(reviews.getByRole("img", { name: /Rated \d out of 5/ }).first()).toBeVisible();

    const summary = page.getByRole("region", { name: "Millions of businesses trust us" });
    for (const stat of ["100+", "120M+", "33.3K", "50+", "1K+"])
      await expect(summary.getByText(stat, { exact: true })).toBeVisible();

    const teasers = page.getByRole("region", { name: "From our blog" });
    await expect(teasers.getByRole("listitem")).toHaveCount(3);

    await expect(page.getByRole("region", { name: "Get the newsletter" })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
  });

  test("disables Order Now on a tool with 99 pieces or fewer and says to try again", async ({ page }) => {
    // The home page's cards are the catalogue's; the wrenches may no longer be among the six newest.
    await page.goto("/availableProducts?q=Combination%20Wrench");
    const wrenches = page.getByRole("article").filter({ hasText: "Combination Wrench Set" });
    await expect(wrenches.getByText("80 Pieces")).toBeVisible();
    await expect(wrenches.getByRole("button", { name: "Order Now" })).toBeDisabled();
    await expect(
      wrenches.getByText("Not enough stock for a bulk order right now. Please try again later."),
    ).toBeVisible();
  });

  test("the newsletter box checks the address beside the field, then thanks the subscriber", async ({ page }) => {
    await page.goto("/");
    const box = page.getByRole("region", { name: "Get the newsletter" });
    const field = box.getByLabel("Email address");
    await field.fill("not-an-email");
    await box.getByRole("button", { name: "Subscribe" }).click();
    await expect(box.getByRole("alert")).toHaveText("Provide a Valid Email");
    await expect(field).toHaveAttribute("aria-invalid", "true");

    await field.fill(`visitor-${Date.now()}@company.co.uk`);
    await field.press("Enter");
    await expect(box.getByRole("status")).toHaveText(
      "Thanks for subscribing! Our next newsletter is on its way to you.",
    );
    await expect(
      page.locator(".Toastify").getByText("Thanks for subscribing! Our next newsletter is on its way to you."),
    ).toBeVisible();
    await expect(field).toHaveValue("");
  });

  test("works with the keyboard: skip link first, then the navigation", async ({ page }) => {
    await page.goto("/");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/#main$/);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Blogs" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 1, name: "Blogs" })).toBeVisible();
  });
});
