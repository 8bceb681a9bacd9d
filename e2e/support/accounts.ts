import { expect, type Page, test } from "@playwright/test";

/** The admin the e2e server seeds (SEED_ADMIN_EMAIL / SEED_ADMIN_PASSWORD). */
export const E2E_ADMIN = { email: "owner@forgeline.test", password: "owner-password-1" } as const;

export function uniqueEmail(prefix = "buyer"): string {
  return `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
}

export async function signUpThroughPage(page: Page, account: { name: string; email: string; password: string }) {
  await page.goto("/signup");
  await page.getByLabel("Name").fill(account.name);
  await page.getByLabel("Email", { exact: true }).fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByRole("button", { name: "Log Out" })).toBeVisible();
  await expect(page).not.toHaveURL(/\/signup$/);
}

export async function logInThroughPage(page: Page, email: string, password: string) {
  // The previous page stays on screen while the login page's module loads: wait for the login form itself.
  await expect(page.getByRole("heading", { level: 1, name: "Login" })).toBeVisible();
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
}

/** A new customer's details, unique to this run. */
export function newCustomer(name = "Test Customer", prefix = "buyer") {
  return { name, email: uniqueEmail(prefix), password: `${prefix}-password-1` };
}

// Better Auth refuses a cookie-bearing call without the shop's own Origin (its CSRF check).
/**
 * Customers sign up from their own addresses, not all from this machine's: through the one proxy hop the
 * e2e server trusts (TRUST_PROXY=1), so the per-address sign-up limit counts each as a real shop would.
 */
const anotherAddress = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join(".")}`;

const sameOrigin = () => ({ origin: new URL(test.info().project.use.baseURL ?? "").origin });

/**
 * Signs a new customer up through the API into the page's browser context, for the tests that are not
 * about signing up: the next page the test opens is a signed-in one.
 */
export async function signUpThroughApi(page: Page, account = newCustomer()) {
  const response = await page.request.post("/api/auth/sign-up/email", {
    data: account,
    headers: { ...sameOrigin(), "x-forwarded-for": anotherAddress() },
  });
  expect(response.status()).toBe(200);
  await takeAccessToken(page, account.email);
  return account;
}

/** Signs an existing account in through the API into the page's browser context. */
export async function signInThroughApi(page: Page, email: string, password: string) {
  const response = await page.request.post("/api/auth/sign-in/email", {
    data: { email, password },
    // From an address of its own, as a sign-up through the API: the specs sign in far more often than a person.
    headers: { ...sameOrigin(), "x-forwarded-for": anotherAddress() },
  });
  expect(response.status()).toBe(200);
  await takeAccessToken(page, email);
}

/** The access token of the account signed in at `page`, as the pages take it, for calls a test makes itself. */
export async function bearerOf(page: Page, email: string) {
  const answer = await page.request.put(`/api/user/${encodeURIComponent(email)}`, { headers: sameOrigin() });
  expect(answer.status()).toBe(200);
  return { authorization: `Bearer ${((await answer.json()) as { token: string }).token}` };
}

/** What the pages do right after signing in: trade the identity session for the API's access token. */
async function takeAccessToken(page: Page, email: string) {
  const response = await page.request.put(`/api/user/${encodeURIComponent(email)}`, { headers: sameOrigin() });
  expect(response.status()).toBe(200);
}
