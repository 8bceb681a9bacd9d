import { eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { renameAccount } from "../identity/queries.js";
import { profiles } from "./tables.js";

export type ProfileRow = typeof profiles.$inferSelect;
export type ProfileFields = Omit<typeof profiles.$inferInsert, "id" | "email" | "updatedAt">;

/** The account's profile, as a list of at most one. */
export function profilesOf(db: Database, email: string): Promise<ProfileRow[]> {
  return db.select().from(profiles).where(eq(profiles.email, email));
}

/**
 * Creates or updates the account's one profile; answers its id. The profile's name is the account's
 * display name too (docs/SPEC-CONFORMANCE.md §7: profile name update), so both change in one transaction.
 */
export async function saveProfile(db: Database, email: string, fields: ProfileFields): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    await renameAccount(tx, email, fields.name);
    const [row] = await tx
      .insert(profiles)
      .values({ ...fields, email })
      .onConflictDoUpdate({ target: profiles.email, set: { ...fields, updatedAt: sql`now()` } })
      .returning({ id: profiles.id });
    return row?.id;
  });
}

/** The profiles showing the picture at this address, as a subquery for `exists()` (the upload sweep). */
export function profilesShowing(db: Database, pictureUrl: SQL) {
  return db.select({ id: profiles.id }).from(profiles).where(eq(profiles.image, pictureUrl));
}
