import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { expect, type Page } from "@playwright/test";

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

/** The first link of the newest mail to `to` in the server's outbox (no SMTP_URL in the e2e run). */
export async function latestMailLink(to: string, dataDir = process.env.E2E_DATA_DIR ?? ""): Promise<string> {
  const outbox = path.join(dataDir, "outbox");
  const files = (await readdir(outbox).catch(() => [] as string[])).filter((file) => file.endsWith(`${to}.eml`)).sort();
  const newest = files.at(-1);
  if (!newest) return "";
  const raw = (await readFile(path.join(outbox, newest), "utf8")).replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  return raw.match(/https?:\/\/[^\s"<>]+/)?.[0] ?? "";
}

/** The dashboard's drawer: always open on a desktop; on a phone it opens from its toggle. */
export async function dashboardMenu(page: Page) {
  const drawer = page.getByRole("navigation", { name: "Dashboard" });
  await expect(page.getByText("Signed in as")).toBeVisible();
  if (!(await drawer.isVisible())) await page.getByRole("button", { name: "Menu", exact: true }).click();
  await expect(drawer).toBeVisible();
  return drawer;
}

/** A real PNG picture, drawn by the browser itself, for the upload fields. */
export async function pngPicture(
  page: Page,
  colour = "#0f766e",
): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const dataUrl = await page.evaluate((fill) => {
    const canvas = document.createElement("canvas");
    canvas.width = 96;
    canvas.height = 96;
    const context = canvas.getContext("2d");
    if (context) {
      context.fillStyle = fill;
      context.fillRect(0, 0, 96, 96);
    }
    return canvas.toDataURL("image/png");
  }, colour);
  return { name: "picture.png", mimeType: "image/png", buffer: Buffer.from(dataUrl.split(",")[1] ?? "", "base64") };
}

/** Orders a product through the catalogue and the order modal, as a signed-in customer would. */
export async function orderThroughPage(page: Page, productName: string, quantity: number) {
  await openOrderModal(page, productName);
  const modal = page.getByRole("dialog", { name: productName });
  await modal.getByLabel(/Quantity/).fill(String(quantity));
  await modal.getByLabel("Phone").fill("5550103000");
  await modal.getByLabel("Delivery address").fill("7 Factory Road, Springfield");
  await modal.getByRole("button", { name: "Place order" }).click();
  await expect(modal).toHaveCount(0);
}

/** /orderdetails for a tool, found by name through the API (it may sit on any catalogue page). */
export async function openOrderModal(page: Page, productName: string) {
  const response = await page.request.get("/api/product?limit=100");
  const product = ((await response.json()) as { _id: string; name: string }[]).find((p) =>
    p.name.includes(productName),
  );
  if (!product) throw new Error(`${productName} is not in the catalogue`);
  await page.goto(`/orderdetails?productId=${product._id}`);
  await expect(page.getByRole("dialog", { name: product.name })).toBeVisible();
}
