import type { Locator, Page } from "@playwright/test";
import { bearerOf, newCustomer, signUpThroughApi } from "../support/accounts.js";
import { expect, expectAccessible, test } from "../support/fixtures.js";

/**
 * A refused form says why beside the button that was pressed, takes the focus, and is on the screen together with
 * that button, on a 390 px phone too (docs/decisions/065-where-a-sign-up-lands.md; checkout and quotes are proven in
 * on-account.spec.ts and quotes.spec.ts).
 */
async function expectBeside(page: Page, refusal: Locator, button: Locator, words: string) {
  await expect(refusal).toHaveText(words);
  await expect(refusal).toBeFocused();
  await expect(refusal).toBeInViewport();
  await expect(button).toBeInViewport();
  const [said, pressed] = [await refusal.boundingBox(), await button.boundingBox()];
  if (!said || !pressed) throw new Error("the refusal or its button is not on the page");
  // Next to each other: at most a line and a half of space between them (a dialog's row of buttons keeps its
  // margin), above or below.
  const gap = Math.max(said.y - (pressed.y + pressed.height), pressed.y - (said.y + said.height));
  expect(gap).toBeLessThanOrEqual(40);
  await expectAccessible(page);
}

test("company forms refuse beside their buttons: create, invite, change a role, leave", async ({
  page,
  isMobile,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  consoleErrors.allow(/status of 40[39]/);
  if (isMobile) await page.setViewportSize({ width: 390, height: 844 });
  const owner = await signUpThroughApi(page, newCustomer("Rhea Refused", "rhea"));
  const asOwner = await bearerOf(page, owner.email);
  await page.goto("/dashboard/company");
  const create = page.getByRole("region", { name: "Create a company" });
  await create.getByLabel("Company name").fill(`Refusals Ltd ${Date.now()}`);

  // Meanwhile the account made a company elsewhere (another tab): this form's is refused, 409.
  const made = await page.request.post("/api/companies", {
    headers: asOwner,
    data: { name: `Elsewhere ${Date.now()}` },
  });
  expect(made.status()).toBe(201);
  const createButton = create.getByRole("button", { name: "Create company" });
  await createButton.click();
  await expectBeside(page, create.getByRole("alert"), createButton, "You are already in a company: leave it first.");

  // The address is not confirmed yet: an invitation is refused, 403.
  await page.reload();
  const invite = page.getByRole("form", { name: "Invite a colleague" });
  await invite.getByLabel("Colleague's email").fill(`colleague.${Date.now()}@example.com`);
  const send = invite.getByRole("button", { name: "Send invitation" });
  await send.click();
  await expectBeside(
    page,
    invite.getByRole("alert"),
    send,
    "Confirm your email address before you invite anyone: open the link we mailed you.",
  );

  // The only owner cannot make themself a buyer, 409.
  const members = page.getByRole("region", { name: "Members" });
  await members.getByRole("button", { name: /^Change the role or limit of Rhea Refused/ }).click();
  const dialog = page.getByRole("dialog", { name: "Change Rhea Refused" });
  await dialog.getByLabel("Role").selectOption("buyer");
  const save = dialog.getByRole("button", { name: "Save" });
  await save.click();
  await expectBeside(
    page,
    dialog.getByRole("alert"),
    save,
    "A company needs an owner: make another member an owner first.",
  );
  await dialog.getByRole("button", { name: "Cancel" }).click();

  // Nor leave, 409: said in the member's row, under Leave.
  await members.getByRole("button", { name: /^Leave / }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Leave company" }).click();
  await expectBeside(
    page,
    members.getByRole("alert"),
    members.getByRole("button", { name: /^Leave / }),
    "A company needs an owner: make another member an owner first.",
  );
});
