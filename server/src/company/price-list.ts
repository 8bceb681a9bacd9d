import {
  COMPANY_LIMITS,
  type ContractPrice,
  centsToDollars,
  dollarsToCents,
  type FieldError,
  type PriceListRow,
  priceListRowSchema,
  SKU_PATTERN,
} from "@forgeline/contract";
import type { Database } from "../db/client.js";
import { type CsvRecord, csvLine, readCsv, UnreadableCsv } from "../http/csv.js";
import { productsByIds, productsBySkus } from "../product/queries/products.js";
import { contractPriceList } from "./queries/prices.js";

/**
 * A company's price list (docs/SELLING-TO-BUSINESSES.md, 'Companies') as admins send it, as JSON or CSV, and as they
 * read it back. A list is checked whole: every bad row is reported by its number, and nothing is kept unless all are
 * good.
 */

/** One row as sent: its number as the admin counts it (the list's position, or the file's line) and where its field is. */
export interface PriceListEntry extends PriceListRow {
  row: number;
  /** The field a problem of this row names in the 400 (`2.sku` in a JSON list, `row 3` in a file). */
  field: string;
}

/** What is wrong with one row, with the row's number (problems are reported in the order of the rows). */
export interface RowProblem extends FieldError {
  row: number;
}

export type CheckedPriceList =
  | { kind: "ok"; prices: { productId: string; unitCents: number }[] }
  | { kind: "refused"; problems: RowProblem[] };

/** The rows of a JSON list, numbered from 1 as a person counts them. */
export const jsonEntries = (rows: readonly PriceListRow[]): PriceListEntry[] =>
  rows.map((row, index) => ({ ...row, row: index + 1, field: `${index}.sku` }));

/** Each row's tool by SKU (in any case, withdrawn tools not), and no SKU twice; else every bad row. */
export async function checkPriceList(
  db: Database,
  entries: readonly PriceListEntry[],
  earlierProblems: readonly RowProblem[] = [],
): Promise<CheckedPriceList> {
  // Only what could be a SKU is looked up; anything else names no tool either.
  const candidates = entries.map((entry) => entry.sku.toUpperCase()).filter((sku) => SKU_PATTERN.test(sku));
  const tools = new Map((await productsBySkus(db, candidates)).map((tool) => [tool.sku, tool]));
  const problems: RowProblem[] = [...earlierProblems];
  const seen = new Map<string, number>();
  const prices: { productId: string; unitCents: number }[] = [];
  for (const entry of entries) {
    const sku = entry.sku.toUpperCase();
    const tool = tools.get(sku);
    const earlier = seen.get(sku);
    const { row, field } = entry;
    if (!tool) problems.push({ row, field, message: `Row ${row}: no tool has SKU ${entry.sku}` });
    else if (earlier !== undefined)
      problems.push({ row, field, message: `Row ${row}: SKU ${sku} is in row ${earlier} already` });
    else prices.push({ productId: tool.id, unitCents: dollarsToCents(entry.unitPrice) });
    if (earlier === undefined) seen.set(sku, entry.row);
  }
  if (problems.length === 0) return { kind: "ok", prices };
  return { kind: "refused", problems: problems.sort((a, b) => a.row - b.row) };
}

/** The list as kept, by SKU: each tool's name, its contract price and its list price, in dollars. */
export async function priceListOf(db: Database, companyId: string): Promise<ContractPrice[]> {
  const prices = await contractPriceList(db, companyId);
  const tools = new Map(
    (
      await productsByIds(
        db,
        prices.map((price) => price.productId),
      )
    ).map((tool) => [tool.id, tool]),
  );
  return prices
    .flatMap((price) => {
      const tool = tools.get(price.productId);
      return tool
        ? [
            {
              sku: tool.sku,
              name: tool.name,
              unitPrice: centsToDollars(price.unitCents),
              listPrice: centsToDollars(tool.priceCents),
            },
          ]
        : [];
    })
    .sort((a, b) => a.sku.localeCompare(b.sku));
}

/** The list as a CSV file: `sku,unitPrice` first (what an upload reads), then the name and list price. */
export function priceListCsv(list: readonly ContractPrice[]): string {
  return [
    csvLine(["sku", "unitPrice", "name", "listPrice"]),
    ...list.map((price) => csvLine([price.sku, price.unitPrice, price.name, price.listPrice])),
  ].join("");
}

/** A cell a spreadsheet might have taken for a formula leaves a download with an apostrophe first. */
const defused = (cell: string) => cell.replace(/^'(?=[=+\-@])/, "");
/** Dollars as a spreadsheet writes them: 12, 12.5, 12.50, $12.50. */
const DOLLARS = /^\$?\s*(\d+(\.\d{1,2})?)$/;

/**
 * The rows of an uploaded CSV: a header naming `sku` and `unitPrice` (other columns are ignored), or none
 * (the first two columns are then the SKU and the unit price). Each row is numbered by its line in the
 * file, as a spreadsheet shows it; a row whose cells are not what their columns take is a problem (and
 * checkPriceList adds those of the SKUs, so every bad row is reported at once).
 */
export function readPriceListCsv(text: string): { entries: PriceListEntry[]; problems: RowProblem[] } {
  let records: CsvRecord[];
  try {
    records = readCsv(text);
  } catch (error) {
    if (!(error instanceof UnreadableCsv)) throw error;
    return { entries: [], problems: [{ row: error.line, field: `row ${error.line}`, message: error.message }] };
  }
  const first = records[0]?.cells.map((cell) => cell.toLowerCase().replace(/[\s_]/g, ""));
  const hasHeader = first?.includes("sku") ?? false;
  const skuColumn = hasHeader ? (first?.indexOf("sku") ?? 0) : 0;
  const priceColumn = hasHeader ? (first?.indexOf("unitprice") ?? -1) : 1;
  if (priceColumn < 0) {
    const message = "Row 1: The header row must name the columns sku and unitPrice";
    return { entries: [], problems: [{ row: 1, field: "row 1", message }] };
  }
  const rows = hasHeader ? records.slice(1) : records;
  if (rows.length > COMPANY_LIMITS.priceListRows) {
    const message = `A price list has at most ${COMPANY_LIMITS.priceListRows} rows`;
    return { entries: [], problems: [{ row: 0, field: "body", message }] };
  }
  const problems: RowProblem[] = [];
  const entries: PriceListEntry[] = [];
  for (const { line: row, cells } of rows) {
    const field = `row ${row}`;
    const priceCell = cells[priceColumn] ?? "";
    const dollars = DOLLARS.exec(priceCell)?.[1];
    if (dollars === undefined) {
      const message = `Row ${row}: the unit price must be an amount in dollars, like 12.50 (not "${priceCell}")`;
      problems.push({ row, field, message });
      continue;
    }
    const parsed = priceListRowSchema.safeParse({ sku: defused(cells[skuColumn] ?? ""), unitPrice: Number(dollars) });
    if (parsed.success) entries.push({ ...parsed.data, row, field });
    else
      problems.push(...parsed.error.issues.map((issue) => ({ row, field, message: `Row ${row}: ${issue.message}` })));
  }
  return { entries, problems };
}
