import type { Locator, Page } from "@playwright/test";
import { newCustomer, signUpThroughApi } from "../support/accounts.js";
import { expect, test } from "../support/fixtures.js";
import { pngPicture } from "../support/pictures.js";

test.skip(({ isMobile }) => isMobile, "the form's wait for an upload is the same script in every window; checked once");

const toast = (page: Page, text: string) => page.locator(".Toastify").getByText(text);

/** How long the upload stays held after the submit: a form that did not wait would have sent or refused by then. */
const SLOW_UPLOAD_MS = 1500;

/**
 * Picks a picture on the open form and presses its submit button at once, while the upload (POST
 * /api/image) is held in the network; checks that the form waits (nothing sent to `formPath`, the button
 * busy, no "Image is Required"), then lets the upload through and answers the picture's URL.
 */
async function submitDuringSlowUpload(page: Page, { formPath, submit }: { formPath: string; submit: string }) {
  let letThrough = () => {};
  const held = new Promise<void>((resolve) => {
    letThrough = resolve;
  });
  let holding = false;
  let uploadStarted = () => {};
  const started = new Promise<void>((resolve) => {
    uploadStarted = resolve;
  });
  await page.route("**/api/image", async (route) => {
    if (route.request().method() !== "POST") return route.fallback();
    holding = true;
    uploadStarted();
    await held;
    holding = false;
    await route.continue();
  });
  const sentWhileHolding: string[] = [];
  page.on("request", (request) => {
    if (holding && request.method() === "POST" && new URL(request.url()).pathname === formPath) {
      sentWhileHolding.push(request.url());
    }
  });
  const uploadAnswer = page.waitForResponse(
    (response) => response.request().method() === "POST" && new URL(response.url()).pathname === "/api/image",
  );

  await page.getByLabel("Picture").setInputFiles(await pngPicture(page, "#7c3aed"));
  const button = page.getByRole("button", { name: submit });
  await button.click();
  await started;
  await expect(page.getByRole("progressbar", { name: "Upload progress" })).toBeVisible();
  await expect(button).toBeDisabled();
  await page.waitForTimeout(SLOW_UPLOAD_MS);
  expect(sentWhileHolding).toEqual([]);
  await expect(page.getByText("Image is Required")).toHaveCount(0);

  letThrough();
  const answer = await uploadAnswer;
  expect(answer.status()).toBe(200);
  return (await answer.json()).data.url as string;
}

/** The picture shows: its address is the uploaded one and the browser has drawn it. */
async function expectPicture(picture: Locator, url: string) {
  await expect(picture).toHaveAttribute("src", url);
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeTruthy();
}

test.describe("a submit pressed during a slow picture upload waits for it, then sends the form", () => {
  test("Add Review: the review is added with the picture", async ({ page }) => {
    await signUpThroughApi(page, newCustomer("Wanda Wait", "wanda"));
    await page.goto("/dashboard/addReview");
    await expect(page.getByRole("heading", { level: 1, name: "Add Review" })).toBeVisible();
    const words = `The clamps came a day early, every one with its label ${Date.now()}.`;
    await page.getByRole("radio", { name: "5 stars" }).check();
    await page.getByLabel("Your review").fill(words);

    const url = await submitDuringSlowUpload(page, { formPath: "/api/review", submit: "Add Review" });
    expect(url).toMatch(/^\/images\/[0-9a-f-]{36}-\d+\.webp$/);
    await expect(toast(page, "Review Data Added Successfully")).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/myreview$/);
    const mine = page.getByRole("listitem").filter({ hasText: words });
    await expect(mine).toBeVisible();
    await expectPicture(mine.locator("img"), url);
  });

  test("Update Profile: the profile is saved with the picture", async ({ page }) => {
    await signUpThroughApi(page, newCustomer("Walt Wait", "walt"));
    await page.goto("/dashboard/updateProfile");
    await expect(page.getByRole("heading", { level: 1, name: "Update Profile" })).toBeVisible();
    await page.getByLabel("Phone (digits only)").fill("5550107000");
    await page.getByLabel("Facebook URL").fill("https://facebook.com/walt.wait");
    await page.getByLabel("Address").fill("7 Patience Row, Springfield");

    const url = await submitDuringSlowUpload(page, { formPath: "/api/profile", submit: "Save profile" });
    await expect(toast(page, "Profile Data Added Successfully")).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/myprofile$/);
    await expectPicture(page.getByRole("img", { name: "Walt Wait" }), url);
  });
});
