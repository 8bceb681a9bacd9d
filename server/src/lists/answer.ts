import { type Actor, can, LIST_ACTIONS, type Resource, type SavedList } from "@forgeline/contract";
import type { Database } from "../db/client.js";
import { HttpError } from "../http/errors.js";
import { authorize } from "../http/guard.js";
import { toolsBySku } from "./lines.js";
import { findList } from "./queries.js";
import type { SavedListRow } from "./tables.js";

export const NO_SUCH_LIST = "List not found";

/** A list as `can` judges it: its maker's, and its company's only while shared (a private list is nobody else's). */
export const listResource = (row: Pick<SavedListRow, "userEmail" | "companyId">): Resource => ({
  userEmail: row.userEmail,
  companyId: row.companyId,
});

/**
 * The list if the caller may do this to it. Who may not even read it is answered as if it did not exist (404);
 * a colleague who reads a shared list but may not change it is told why (403).
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

/** Lists as the wire shows them, each line with its tool as it is now. */
export async function listsJson(db: Database, actor: Actor, rows: readonly SavedListRow[]): Promise<SavedList[]> {
  const tools = await toolsBySku(
    db,
    rows.flatMap((row) => row.lines),
  );
  return rows.map((row) => ({
    _id: row.id,
    name: row.name,
    shared: row.companyId !== null,
    userEmail: row.userEmail,
    companyId: row.companyId,
    updatedAt: row.updatedAt.toISOString(),
    lines: row.lines.map((line) => {
      const tool = tools.get(line.sku);
      return {
        sku: line.sku,
        quantity: line.quantity,
        name: tool?.name ?? null,
        productId: tool?.id ?? null,
        forSale: Boolean(tool && !tool.archivedAt),
      };
    }),
    actions: LIST_ACTIONS.filter((action) => can(actor, action, listResource(row))),
  }));
}

export async function listJson(db: Database, actor: Actor, row: SavedListRow): Promise<SavedList> {
  const [json] = await listsJson(db, actor, [row]);
  return json as SavedList;
}
