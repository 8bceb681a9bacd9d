import { newCustomer, signUpThroughPage } from "../support/accounts.js";
import { expect, expectAccessible, expectNoHorizontalScroll, test } from "../support/fixtures.js";
import { latestMailLink, mailsTo } from "../support/mail.js";
import { pageShots } from "../support/shots.js";

/**
 * The page a sign-up lands on asks to confirm the address and sends the link again; the page the mailed link lands
 * on says the address is confirmed (docs/decisions/065-where-a-sign-up-lands.md). Not only the dashboard.
 */
test("a new customer lands home asked to confirm the address; the mailed link's page says it is confirmed", async ({
  page,
}) => {
  const account = newCustomer("Lena Landing", "lena");
  await signUpThroughPage(page, account);
  await expect(page).toHaveURL(/\/$/);
  const notice = page.getByRole("region", { name: "Check your mail" });
  await expect(notice).toContainText(`We sent a link to ${account.email} to confirm it is yours.`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Professional tools/);
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await pageShots(page, test.info(), "signed-up-landing");

  // The link of the sign-up's mail leads home, which will then say so.
  await expect.poll(() => latestMailLink(account.email)).toContain("callbackURL=%2F%3Faddress%3Dconfirmed");
  await notice.getByRole("button", { name: "Send the link again" }).click();
  await expect(notice.getByText("We sent a new link: it may take a minute to arrive.")).toBeVisible();
  await expect.poll(async () => (await mailsTo(account.email)).length).toBe(2);

  await page.goto(await latestMailLink(account.email));
  await expect(page).toHaveURL(/\/\?address=confirmed$/);
  await expect(page.getByRole("status").filter({ hasText: "Your address is confirmed." })).toBeVisible();
  await expect(notice).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Log Out" })).toBeVisible();
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await pageShots(page, test.info(), "address-confirmed");

  // Written by the server: the sentence costs the public page no script.
  const html = await (await page.request.get("/?address=confirmed")).text();
  expect(html).toContain("Your address is confirmed.");
});

test("a confirmation link that no longer holds lands on a page that says so, not that the address is confirmed", async ({
  page,
}) => {
  const landing = encodeURIComponent("/?address=confirmed");
  await page.goto(`/api/auth/verify-email?token=not-a-token&callbackURL=${landing}`);
  await expect(page).toHaveURL(/\/\?address=confirmed&error=/);
  await expect(page.getByRole("alert")).toHaveText(
    "This confirmation link no longer works: send a new one from your dashboard.",
  );
  await expect(page.getByText("Your address is confirmed.")).toHaveCount(0);
  await expectAccessible(page);
});
