import { CART_IMPORT_LIMITS, type CartFillRow, RULE_MAX_PIECES, SKU_PATTERN } from "@forgeline/contract";
import type { Database } from "../db/client.js";
import { type CsvRecord, readCsv, UnreadableCsv } from "../http/csv.js";
import { HttpError } from "../http/errors.js";
import { lineProblem } from "../ordering/order-rules.js";
import type { ProductRow } from "../product/queries/products.js";
import { CART_MAX_LINES, cartLinesOf, setCartLines } from "./queries.js";

/**
 * Filling the cart with many lines at once (docs/SELLING-TO-BUSINESSES.md, 'Quick order, CSV import and reorder'): the
 * quick order's import and "Order again". Each line is added to what the cart holds for its tool, and the sum is
 * checked against the tool (for sale, its quantity rule, its stock): good lines go in when others fail, each answered
 * by itself.
 */

/** A tool and the pieces wanted of it. */
export interface FillItem {
  product: ProductRow;
  quantity: number;
}

export type FillOutcome = { status: "added" | "error"; message: string };

const plural = (count: number) => `${count} piece${count === 1 ? "" : "s"}`;

/** Adds the items to the buyer's cart in `tx` (the buyer's locked transaction); answers what became of each. */
export async function fillCart(tx: Database, email: string, items: readonly FillItem[]): Promise<FillOutcome[]> {
  const held = new Map((await cartLinesOf(tx, email)).map((line) => [line.productId, line.quantity]));
  let lineCount = held.size;
  const changed = new Map<string, number>();
  const outcomes = items.map(({ product, quantity }): FillOutcome => {
    const before = held.get(product.id) ?? 0;
    const total = before + quantity;
    const problem = lineProblem({ product, quantity: total });
    const inCart = before > 0 ? ` (with the ${plural(before)} your cart holds already: ${total})` : "";
    if (problem) return { status: "error", message: `${problem.message}${inCart}` };
    if (before === 0 && lineCount >= CART_MAX_LINES) {
      return {
        status: "error",
        message: `A cart holds at most ${CART_MAX_LINES} tools; check out or remove one first`,
      };
    }
    if (before === 0) lineCount += 1;
    held.set(product.id, total);
    changed.set(product.id, total);
    return {
      status: "added",
      message: before > 0 ? `Added: your cart now holds ${plural(total)}` : `Added ${plural(total)}`,
    };
  });
  await setCartLines(tx, email, changed);
  return outcomes;
}

/** One row of an import as read: its line in the file, the SKU as written (upper-case) and the pieces. */
export interface ImportRow {
  row: number;
  sku: string;
  quantity: number | null;
  /** Why the row cannot be read, if it cannot. */
  problem?: string;
}

/** An upload that is refused whole (400), nothing added. */
export class ImportRefused extends Error {}

const NOT_TEXT = "This file is not text: send a CSV file or rows of SKU and quantity";

/** Whether the text holds a control character other than a line break or tab, or the mark of bytes that were not UTF-8. */
function looksBinary(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if ((code < 32 && code !== 9 && code !== 10 && code !== 13) || code === 0xfffd) return true;
  }
  return false;
}

/** The text of a `text/csv` body: UTF-8 (a byte-order mark is fine), or refused. */
export function decodeUpload(bytes: Buffer): string {
  if (bytes.length > CART_IMPORT_LIMITS.textChars) {
    throw new ImportRefused(`The file is larger than ${CART_IMPORT_LIMITS.textChars / 1024} KB`);
  }
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw new ImportRefused(NOT_TEXT);
  }
}

const HEADER_NAMES = {
  sku: ["sku", "item", "itemnumber", "partnumber", "article"],
  quantity: ["quantity", "qty", "pieces", "amount", "count"],
};

function readRecords(text: string): CsvRecord[] {
  try {
    return readCsv(text);
  } catch (error) {
    if (error instanceof UnreadableCsv) throw new ImportRefused(error.message);
    throw error;
  }
}

/**
 * The rows of an import: `,` `;` or tab between cells, a UTF-8 byte-order mark, an optional header row
 * (one naming a `sku` column; then its `quantity` column is read, else the second), quoted cells. Rows are
 * numbered by their line in the file. Text that is not text, or more rows than an import takes, is refused.
 */
