import { eq } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { authUsers } from "../identity/tables.js";

/**
 * The account's name: the identity provider's user name, set at sign-up and changed with the profile.
 * Orders and reviews show this, never a name the request body brings. Empty when the account has none.
 */
export async function accountName(db: Database, email: string): Promise<string> {
  const [account] = await db.select({ name: authUsers.name }).from(authUsers).where(eq(authUsers.email, email));
  return account?.name.trim() ?? "";
}
