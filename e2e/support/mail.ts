import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

/** The first link of the newest mail to `to` in the server's outbox (no SMTP_URL in the e2e run). */
export async function latestMailLink(to: string, dataDir = process.env.E2E_DATA_DIR ?? ""): Promise<string> {
  const outbox = path.join(dataDir, "outbox");
  const files = (await readdir(outbox).catch(() => [] as string[])).filter((file) => file.endsWith(`${to}.eml`)).sort();
  const newest = files.at(-1);
  if (!newest) return "";
  const raw = (await readFile(path.join(outbox, newest), "utf8")).replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  return raw.match(/https?:\/\/[^\s"<>]+/)?.[0] ?? "";
}
