import { type Actor, can, LIST_ACTIONS, type SavedList } from "@forgeline/contract";
import type { Database } from "../db/client.js";
import { toolsBySku } from "./lines.js";
import { listResource, type SavedListRow } from "./queries.js";

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
