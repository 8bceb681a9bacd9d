import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Config } from "../config.js";

/**
 * AUTH_SECRET, or outside production one generated on the first start and kept in DATA_DIR, so that
 * sessions survive a restart without anyone having to invent a secret for a local run.
 */
export async function resolveAuthSecret(config: Config): Promise<string> {
  if (config.authSecret) return config.authSecret;
  if (config.nodeEnv === "production") throw new Error("AUTH_SECRET is required in production");
  const file = path.join(config.dataDir, "auth-secret");
  const existing = await readFile(file, "utf8").catch(() => "");
  if (existing.trim().length >= 32) return existing.trim();
  const secret = randomBytes(32).toString("hex");
  await mkdir(config.dataDir, { recursive: true });
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}
