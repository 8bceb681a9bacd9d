import { type FieldError, quantityRefusal } from "@forgeline/contract";
import type { Database } from "../db/client.js";
import { type ProductRow, productsBySkus, ruleOf } from "../product/queries/products.js";
import type { StoredListLine } from "./queries.js";

/**
 * A list's lines as the shop sells today (docs/RECURRING.md, 'Saved lists'): each line names a tool for sale by
 * its SKU and keeps to that tool's quantity rule. Stock is not asked: a list is not an order.
 */

/** Why this line cannot be on a list (`field` is `sku` or `quantity`), or nothing when it can. */
export function listLineProblem(
  line: StoredListLine,
  product: ProductRow | undefined,
): { field: "sku" | "quantity"; message: string } | undefined {
  if (!product) return { field: "sku", message: `No tool has SKU ${line.sku}` };
  if (product.archivedAt)
    return { field: "sku", message: `${product.name} (${line.sku}) is no longer in the catalogue` };
  const refusal = quantityRefusal(ruleOf(product), line.quantity);
  return refusal ? { field: "quantity", message: `${product.name}: ${refusal}` } : undefined;
}

/** The tools of these lines by SKU. */
export async function toolsBySku(db: Database, lines: readonly StoredListLine[]): Promise<Map<string, ProductRow>> {
  const skus = [...new Set(lines.map((line) => line.sku))];
  return new Map((await productsBySkus(db, skus, true)).map((product) => [product.sku, product]));
}

/** Every line's problem, each naming its field (`lines.2.sku`), and a SKU on two lines at its second. */
export async function listLineErrors(db: Database, lines: readonly StoredListLine[]): Promise<FieldError[]> {
  const tools = await toolsBySku(db, lines);
  const seen = new Map<string, number>();
  return lines.flatMap((line, index): FieldError[] => {
    const first = seen.get(line.sku);
    if (first !== undefined) {
      return [{ field: `lines.${index}.sku`, message: `${line.sku} is on line ${first + 1} already: sum them there` }];
    }
    seen.set(line.sku, index);
    const problem = listLineProblem(line, tools.get(line.sku));
    return problem ? [{ field: `lines.${index}.${problem.field}`, message: problem.message }] : [];
  });
}
