import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { expect, type Page } from "@playwright/test";

/** A mail as the e2e server's outbox folder keeps it (no SMTP_URL in the e2e run): quoted-printable undone. */
interface OutboxMail {
  subject: string;
  raw: string;
}

/** Every mail to `to` in the server's outbox folder, oldest first. */
export async function mailsTo(to: string, dataDir = process.env.E2E_DATA_DIR ?? ""): Promise<OutboxMail[]> {
  const outbox = path.join(dataDir, "outbox");
  const files = (await readdir(outbox).catch(() => [] as string[])).filter((file) => file.endsWith(`${to}.eml`)).sort();
  return Promise.all(
    files.map(async (file) => {
      const raw = (await readFile(path.join(outbox, file), "utf8")).replace(/=\r?\n/g, "").replace(/=3D/g, "=");
      // A long header goes on over several lines, each continuation starting with a space.
      const subject = raw.replace(/\r?\n[ \t]+/g, " ").match(/^Subject: (.*)$/m)?.[1] ?? "";
      return { subject, raw };
    }),
  );
}

/** The first link of the newest mail to `to`. */
export async function latestMailLink(to: string, dataDir?: string): Promise<string> {
  const newest = (await mailsTo(to, dataDir)).at(-1);
  return newest?.raw.match(/https?:\/\/[^\s"<>]+/)?.[0] ?? "";
}

/**
 * Opens the confirmation link mailed to `to` in `page`, as its owner would: until then the shop holds every
 * other mail to the address (docs/decisions/028-mail-held-until-confirmed.md).
 */
export async function confirmAddress(page: Page, to: string, dataDir?: string): Promise<void> {
  await expect.poll(() => latestMailLink(to, dataDir)).toContain("/api/auth/verify-email");
  const confirmed = await page.request.get(await latestMailLink(to, dataDir));
  expect(confirmed.status()).toBeLessThan(400);
}
