import type { Role } from "@forgeline/contract";
import { and, asc, count, eq, ne } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { users } from "../db/schema.js";

/** Makes sure the shop knows the account; a new one starts as a customer. Answers its role. */
export async function ensureUser(db: Database, email: string): Promise<Role> {
  await db.insert(users).values({ email }).onConflictDoNothing();
  const [user] = await db.select({ role: users.role }).from(users).where(eq(users.email, email));
  return user?.role ?? "customer";
}

/** Makes the account an admin, creating its record if needed. Answers how many records changed. */
export async function makeAdmin(db: Database, email: string): Promise<number> {
  const inserted = await db.insert(users).values({ email, role: "admin" }).onConflictDoNothing().returning();
  if (inserted.length > 0) return 1;
  const updated = await db
    .update(users)
    .set({ role: "admin" })
    .where(and(eq(users.email, email), ne(users.role, "admin")))
    .returning({ id: users.id });
  return updated.length;
}

export async function findRole(db: Database, email: string): Promise<Role | undefined> {
  const [user] = await db.select({ role: users.role }).from(users).where(eq(users.email, email));
  return user?.role;
}

export async function listUsers(db: Database, page: { limit: number; offset: number }) {
  const [rows, [total]] = await Promise.all([
    db.select().from(users).orderBy(asc(users.createdAt), asc(users.id)).limit(page.limit).offset(page.offset),
    db.select({ value: count() }).from(users),
  ]);
  return {
    items: rows.map((row) => ({ _id: row.id, email: row.email, role: row.role })),
    total: total?.value ?? 0,
  };
}
