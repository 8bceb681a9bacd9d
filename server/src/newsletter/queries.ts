import type { Database } from "../db/client.js";
import { newsletterSubscribers } from "./tables.js";

/** Stores the address once: subscribing twice is harmless. */
export async function subscribe(db: Database, email: string): Promise<void> {
  await db.insert(newsletterSubscribers).values({ email }).onConflictDoNothing();
}
