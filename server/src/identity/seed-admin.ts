import { eq } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { authUsers } from "../db/schema.js";
import { makeAdmin } from "../user/queries.js";
import type { Identity } from "./auth.js";

/** The first admin (SEED_ADMIN_EMAIL/SEED_ADMIN_PASSWORD): an account is created once, the role kept admin. */
export async function ensureSeedAdmin(
  identity: Identity,
  db: Database,
  admin: { email: string; password: string },
): Promise<boolean> {
  const [existing] = await db.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.email, admin.email));
  if (!existing) {
    await identity.api.signUpEmail({ body: { email: admin.email, password: admin.password, name: "Shop Admin" } });
  }
  await makeAdmin(db, admin.email);
  return !existing;
}
