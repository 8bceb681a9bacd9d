import type { CartFillRow } from "@forgeline/contract";
import { type ImportRow, importText } from "../cart/fill.js";
import type { Database } from "../db/client.js";
import { listLineProblem, toolsBySku } from "./lines.js";
import type { StoredListLine } from "./queries.js";

export { importText };

/**
 * Rows read by quick order's reader added to a list: a SKU's rows summed and added to what the list holds of it,
 * the sum checked as a list line is (tool for sale, quantity rule). Each row is answered as quick order answers
 * it: rows that cannot be read by themselves, a SKU's group once at its first row. Answers the report and the
 * list's lines with the good rows in.
 */
export async function importToList(
  db: Database,
  current: readonly StoredListLine[],
  rows: readonly ImportRow[],
): Promise<{ report: CartFillRow[]; lines: StoredListLine[] }> {
  const groups = new Map<string, ImportRow[]>();
  for (const row of rows) {
    if (row.problem) continue;
    groups.set(row.sku, [...(groups.get(row.sku) ?? []), row]);
  }
  const tools = await toolsBySku(
    db,
    [...groups.keys()].map((sku) => ({ sku, quantity: 0 })),
  );
  const lines = new Map(current.map((line) => [line.sku, line.quantity]));
  const outcomes = new Map<string, { status: "added" | "error"; message: string; quantity: number }>();
  for (const [sku, group] of groups) {
    const pieces = group.reduce((sum, row) => sum + (row.quantity ?? 0), 0);
    const before = lines.get(sku) ?? 0;
    const total = before + pieces;
    const problem = listLineProblem({ sku, quantity: total }, tools.get(sku));
    const held = before > 0 ? ` (with the ${before} the list holds already: ${total})` : "";
    if (problem) {
      outcomes.set(sku, { status: "error", message: `${problem.message}${held}`, quantity: pieces });
      continue;
    }
    lines.set(sku, total);
    outcomes.set(sku, {
      status: "added",
      message: before > 0 ? `Added: the list now holds ${total} pieces` : `Added ${total} pieces`,
      quantity: pieces,
    });
  }
  const report = rows.flatMap(({ row, sku, quantity, problem }): CartFillRow[] => {
    if (problem) return [{ row, sku, quantity, status: "error", message: problem }];
    const group = groups.get(sku) ?? [];
    if (group[0]?.row !== row) return [];
    const outcome = outcomes.get(sku);
    if (!outcome) return [];
    const summed = group.length > 1 ? ` (rows ${group.map((one) => one.row).join(", ")} of ${sku} summed)` : "";
    return [{ row, sku, quantity: outcome.quantity, status: outcome.status, message: `${outcome.message}${summed}` }];
  });
  return { report, lines: [...lines].map(([sku, quantity]) => ({ sku, quantity })) };
}
