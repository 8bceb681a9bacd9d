import { and, desc, eq, or } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { type SavedListRow, type StoredListLine, savedLists } from "./tables.js";

export async function insertList(
  db: Database,
  list: { userEmail: string; companyId: string | null; name: string; lines: StoredListLine[] },
): Promise<string> {
  const [row] = await db.insert(savedLists).values(list).returning({ id: savedLists.id });
  if (!row) throw new Error("the list was not stored");
  return row.id;
}

export async function findList(db: Database, id: string): Promise<SavedListRow | undefined> {
  const [row] = await db.select().from(savedLists).where(eq(savedLists.id, id));
  return row;
}

/** The caller's own lists and those shared with their company, newest change first. */
export function listsFor(db: Database, email: string, companyId: string | undefined): Promise<SavedListRow[]> {
  const own = eq(savedLists.userEmail, email);
  return db
    .select()
    .from(savedLists)
    .where(companyId ? or(own, eq(savedLists.companyId, companyId)) : own)
    .orderBy(desc(savedLists.updatedAt), desc(savedLists.id));
}

export async function updateList(
  db: Database,
  id: string,
  changes: Partial<Pick<SavedListRow, "name" | "companyId" | "lines">>,
): Promise<SavedListRow | undefined> {
  const [row] = await db
    .update(savedLists)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(savedLists.id, id))
    .returning();
  return row;
}

export async function deleteList(db: Database, id: string): Promise<void> {
  await db.delete(savedLists).where(and(eq(savedLists.id, id)));
}
