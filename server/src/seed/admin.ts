import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import type { Database } from "../db/client.js";
import { findAccount } from "../identity/queries.js";
import { findRole, makeAdmin } from "../user/queries.js";

export type SeedAdminResult = "created" | "exists" | "refused";

/**
 * The first admin (SEED_ADMIN_EMAIL): created once, verified, with its configured password. An account
 * someone else already registered under that address is never promoted ("refused"): whoever signs up
 * first with the admin's address must not become the admin.
 */
export async function ensureSeedAdmin(
  identity: FastifyInstance["identity"],
  db: Database,
  admin: { email: string; password: string },
): Promise<SeedAdminResult> {
  if (await findAccount(db, admin.email)) return (await findRole(db, admin.email)) === "admin" ? "exists" : "refused";
  // Created directly (not through sign-up), so no confirmation mail goes to an address we already trust.
  const context = await identity.$context;
  const user = await context.internalAdapter.createUser(
    {
      email: admin.email,
      name: "Shop Admin",
      emailVerified: true,
    },
    { method: "admin" },
  );
  await context.internalAdapter.linkAccount({
    userId: user.id,
    providerId: "credential",
    accountId: user.id,
    password: await context.password.hash(admin.password),
  });
  const made = await makeAdmin(db, admin.email);
  if (made !== "made-admin") throw new Error(`the seed admin could not be made an admin: ${made}`);
  return "created";
}

/**
 * The seed admin's password when none is configured (outside production): generated on the first start
 * and kept in DATA_DIR/admin-password, so nobody runs a shop with a password printed in a README.
 */
export async function localAdminPassword(dataDir: string): Promise<{ password: string; generated: boolean }> {
  const file = path.join(dataDir, "admin-password");
  const existing = (await readFile(file, "utf8").catch(() => "")).trim();
  if (existing.length >= 12) return { password: existing, generated: false };
  const password = randomBytes(12).toString("base64url");
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  return { password, generated: true };
}