export function readImport(text: string): ImportRow[] {
  if (looksBinary(text)) throw new ImportRefused(NOT_TEXT);
  const records = readRecords(text);
  const first = records[0]?.cells.map((cell) => cell.toLowerCase().replace(/[\s_#.-]/g, ""));
  const skuColumn = first?.findIndex((cell) => HEADER_NAMES.sku.includes(cell)) ?? -1;
  const header = skuColumn >= 0;
  const quantityAt = first?.findIndex((cell) => HEADER_NAMES.quantity.includes(cell)) ?? -1;
  const quantityColumn = header && quantityAt >= 0 ? quantityAt : header && skuColumn !== 1 ? 1 : header ? 0 : 1;
  const rows = header ? records.slice(1) : records;
  if (rows.length === 0) throw new ImportRefused("No rows: send one row of SKU and quantity per line");
  if (rows.length > CART_IMPORT_LIMITS.rows) {
    throw new ImportRefused(`At most ${CART_IMPORT_LIMITS.rows} rows at once; split the file`);
  }
  return rows.map(({ line, cells }) => {
    const sku = (cells[header ? skuColumn : 0] ?? "").toUpperCase();
    const written = (cells[quantityColumn] ?? "").replace(/[\s,']/g, "");
    const quantity = /^\d{1,9}$/.test(written) ? Number(written) : null;
    if (!SKU_PATTERN.test(sku)) return { row: line, sku, quantity, problem: `"${sku}" is not a SKU` };
    if (quantity === null || quantity < 1) {
      return { row: line, sku, quantity: null, problem: `The quantity must be a whole number of pieces` };
    }
    if (quantity > RULE_MAX_PIECES) {
      return { row: line, sku, quantity, problem: `Order at most ${RULE_MAX_PIECES} pieces` };
    }
    return { row: line, sku, quantity };
  });
}

/** A repeated SKU's rows as its report names them: all of them when few, else how many and the first. */
function summedNote(sku: string, group: readonly ImportRow[]): string {
  if (group.length === 1) return "";
  const named = group
    .slice(0, CART_IMPORT_LIMITS.rowsNamed)
    .map((row) => row.row)
    .join(", ");
  const more = group.length - CART_IMPORT_LIMITS.rowsNamed;
  return more > 0
    ? ` (${group.length} rows of ${sku} summed: ${named} and ${more} more)`
    : ` (rows ${named} of ${sku} summed)`;
}

/**
 * The import's report: rows that cannot be read, each by itself; the rest summed by SKU into one line
 * each, answered once at its first row (a SKU no tool has too), so that a file of one SKU on every row
 * answers one entry, not one per row naming all the others.
 */
export async function importRows(
  tx: Database,
  email: string,
  rows: readonly ImportRow[],
  bySku: ReadonlyMap<string, ProductRow>,
): Promise<CartFillRow[]> {
  const groups = new Map<string, ImportRow[]>();
  for (const row of rows) {
    if (row.problem) continue;
    const group = groups.get(row.sku);
    if (group) group.push(row);
    else groups.set(row.sku, [row]);
  }
  const piecesOf = (group: readonly ImportRow[]) => group.reduce((sum, row) => sum + (row.quantity ?? 0), 0);
  const known = [...groups.keys()].filter((sku) => bySku.has(sku));
  const outcomes = await fillCart(
    tx,
    email,
    known.map((sku) => ({ product: bySku.get(sku) as ProductRow, quantity: piecesOf(groups.get(sku) ?? []) })),
  );
  const outcomeOf = new Map(known.map((sku, index) => [sku, outcomes[index] as FillOutcome]));
  return rows.flatMap(({ row, sku, quantity, problem }): CartFillRow[] => {
    if (problem) return [{ row, sku, quantity, status: "error", message: problem }];
    const group = groups.get(sku) ?? [];
    if (group[0]?.row !== row) return [];
    const outcome = outcomeOf.get(sku) ?? { status: "error", message: `No tool has SKU ${sku}` };
    return [
      {
        row,
        sku,
        quantity: piecesOf(group),
        status: outcome.status,
        message: `${outcome.message}${summedNote(sku, group)}`,
        ...(group.length > 1 && {
          summed: { count: group.length, rows: group.slice(0, CART_IMPORT_LIMITS.rowsNamed).map((one) => one.row) },
        }),
      },
    ];
  });
}

/** The rows of an import's text (JSON `{ text }`, or a `text/csv` file read as it), or a 400 with nothing added. */
export function importText(text: string): ReturnType<typeof readImport> {
  try {
    return readImport(text);
  } catch (error) {
    if (error instanceof ImportRefused)
      throw new HttpError(400, error.message, [{ field: "text", message: error.message }]);
    throw error;
  }
}
