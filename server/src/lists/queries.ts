import type { Actor, Resource } from "@forgeline/contract";
import { and, desc, eq, or } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { HttpError } from "../http/errors.js";
import { authorize } from "../http/guard.js";
import { type SavedListRow, type StoredListLine, savedLists } from "./tables.js";

export type { SavedListRow, StoredListLine };

export const NO_SUCH_LIST = "List not found";

/** A list as `can` judges it: its maker's, and its company's only while shared (a private list is nobody else's). */
export const listResource = (row: Pick<SavedListRow, "userEmail" | "companyId">): Resource => ({
  userEmail: row.userEmail,
  companyId: row.companyId,
});

/**
 * The list if the caller may do this to it (the one question every use of a list asks: its routes, and a
 * recurring order made of it). Who may not even read it is answered as if it did not exist (404); a colleague who
 * reads a shared list but may not change it is told why (403).
 */
export async function listFor(
  db: Database,
  actor: Actor,
  id: string,
  action: "read:list" | "update:list" | "delete:list",
): Promise<SavedListRow> {
  const row = await findList(db, id);
  if (!row) throw new HttpError(404, NO_SUCH_LIST);
  authorize(actor, action, listResource(row), {
    missing: NO_SUCH_LIST,
    seeing: "read:list",
    forbidden: "Only who made this list, or an owner of the company, may change it",
  });
  return row;
}

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
