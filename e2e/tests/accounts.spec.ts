import { E2E_ADMIN, logInThroughPage, signUpThroughPage, uniqueEmail } from "../support/accounts.js";
import { dashboardMenu } from "../support/dashboard.js";
import { expect, expectAccessible, expectNoHorizontalScroll, test } from "../support/fixtures.js";
import { latestMailLink, mailsTo } from "../support/mail.js";

const accessToken = (page: import("@playwright/test").Page) => page.evaluate(() => localStorage.getItem("accessToken"));

test.describe("accounts", () => {
  test("sign up, log out and log in again; the navbar follows", async ({ page }) => {
    const account = { name: "Nora Nail", email: uniqueEmail(), password: "nails-and-screws" };
    await signUpThroughPage(page, account);
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Dashboard" })).toBeVisible();
    await expect.poll(() => accessToken(page)).toMatch(/^ey/);
    await expectNoHorizontalScroll(page);

    await nav.getByRole("button", { name: "Log Out" }).click();
    await expect(nav.getByRole("link", { name: "Login" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveCount(0);
    expect(await accessToken(page)).toBeNull();

    await nav.getByRole("link", { name: "Login" }).click();
    await logInThroughPage(page, account.email, account.password);
    await expect(nav.getByRole("button", { name: "Log Out" })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    await page.reload();
    await expect(nav.getByRole("button", { name: "Log Out" })).toBeVisible();
  });

  test("after sign-up the shop asks to confirm the address, sends the link again, and stops asking once opened", async ({
    page,
  }) => {
    const account = { name: "Cora Confirm", email: uniqueEmail(), password: "confirm-me-please" };
    await signUpThroughPage(page, account);

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).click();
    const notice = page.getByRole("region", { name: "Check your mail" });
    await expect(notice).toContainText(`We sent a link to ${account.email}`);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    await notice.getByRole("button", { name: "Send the link again" }).click();
    await expect(notice.getByText("We sent a new link: it may take a minute to arrive.")).toBeVisible();
    await expect.poll(async () => (await mailsTo(account.email)).length).toBe(2);

    await page.goto(await latestMailLink(account.email));
    await expect(page).toHaveURL(/\/dashboard\?address=confirmed$/);
    await expect(page.getByText("Signed in as Cora Confirm")).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Your address is confirmed." })).toBeVisible();
    await expect(notice).toHaveCount(0);
  });

  test("shows each field's rule beside it, and the provider's message in red", async ({ page, consoleErrors }) => {
    consoleErrors.allow(/status of 401/);
    await page.goto("/login");
    await expect(page.getByRole("heading", { level: 1, name: "Login" })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expect(page.getByText("Email is Required")).toBeVisible();
    await expect(page.getByText("Password is Required")).toBeVisible();

    await page.getByLabel("Email").fill("first.last@company");
    await page.getByLabel("Password").fill("12345");
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expect(page.getByText("Provide a Valid Email")).toBeVisible();
    await expect(page.getByText("Must be 6 Characters Or Longer")).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");

    await page.getByLabel("Email").fill(uniqueEmail("stranger"));
    await page.getByLabel("Password").fill("wrong-password");
    await page.getByRole("button", { name: "Login", exact: true }).click();
    const providerMessage = page.getByRole("alert").filter({ hasText: "Invalid email or password" });
    await expect(providerMessage).toBeVisible();
    await expect(providerMessage).toHaveClass(/text-error/);

    await page.goto("/signup");
    await expectAccessible(page);
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page.getByText("Name is Required")).toBeVisible();
  });

  test("resets a forgotten password through the mailed link and logs in with the new one", async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(/status of 401/);
    const account = { name: "Reset Rita", email: uniqueEmail("rita"), password: "old-password-1" };
    await signUpThroughPage(page, account);
    await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Log Out" }).click();

    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Reset Password" })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByText("Please Enter your Email Address")).toBeVisible();
    await page.getByLabel("Email").fill(account.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Sent email" })).toBeVisible();
    await expect(page.locator(".Toastify").getByText("Sent email", { exact: true })).toBeVisible();

    await expect.poll(() => latestMailLink(account.email)).toContain("/api/auth/reset-password/");
    await page.goto(await latestMailLink(account.email));
    await expect(page).toHaveURL(/\/resetpassword\?token=/);
    await page.getByLabel("New password").fill("new-password-2");
    await page.getByRole("button", { name: "Change password" }).click();
    await page.getByRole("link", { name: "Login with your new password" }).click();

    await logInThroughPage(page, account.email, account.password);
    await expect(page.getByText("Invalid email or password")).toBeVisible();
    await logInThroughPage(page, account.email, "new-password-2");
    await expect(page.getByRole("button", { name: "Log Out" })).toBeVisible();
  });

  test("signs in with Google (a local OpenID Connect provider standing in for it)", async ({ page, baseURL }) => {
    const email = uniqueEmail("google");
    await page.goto("/login");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await page.locator('input[name="login"]').fill(email);
    await page.locator('input[name="password"]').fill("anything");
    await page.getByRole("button", { name: "Sign-in" }).click();
    await page.getByRole("button", { name: "Continue" }).click();
    // Back on the shop's home page, from the provider's own pages.
    await expect(page).toHaveURL(`${baseURL}/`);
    await expect(page.getByRole("button", { name: "Log Out" })).toBeVisible();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).click();
    await expect(page.getByText(`Signed in as Grace Google`)).toBeVisible();
    await expect.poll(() => accessToken(page)).toMatch(/^ey/);
  });

  test("a signed-out visit to a dashboard page goes through /login and comes back", async ({ page }) => {
    const account = { name: "Back Again", email: uniqueEmail("back"), password: "come-back-1" };
    await signUpThroughPage(page, account);
    await page.getByRole("button", { name: "Log Out" }).click();
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Login" })).toBeVisible();

    await page.goto("/dashboard/myprofile");
    await expect(page).toHaveURL(/\/login$/);
    await logInThroughPage(page, account.email, account.password);
    await expect(page).toHaveURL(/\/dashboard\/myprofile$/);
    await expect(page.getByRole("heading", { level: 1, name: "My Profile" })).toBeVisible();
    const drawer = await dashboardMenu(page);
    for (const item of ["My Orders", "My Review", "Add Review", "My Profile", "Update Profile"]) {
      await expect(drawer.getByRole("link", { name: item, exact: true })).toBeAttached();
    }
    await expect(drawer.getByRole("link", { name: "All Users" })).toHaveCount(0);
  });

  test("a customer opening an admin page is signed out and sent to /login", async ({ page }) => {
    await signUpThroughPage(page, { name: "Curious Carl", email: uniqueEmail("carl"), password: "curious-1" });
    await page.goto("/dashboard/users");
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Login" })).toBeVisible();
    expect(await accessToken(page)).toBeNull();
  });

  test("an admin sees All Users, Add Product and Manage Product, and not the customer items", async ({ page }) => {
    await page.goto("/login");
    await logInThroughPage(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    const drawer = await dashboardMenu(page);
    for (const item of ["Overview", "All Users", "Add Product", "Manage Product", "My Profile", "Update Profile"]) {
      await expect(drawer.getByRole("link", { name: item, exact: true })).toBeAttached();
    }
    for (const item of ["My Orders", "My Review", "Add Review"]) {
      await expect(drawer.getByRole("link", { name: item, exact: true })).toHaveCount(0);
    }
    await page.goto("/dashboard/users");
    await expect(page.getByRole("heading", { level: 1, name: "All Users" })).toBeVisible();
    await expectAccessible(page);
  });
});
